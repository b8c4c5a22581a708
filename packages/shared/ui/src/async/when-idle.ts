/**
 * Runs `callback` once the browser is idle (at the latest after `timeoutMs`), or after
 * `fallbackMs` where there are no idle callbacks. Returns what cancels it.
 */
export function whenIdle(
  callback: () => void,
  { timeoutMs = 5_000, fallbackMs = 1_000 }: { timeoutMs?: number; fallbackMs?: number } = {},
): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(() => callback(), { timeout: timeoutMs });
    return () => window.cancelIdleCallback(handle);
  }
  const timer = window.setTimeout(callback, fallbackMs);
  return () => window.clearTimeout(timer);
}
