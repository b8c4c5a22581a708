import type { Metric } from 'web-vitals';

export type VitalsReport = (metric: Pick<Metric, 'name' | 'value' | 'rating'>) => void;

const logToConsole: VitalsReport = ({ name, value, rating }) =>
  console.debug(`[web-vitals] ${name} ${Math.round(value * 1000) / 1000} (${rating})`);

/**
 * Reports the Core Web Vitals. The `web-vitals` package is imported lazily, once the page
 * is idle, so it never weighs on the first load.
 */
export function reportWebVitals(report: VitalsReport = logToConsole) {
  const start = () =>
    void import('web-vitals').then(
      // The three Core Web Vitals only: FCP and TTFB would add their code to every page.
      ({ onCLS, onINP, onLCP }) => {
        for (const subscribe of [onCLS, onINP, onLCP]) subscribe(report);
      },
      // Offline, there is nothing to report to anyway; the page is not affected.
      () => undefined,
    );
  if ('requestIdleCallback' in window) window.requestIdleCallback(start, { timeout: 5000 });
  else setTimeout(start, 2000);
}
