import type { Page, Route } from '@playwright/test';

const MAIN_SCRIPT = /\/main\.[0-9a-f]{8}\.js$/;

/**
 * Holds the app's first script on the wire until the returned function lets it go: the page
 * shows what its HTML alone paints, as on a slow connection.
 */
export async function holdAppScript(page: Page): Promise<() => Promise<void>> {
  const held: Route[] = [];
  await page.route(MAIN_SCRIPT, (route) => void held.push(route));
  return async () => {
    await Promise.all(held.map((route) => route.continue()));
    await page.unroute(MAIN_SCRIPT);
  };
}
