/**
 * Lighthouse's accessibility score of every screen, on a desktop and on a phone:
 *   pnpm build && pnpm serve      (in one terminal)
 *   pnpm lighthouse:a11y          (in another; or pass the site's address)
 * Each screen is reached as a user would (Playwright) and audited where it stands
 * (Lighthouse's snapshot mode, through puppeteer on the same browser). Prints one score per
 * screen and the failing audits; exits with 1 when a screen scores under 100.
 */
import type { BrowserContext, Page } from '@playwright/test';
import { snapshot } from 'lighthouse';
import type { Browser as PuppeteerBrowser } from 'puppeteer-core';
import { withLighthouseBrowser } from './lighthouse-browser';

const baseUrl = process.argv[2] ?? 'http://localhost:3000';
const DEBUGGING_PORT = 9333;

const settled = (page: Page) =>
  page.waitForFunction(() =>
    document.getAnimations().every((animation) => animation.playState !== 'running'),
  );

async function audit(
  puppet: PuppeteerBrowser,
  page: Page,
  screen: string,
  formFactor: 'desktop' | 'mobile',
): Promise<boolean> {
  await page.mouse.move(0, 0);
  await settled(page);
  const url = page.url();
  const target = (await puppet.pages()).find((candidate) => candidate.url() === url);
  if (!target) throw new Error(`puppeteer does not see ${url}`);
  const result = await snapshot(target, {
    config: {
      extends: 'lighthouse:default',
      settings: {
        onlyCategories: ['accessibility'],
        screenEmulation: { disabled: true },
        formFactor,
      },
    },
  });
  const category = result?.lhr.categories.accessibility;
  if (!result || !category) throw new Error(`no accessibility result for ${screen}`);
  const weighted = new Set(category.auditRefs.filter((ref) => ref.weight > 0).map((ref) => ref.id));
  const failing = Object.values(result.lhr.audits)
    .filter((entry) => weighted.has(entry.id) && entry.score !== null && entry.score < 1)
    .map((entry) => entry.id);
  const score = Math.round((category.score ?? 0) * 100);
  console.log(
    `${formFactor.padEnd(8)} ${screen.padEnd(28)} ${score}${failing.length ? `  failing: ${failing.join(', ')}` : ''}`,
  );
  return score === 100;
}

async function walk(
  context: BrowserContext,
  puppet: PuppeteerBrowser,
  formFactor: 'desktop' | 'mobile',
) {
  const outcomes: boolean[] = [];
  const page = await context.newPage();
  const check = async (on: Page, screen: string) =>
    outcomes.push(await audit(puppet, on, screen, formFactor));

  await page.goto(`${baseUrl}/auth`);
  const signInButton = page.getByRole('button', { name: 'Sign in with Google' });
  await signInButton.waitFor();
  await page.waitForFunction(() => !document.querySelector('button[disabled]'));
  await check(page, 'sign-in');
  const popupOpened = page.waitForEvent('popup');
  await signInButton.click();
  const popup = await popupOpened;
  await popup.getByRole('heading', { name: 'Choose an account' }).waitFor();
  await check(popup, 'account chooser');
  // The chooser closes itself as it answers.
  await popup
    .getByRole('button', { name: 'Continue' })
    .click()
    .catch(() => undefined);
  await page.getByRole('heading', { name: /^Good (Morning|Afternoon|Evening)$/ }).waitFor();
  await page.getByRole('region', { name: 'Queue' }).getByRole('button').first().waitFor();
  await check(page, 'Home');

  await page.getByRole('tab', { name: 'Music' }).click();
  const table = page.getByRole('table', { name: 'Library' });
  await table.getByRole('rowheader').first().waitFor();
  await check(page, 'Music');
  await page.getByRole('button', { name: 'Add Music' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Music' });
  await dialog.getByRole('textbox', { name: 'Title' }).waitFor();
  await check(page, 'Add Music › Manual Entry');
  for (const tab of ['Web Scraping', 'Jamendo API']) {
    await dialog.getByRole('tab', { name: tab }).click();
    await dialog.getByRole('tabpanel', { name: tab }).waitFor();
    await check(page, `Add Music › ${tab}`);
  }
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await dialog.waitFor({ state: 'hidden' });
  await table.getByRole('rowheader').first().click();
  await page.getByRole('dialog', { name: 'Edit Music' }).waitFor();
  await check(page, 'Edit Music');
  await page.keyboard.press('Escape');
  await page.getByRole('dialog', { name: 'Edit Music' }).waitFor({ state: 'hidden' });

  await page.getByRole('tab', { name: 'Settings' }).click();
  await page.getByRole('tabpanel', { name: 'Preferences' }).waitFor();
  await check(page, 'Settings › Preferences');
  await page.getByRole('tab', { name: 'About' }).click();
  await page.getByRole('region', { name: 'About' }).waitFor();
  await check(page, 'Settings › About');
  await page.getByRole('button', { name: 'Account' }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).waitFor();
  await check(page, 'the account menu');
  await page.keyboard.press('Escape');
  if (formFactor === 'mobile') {
    await page.getByRole('button', { name: 'Show the whole player' }).click();
    await page.getByRole('slider', { name: 'Seek' }).waitFor();
    await check(page, 'the whole player');
  }
  return outcomes.every(Boolean);
}

const allPerfect = await withLighthouseBrowser(DEBUGGING_PORT, async (browser, puppet) => {
  let perfect = true;
  for (const formFactor of ['desktop', 'mobile'] as const) {
    const context = await browser.newContext(
      formFactor === 'mobile'
        ? { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true }
        : { viewport: { width: 1280, height: 800 } },
    );
    if (!(await walk(context, puppet, formFactor))) perfect = false;
    await context.close();
  }
  return perfect;
});
process.exitCode = allPerfect ? 0 : 1;
