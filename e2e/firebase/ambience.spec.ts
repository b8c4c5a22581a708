import { ambiencePanel, ambienceSlider, openAmbiencePanel } from '../support/ambience-page';
import { listenToOutput, outputLevel } from '../support/output-probe';
import { expect, openDashboard, test } from './site';
import type { FirebaseSite } from './site';

/** Where the Firebase backend keeps the owner's ambience settings (loofi-ambience/{uid}). */
const AMBIENCE_COLLECTION = 'loofi-ambience';

/** The owner's document, once it holds these layers (Rain … Brown noise) and saved mixes. */
async function expectKept(site: FirebaseSite, levels: string, saved: string[]) {
  await expect
    .poll(async () => (await site.emulators.listDocuments(AMBIENCE_COLLECTION))[0]?.data)
    .toEqual({
      mix: { levels, master: 100 },
      saved,
      lowerWithBreaks: true,
      at: expect.any(Number),
    });
}

test("the owner's mix and saved mixes follow them to another device, silent until touched", async ({
  page,
  browser,
  baseURL,
  site,
}) => {
  test.setTimeout(120_000);
  const context = await browser.newContext({ serviceWorkers: 'block', baseURL: baseURL! });
  try {
    const phone = await context.newPage();
    const errors: Error[] = [];
    phone.on('pageerror', (error) => errors.push(error));
    await listenToOutput(phone);

    // The phone plays Night train: its copy and the owner's document hold it.
    await openDashboard(phone);
    await openAmbiencePanel(phone);
    await ambiencePanel(phone).getByRole('button', { name: 'Night train' }).click();
    await expectKept(site, '0,0,0,30,20,55', []);

    // The laptop, which never had a mix, shows it; then sets Fireside and saves it as Cabin.
    // A sign-in on one device signs the other out (SPEC §3): the owner moves between them.
    await openDashboard(page);
    await openAmbiencePanel(page);
    await expect(ambienceSlider(page, 'Brown noise')).toHaveAttribute('aria-valuenow', '55');
    await ambiencePanel(page).getByRole('button', { name: 'Fireside' }).click();
    await ambiencePanel(page).getByRole('textbox', { name: 'Mix name' }).fill('Cabin');
    await ambiencePanel(page).getByRole('button', { name: 'Save mix' }).click();
    await expect(
      ambiencePanel(page).getByRole('button', { name: 'Cabin', exact: true }),
    ).toBeVisible();
    await expectKept(site, '10,0,60,25,0,0', ['10,0,60,25,0,0 Cabin']);

    // The phone's next visit: the laptop's newer mix replaces its own, silent until asked.
    await openDashboard(phone);
    await openAmbiencePanel(phone);
    await expect(ambienceSlider(phone, 'Fireplace')).toHaveAttribute('aria-valuenow', '60');
    await expect(ambienceSlider(phone, 'Brown noise')).toHaveAttribute('aria-valuenow', '0');
    await expect(
      ambiencePanel(phone).getByRole('button', { name: 'Cabin', exact: true }),
    ).toBeVisible();
    await expect(ambiencePanel(phone).getByRole('button', { name: 'Play ambience' })).toBeVisible();
    expect(await outputLevel(phone)).toBe(-Infinity);

    await ambiencePanel(phone).getByRole('button', { name: 'Play ambience' }).click();
    await expect.poll(() => outputLevel(phone), { timeout: 15_000 }).toBeGreaterThan(-60);
    expect(errors.map((error) => error.message)).toEqual([]);
  } finally {
    await context.close();
  }
});
