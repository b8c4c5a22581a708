import type { BrowserContext, Page } from '@playwright/test';
import { panelReady } from './page-probe';

/**
 * Signs in as the owner does (SPEC §2): /auth, 'Sign in with Google', the account chooser
 * popup, 'Continue', then waits for the dashboard's first tab. The page is closed after, so
 * only the cookies and IndexedDB of the context remain for the page that is measured.
 */
export async function signIn(context: BrowserContext, baseUrl: string): Promise<void> {
  const page = await context.newPage();
  try {
    await page.goto(`${baseUrl}/auth`);
    const popupPromise = page.waitForEvent('popup');
    await page.getByRole('button', { name: 'Sign in with Google' }).click();
    const popup = await popupPromise;
    await popup.getByRole('heading', { name: 'Choose an account' }).waitFor();
    try {
      await popup.getByRole('button', { name: 'Continue' }).click();
    } catch (error) {
      // The chooser closes itself once it has answered, sometimes before the click returns.
      if (!popup.isClosed()) throw error;
    }
    await page.waitForURL((url) => !url.pathname.endsWith('/auth'));
    await waitForFirstTab(page);
  } finally {
    await page.close();
  }
}

/**
 * The dashboard is shown when its active tab's panel shows the remote's content (not the
 * starting shell painted before it). Returns the page's clock then.
 */
export async function waitForFirstTab(page: Page): Promise<number> {
  await page.waitForFunction(panelReady, null, { polling: 'raf' });
  return page.evaluate(() => performance.now());
}
