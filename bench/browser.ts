import { chromium } from '@playwright/test';
import type { Browser, BrowserContext, Page } from '@playwright/test';
import type { Cleanup } from './cleanup';
import { NetworkRecorder } from './network-recorder';
import { installProbe } from './page-probe';

/** The flags of the e2e tests, minus their audio ones: the bench runs as a user's browser. */
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export interface Throttling {
  label: string;
  /** With `downloadKbps` 0, the network is not throttled (the CPU alone). */
  latencyMs: number;
  downloadKbps: number;
  uploadKbps: number;
  cpuSlowdown: number;
}

/** Chrome DevTools' "Slow 4G" preset, with the CPU twice as slow as this machine's. */
export const SLOW_4G_CPU_2: Throttling = {
  label: 'Slow 4G + CPU ×2',
  latencyMs: 562.5,
  downloadKbps: 1474.56,
  uploadKbps: 675,
  cpuSlowdown: 2,
};

/** The CPU four times as slow as this machine's (Lighthouse's phone), the network as it is. */
export const CPU_4: Throttling = {
  label: 'CPU ×4',
  latencyMs: 0,
  downloadKbps: 0,
  uploadKbps: 0,
  cpuSlowdown: 4,
};

export async function launchBrowser(executablePath: string, cleanup: Cleanup): Promise<Browser> {
  const browser = await chromium.launch({ executablePath, args: CHROMIUM_ARGS, headless: true });
  cleanup.add('Chromium', () => browser.close());
  return browser;
}

/**
 * A fresh context (empty cache, cookies and IndexedDB) with the probe in every page. A
 * first visit has no service worker yet, and one registered during a run would answer the
 * later loads of the same context from its caches, past the disabled HTTP cache: blocked,
 * unless a figure is about the worker (`serviceWorkers: 'allow'`).
 */
export async function freshContext(
  browser: Browser,
  timeoutMs: number,
  { serviceWorkers = 'block' }: { serviceWorkers?: 'allow' | 'block' } = {},
): Promise<BrowserContext> {
  const context = await browser.newContext({
    viewport: { width: 1280, height: 800 },
    serviceWorkers,
  });
  context.setDefaultTimeout(timeoutMs);
  context.setDefaultNavigationTimeout(timeoutMs);
  // tsx compiles with esbuild's keepNames, which wraps named inner functions in a
  // `__name(…)` helper; the probe's functions are serialised into the page without it.
  await context.addInitScript({ content: 'globalThis.__name ??= (target) => target;' });
  await context.addInitScript(installProbe);
  return context;
}

export interface ProbedPage {
  page: Page;
  network: NetworkRecorder;
}

/**
 * A new page of the context with its own CDP session: the network recorded, the HTTP
 * cache off (every load is a first load) and, if asked, the network and CPU throttled.
 */
export async function openProbedPage(
  context: BrowserContext,
  throttling: Throttling | null,
): Promise<ProbedPage> {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  const network = await NetworkRecorder.attach(cdp);
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  if (throttling && throttling.downloadKbps > 0) {
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: throttling.latencyMs,
      // CDP takes bytes per second; the preset is in kbit/s of 1024 bits.
      downloadThroughput: (throttling.downloadKbps * 1024) / 8,
      uploadThroughput: (throttling.uploadKbps * 1024) / 8,
    });
  }
  if (throttling) {
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: throttling.cpuSlowdown });
  }
  return { page, network };
}

/**
 * The same network conditions for the browser's service workers: each is a target of its
 * own, which a page's emulation does not reach, so without this a worker's own fetches (the
 * network-first deploy files) would run at full speed under a "throttled" page. Sent through
 * `Target.sendMessageToTarget`, as Playwright offers CDP sessions for pages and frames only.
 * The conditions hold until the returned function detaches the session (they end with it);
 * a worker started later is not covered, so call it right before the load it is for.
 */
export async function throttleServiceWorkers(
  browser: Browser,
  throttling: Throttling,
): Promise<{ workers: number; release(): Promise<void> }> {
  const cdp = await browser.newBrowserCDPSession();
  const release = () => cdp.detach().catch(() => undefined);
  try {
    const { targetInfos } = await cdp.send('Target.getTargets');
    const workers = targetInfos.filter((target) => target.type === 'service_worker');
    for (const worker of workers) {
      const { sessionId } = await cdp.send('Target.attachToTarget', {
        targetId: worker.targetId,
        flatten: false,
      });
      const commands = [
        { method: 'Network.enable', params: {} },
        {
          method: 'Network.emulateNetworkConditions',
          params: {
            offline: false,
            latency: throttling.latencyMs,
            downloadThroughput: (throttling.downloadKbps * 1024) / 8,
            uploadThroughput: (throttling.uploadKbps * 1024) / 8,
          },
        },
      ];
      for (const [index, command] of commands.entries()) {
        await cdp.send('Target.sendMessageToTarget', {
          sessionId,
          message: JSON.stringify({ id: index + 1, ...command }),
        });
      }
    }
    return { workers: workers.length, release };
  } catch (error) {
    await release();
    throw error;
  }
}
