import type { Metric } from 'web-vitals';
import { whenIdle } from '@loofi/ui/async';

export type VitalsReport = (metric: Pick<Metric, 'name' | 'value' | 'rating'>) => void;

const logToConsole: VitalsReport = ({ name, value, rating }) =>
  console.debug(`[web-vitals] ${name} ${Math.round(value * 1000) / 1000} (${rating})`);

let reporting = false;

/**
 * Reports the Core Web Vitals, once per page. The `web-vitals` package is imported lazily,
 * once the page is idle, so it never weighs on the first load. The shell calls this when the
 * dashboard is shown, so the sign-in page never downloads it; the observers read buffered
 * entries, so what the page measured before (the sign-in page's own paint and shifts, in the
 * same document) is reported all the same.
 */
export function reportWebVitals(report: VitalsReport = logToConsole) {
  if (reporting) return;
  reporting = true;
  const start = () =>
    void import('web-vitals').then(
      // The three Core Web Vitals only: FCP and TTFB would add their code to every page.
      ({ onCLS, onINP, onLCP }) => {
        for (const subscribe of [onCLS, onINP, onLCP]) subscribe(report);
      },
      // Offline, there is nothing to report to anyway; the page is not affected.
      () => undefined,
    );
  whenIdle(start, { fallbackMs: 2_000 });
}
