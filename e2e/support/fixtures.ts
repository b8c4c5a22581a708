import { test as base, expect } from '@playwright/test';
import type { Page } from '@playwright/test';
import { remotesManifestFor } from '@loofi/contracts/apps';
import type { TabName } from '@loofi/contracts';
import { serveApp } from '@loofi/tooling/serve';
import type { RunningServer } from '@loofi/tooling/serve';
import { APP_URLS } from './apps';

/** Console messages that mean two Reacts (or a broken hook) made it into the page. */
const DUPLICATE_REACT = /Invalid hook call|more than one copy of React|duplicate React/i;

interface Options {
  /** Page errors a test provokes on purpose; any other uncaught error fails the test. */
  expectedPageErrors: RegExp | null;
}

interface Fixtures {
  /** Uncaught page errors; the test fails if any unexpected one is left at its end. */
  pageErrors: Error[];
  /** Every console message of the page, as "type: text". */
  consoleMessages: string[];
  /** Serves a remote's build on a port of its own, closed after the test. */
  serveRemote(app: TabName, options?: { port?: number; root?: string }): Promise<RunningServer>;
}

export const test = base.extend<Options & Fixtures>({
  expectedPageErrors: [null, { option: true }],
  pageErrors: [
    async ({ page, expectedPageErrors }, use) => {
      const errors: Error[] = [];
      page.on('pageerror', (error) => errors.push(error));
      await use(errors);
      const unexpected = errors.filter((error) => !expectedPageErrors?.test(error.message));
      expect(unexpected.map((error) => error.message)).toEqual([]);
    },
    { auto: true },
  ],
  consoleMessages: [
    async ({ page }, use) => {
      const messages: string[] = [];
      page.on('console', (message) => messages.push(`${message.type()}: ${message.text()}`));
      await use(messages);
      expect(messages.filter((message) => DUPLICATE_REACT.test(message))).toEqual([]);
    },
    { auto: true },
  ],
  // eslint-disable-next-line no-empty-pattern -- Playwright fixtures take their dependencies first.
  serveRemote: async ({}, use) => {
    const started: RunningServer[] = [];
    await use(async (app, options = {}) => {
      const server = await serveApp(app, options.port ?? 0, options.root);
      started.push(server);
      return server;
    });
    await Promise.allSettled(started.map((server) => server.close()));
  },
});

/**
 * Makes the host read a different `remotes.json`, as a deployer would by editing the file:
 * the host itself is not rebuilt.
 */
export async function pointRemotes(page: Page, origins: Partial<Record<TabName, string>>) {
  const manifest = remotesManifestFor({ ...APP_URLS, ...origins });
  await page.route('**/remotes.json', (route) => route.fulfill({ json: manifest }));
}

/** SPEC's offline message, and the notice that shows it (tabs have live regions of their own). */
export const OFFLINE = 'You are offline. Some functionality may be unavailable.';
export const offlineNotice = (page: Page) => page.getByRole('status').filter({ hasText: OFFLINE });

export const GREETING = /^Good (Morning|Afternoon|Evening)$/;

/** Signs in through the sign-in page and the local account chooser, as the owner would. */
export async function signIn(page: Page, email?: string) {
  if (!page.url().includes('/auth')) await page.goto('/auth');
  const popupPromise = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'Sign in with Google' }).click();
  const popup = await popupPromise;
  await expect(popup.getByRole('heading', { name: 'Choose an account' })).toBeVisible();
  if (email !== undefined) await popup.getByRole('textbox', { name: 'Email' }).fill(email);
  const closed = popup.waitForEvent('close');
  // The chooser closes itself as soon as it has answered, sometimes before the click
  // has finished reporting back: a closed popup is the success case here.
  await popup
    .getByRole('button', { name: 'Continue' })
    .click()
    .catch((error: unknown) => {
      if (!popup.isClosed()) throw error;
    });
  await closed;
  return popup;
}

/** Signs in as the default owner and waits for the dashboard. */
export async function openDashboard(page: Page) {
  await page.goto('/auth');
  await signIn(page);
  await expect(page.getByRole('heading', { name: GREETING })).toBeVisible();
}

export { expect };

/**
 * Records every Content Security Policy violation the page reports (blocked or, under a
 * report-only policy, only reported), from before its first script; call before `goto`.
 */
export async function watchPolicyViolations(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    const seen: string[] = [];
    Object.defineProperty(window, '__loofiPolicyViolations', { value: seen });
    document.addEventListener('securitypolicyviolation', (event) =>
      seen.push(`${event.effectiveDirective}: ${event.blockedURI || event.sample || '(inline)'}`),
    );
  });
  return () =>
    page.evaluate(
      () =>
        (window as unknown as { __loofiPolicyViolations?: string[] }).__loofiPolicyViolations ?? [],
    );
}

/** Waits until the page's service worker is installed and controls it. */
export async function untilControlled(page: Page) {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, {
    timeout: 15_000,
  });
}
