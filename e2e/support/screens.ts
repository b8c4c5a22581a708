import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect } from './fixtures';

/** Resolves once no animation runs: menus and dialogs have finished growing in. */
export async function animationsSettled(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    document.getAnimations().every((animation) => animation.playState !== 'running'),
  );
}

/**
 * The screen as it stands, scanned with axe-core (WCAG 2.0–2.2 A and AA, and best
 * practices): no violation of any impact is accepted.
 */
export async function expectAccessible(page: Page, screen: string): Promise<void> {
  // The screen itself, not the tooltip of whatever the pointer last pressed.
  await page.mouse.move(0, 0);
  await expect(page.getByRole('tooltip')).toHaveCount(0);
  const { violations } = await new AxeBuilder({ page }).analyze();
  const found = violations.map(
    (violation) =>
      `${screen}: ${violation.id} (${violation.impact ?? 'no impact'}) ${violation.help} at ${violation.nodes
        .slice(0, 3)
        .map((node) => node.target.join(' '))
        .join(' | ')}`,
  );
  const tips = await page.getByRole('tooltip').allInnerTexts();
  expect(found, `axe violations on ${screen} ${tips.join()}`).toEqual([]);
}
