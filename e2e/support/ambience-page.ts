import { expect } from '@playwright/test';
import type { Page } from '@playwright/test';
import { animationsSettled } from './screens';

/** The player bar, where the Ambience button is. */
const bar = (page: Page) => page.getByRole('region', { name: 'Player' });

/** The Ambience panel, and one of its sliders by its exact name. */
export const ambiencePanel = (page: Page) => page.getByRole('dialog', { name: 'Ambience' });
export const ambienceSlider = (page: Page, name: string) =>
  ambiencePanel(page).getByRole('slider', { name, exact: true });

/** Opens the panel from the player bar, once it has finished moving in. */
export async function openAmbiencePanel(page: Page) {
  await bar(page).getByRole('button', { name: 'Ambience' }).click();
  await expect(ambiencePanel(page)).toBeVisible();
  await animationsSettled(page);
}
