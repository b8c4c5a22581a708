import { chromium } from '@playwright/test';
import type { Browser } from '@playwright/test';
import puppeteer from 'puppeteer-core';
import type { Browser as PuppeteerBrowser } from 'puppeteer-core';

/**
 * Debian's Chromium, driven by Playwright (which signs in and walks the screens as a user
 * does) with its DevTools port open, and puppeteer connected to the same browser: Lighthouse
 * audits puppeteer pages. Both are closed after `run`, whatever it does.
 */
export async function withLighthouseBrowser<T>(
  debuggingPort: number,
  run: (browser: Browser, puppet: PuppeteerBrowser) => Promise<T>,
): Promise<T> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', `--remote-debugging-port=${debuggingPort}`],
  });
  try {
    const puppet = await puppeteer.connect({
      browserURL: `http://127.0.0.1:${debuggingPort}`,
      defaultViewport: null,
    });
    try {
      return await run(browser, puppet);
    } finally {
      await puppet.disconnect();
    }
  } finally {
    await browser.close();
  }
}
