import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect } from './fixtures';

/**
 * Resolves once no animation that ends runs: menus and dialogs have finished growing in (a
 * loading indicator's endless spin goes on).
 */
export async function animationsSettled(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (animation) =>
          animation.playState !== 'running' ||
          animation.effect?.getComputedTiming().endTime === Infinity,
      ),
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
  // A dialog fading in has, for a moment, text of too little contrast.
  await animationsSettled(page);
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

/** What a finger can press on the screen now, and is smaller than 44 × 44 px (WCAG 2.5.5). */
export async function expectFingerSizedTargets(page: Page, screen: string) {
  // Measured once menus and dialogs have finished growing in.
  await animationsSettled(page);
  const small = await page.evaluate((finger) => {
    const controls = document.querySelectorAll<HTMLElement>(
      'button, a[href], input, select, textarea, [role="tab"], [role="button"], [role="menuitem"], [role="combobox"], [role="option"], [tabindex="0"]',
    );
    const found: string[] = [];
    for (const control of controls) {
      // A slider is pressed anywhere along its rail, not on its (visually hidden) input, and a
      // text field anywhere in its outline.
      const target = control.closest<HTMLElement>('.MuiSlider-root, .MuiInputBase-root') ?? control;
      const box = target.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) continue;
      // Only what is on top at its centre: not what a dialog covers, nor what is off screen.
      const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
      if (!hit || !(target.contains(hit) || hit.contains(target))) continue;
      if (box.width < finger - 0.5 || box.height < finger - 0.5) {
        const name = control.getAttribute('aria-label') ?? control.textContent ?? '';
        found.push(
          `${Math.round(box.width)}×${Math.round(box.height)} ${control.tagName} "${name.trim().slice(0, 40)}"`,
        );
      }
    }
    return found;
  }, 44);
  expect(small, `controls under 44 px on ${screen}`).toEqual([]);
}
