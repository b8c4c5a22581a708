import type { Page, Route } from '@playwright/test';

const MAIN_SCRIPT = /\/main\.[0-9a-f]{8}\.js$/;

/** The element that shows the picture of the owner's last dashboard. */
export const LAST_DASHBOARD = '#loofi-last-dashboard';

/**
 * The picture lives in a closed shadow tree, out of the page's reach; a test opens it
 * (before any of the page's scripts runs) to read what it shows, as the owner sees it.
 */
export async function openShadowTrees(page: Page) {
  await page.addInitScript(() => {
    const attach = Element.prototype.attachShadow;
    Element.prototype.attachShadow = function (init: ShadowRootInit) {
      return attach.call(this, { ...init, mode: 'open' });
    };
  });
}

/** Holds the app's first script on the wire until the returned function lets it go. */
export async function holdAppScript(page: Page): Promise<() => Promise<void>> {
  const held: Route[] = [];
  await page.route(MAIN_SCRIPT, (route) => void held.push(route));
  return async () => {
    await Promise.all(held.map((route) => route.continue()));
    await page.unroute(MAIN_SCRIPT);
  };
}
