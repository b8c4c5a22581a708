import type { Locator, Page } from '@playwright/test';
import { loadPublicEnv } from '@loofi/tooling/config';
import { THEME_TYPES } from '@loofi/contracts';
import { APP_URLS } from './support/apps';
import { expect, openDashboard, test } from './support/fixtures';

/** The configuration the builds were made with, for the links the About panel shows. */
const config = loadPublicEnv();

const FAILURE = 'An error occured while copying the text. Please try again.';
const BACKDROP_BUDGET_BYTES = 150 * 1024;

const backdrop = (page: Page) => page.getByTestId('theme-backdrop');
const themes = (page: Page) => page.getByRole('region', { name: 'Themes' });
const themeButton = (page: Page, type: string) =>
  themes(page).getByRole('button', { name: type, exact: true });

async function openSettings(page: Page) {
  await openDashboard(page);
  await page.getByRole('tab', { name: 'Settings' }).click();
  await expect(page.getByRole('tabpanel', { name: 'Preferences' })).toBeVisible();
}

async function openThemes(page: Page) {
  await page.getByRole('button', { name: 'Themes' }).click();
  await expect(themeButton(page, 'Default')).toBeVisible();
}

async function openAbout(page: Page) {
  await page.getByRole('tab', { name: 'About' }).click();
  return page.getByRole('tabpanel', { name: 'About' });
}

/** The image URL the shell's backdrop draws. */
async function backdropUrl(locator: Locator): Promise<string> {
  const image = await locator.evaluate((element) => getComputedStyle(element).backgroundImage);
  const match = /url\("([^"]+)"\)/.exec(image);
  expect(match, `a backdrop image in ${image}`).not.toBeNull();
  return match![1]!;
}

// Each test opens a dashboard of its own: they may share the workers (the end of the run).
test.describe.configure({ mode: 'parallel' });

test('Settings has vertical Preferences and About tabs', async ({ page }) => {
  await openSettings(page);
  const sections = page.getByRole('tablist', { name: 'Settings sections' });
  await expect(sections).toHaveAttribute('aria-orientation', 'vertical');
  await expect(sections.getByRole('tab')).toHaveText(['Preferences', 'About']);
  const about = await openAbout(page);
  await expect(about.getByRole('region', { name: 'About' })).toContainText('loofi 1.0.0-beta');
  await expect(page.getByRole('tabpanel', { name: 'Preferences' })).toBeHidden();
});

test('each theme sets the backdrop and keeps it across a reload; Default clears it', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await openSettings(page);
  await expect(backdrop(page)).toHaveCount(0);
  const seen = new Set<string>();

  for (const type of THEME_TYPES.filter((theme) => theme !== 'Default')) {
    await openThemes(page);
    await themeButton(page, type).click();
    await expect(themeButton(page, type)).toHaveAttribute('aria-pressed', 'true');
    await expect(backdrop(page)).toHaveAttribute('data-theme', type);
    const url = await backdropUrl(backdrop(page));
    expect(new URL(url).origin, 'the image comes from the Settings remote').toBe(APP_URLS.settings);
    seen.add(url);
    const response = await page.request.get(url);
    expect(response.ok()).toBe(true);
    expect(response.headers()['content-type']).toContain('image/svg+xml');
    expect((await response.body()).byteLength).toBeLessThanOrEqual(BACKDROP_BUDGET_BYTES);

    await page.reload();
    await expect(backdrop(page)).toHaveAttribute('data-theme', type);
    expect(await backdropUrl(backdrop(page))).toBe(url);
  }
  expect(seen.size, 'every theme has its own picture').toBe(7);

  await openThemes(page);
  await themeButton(page, 'Default').click();
  await expect(backdrop(page)).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('tabpanel', { name: 'Preferences' })).toBeVisible();
  await expect(backdrop(page)).toHaveCount(0);
  await openThemes(page);
  await expect(themeButton(page, 'Default')).toHaveAttribute('aria-pressed', 'true');
});

test('a backdrop stored by an earlier release is moved to this release’s image', async ({
  page,
}) => {
  await openDashboard(page);
  const stale = `${APP_URLS.settings}/static/media/forest.00000000.svg`;
  await page.evaluate(
    (url) => localStorage.setItem('theme-session', JSON.stringify({ type: 'Forest', url })),
    stale,
  );
  await page.reload();
  await expect(backdrop(page)).toHaveAttribute('data-theme', 'Forest');
  expect(await backdropUrl(backdrop(page))).toBe(stale);

  await page.getByRole('tab', { name: 'Settings' }).click();
  await expect.poll(() => backdropUrl(backdrop(page))).not.toBe(stale);
  const current = await backdropUrl(backdrop(page));
  expect((await page.request.get(current)).ok()).toBe(true);
  const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('theme-session')!));
  expect(stored).toEqual({ type: 'Forest', url: current });
});

test('the two switches start on and keep their state across a reload', async ({ page }) => {
  await openSettings(page);
  const resume = page.getByRole('switch', { name: 'Continue where you left off' });
  const autoPlay = page.getByRole('switch', { name: 'Automatically play another music' });
  await expect(resume).toBeChecked();
  await expect(autoPlay).toBeChecked();

  await resume.click();
  await autoPlay.click();
  await expect(resume).not.toBeChecked();
  await page.reload();
  await expect(resume).not.toBeChecked();
  await expect(autoPlay).not.toBeChecked();

  await autoPlay.focus();
  await page.keyboard.press('Space');
  await expect(autoPlay).toBeChecked();
  await page.reload();
  await expect(resume).not.toBeChecked();
  await expect(autoPlay).toBeChecked();
});

test('what focus breaks do to the music and the chime keep their choice across a reload', async ({
  page,
}) => {
  await openSettings(page);
  const breaks = page.getByRole('radiogroup', { name: 'During breaks' });
  const chime = page.getByRole('switch', { name: 'Chime at each phase change' });
  await expect(breaks.getByRole('radio', { name: 'Lower the music' })).toBeChecked();
  await expect(chime).toBeChecked();

  await breaks.getByRole('radio', { name: 'Pause the music' }).click();
  await chime.click();
  await page.reload();
  await expect(breaks.getByRole('radio', { name: 'Pause the music' })).toBeChecked();
  await expect(chime).not.toBeChecked();

  await breaks.getByRole('radio', { name: 'Pause the music' }).focus();
  await page.keyboard.press('ArrowDown');
  await expect(breaks.getByRole('radio', { name: 'Keep playing' })).toBeChecked();
  await page.reload();
  await expect(breaks.getByRole('radio', { name: 'Keep playing' })).toBeChecked();
});

test('copy says Copied, puts the version on the clipboard, and resets after 5 s', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.clock.install();
  await openSettings(page);
  const about = await openAbout(page);
  const copy = about.getByRole('button', { name: 'Copy to Clipboard' });
  const tooltip = (text: string) => page.getByRole('tooltip', { name: text, exact: true });
  await copy.hover();
  await expect(tooltip('Copy to Clipboard')).toBeVisible();
  await expect(copy).toHaveAccessibleDescription('Copy to Clipboard');

  // From here on time moves only when the test says so.
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000);
  await copy.click();
  await expect(tooltip('Copied')).toBeVisible();
  await expect(copy).toHaveAccessibleDescription('Copied');
  await expect(about.getByRole('status')).toHaveText('Copied');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('loofi 1.0.0-beta');

  await page.clock.runFor(4999);
  await expect(copy).toHaveAccessibleDescription('Copied');
  await page.clock.runFor(1);
  await expect(copy).toHaveAccessibleDescription('Copy to Clipboard');
  await expect(tooltip('Copied')).toHaveCount(0);
  await expect(about.getByRole('status')).toHaveText('');
});

test('copy says so when the clipboard refuses the text', async ({ page }) => {
  await page.addInitScript(() => {
    navigator.clipboard.writeText = () =>
      Promise.reject(new DOMException('Write permission denied.', 'NotAllowedError'));
  });
  await openSettings(page);
  const about = await openAbout(page);
  const copy = about.getByRole('button', { name: 'Copy to Clipboard' });
  await copy.click();
  await expect(page.getByRole('tooltip', { name: FAILURE })).toBeVisible();
  await expect(copy).toHaveAccessibleDescription(FAILURE);
  await expect(about.getByRole('status')).toHaveText(FAILURE);
});

test('About links the helpful resources in new tabs and states privacy and licence', async ({
  page,
}) => {
  await openSettings(page);
  const about = await openAbout(page);
  for (const [name, href] of [
    ['Submit Feedback', config.links.feedback],
    ['Change Log', config.links.changelog],
    ['Contributors', config.links.contributors],
  ] as const) {
    const link = about.getByRole('link', { name, exact: true });
    await expect(link).toHaveAttribute('href', href);
    await expect(link).toHaveAttribute('target', '_blank');
    await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  }
  await expect(about.getByRole('region', { name: 'Privacy Policy' })).toContainText(
    'anonymous, non-personal data',
  );
  await expect(about.getByRole('region', { name: 'License' })).toContainText('MIT License');
});

test('the keyboard focus is a solid ring on the theme choices and the switches', async ({
  page,
}) => {
  await openSettings(page);
  await openThemes(page);
  const ring = (locator: Locator) =>
    locator.evaluate((element) => {
      const style = getComputedStyle(element);
      return `${style.outlineStyle} ${style.outlineWidth}`;
    });
  await page.keyboard.press('Tab');
  await expect(themeButton(page, 'Default')).toBeFocused();
  expect(await ring(themeButton(page, 'Default'))).toBe('solid 2px');
  const autoPlay = page.getByRole('switch', { name: 'Automatically play another music' });
  await autoPlay.focus();
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Tab');
  await expect(autoPlay).toBeFocused();
  // The ring is drawn on the switch's round button around the (hidden) input.
  expect(await ring(autoPlay.locator('xpath=..'))).toBe('solid 2px');
});
