/** The longest wait between two attempts to load the page's first code. */
const MAX_WAIT_MS = 30_000;

/**
 * When to try loading again after `attempt` failures: as soon as the browser reports that it
 * is online again, or after a back-off (2 s, 4 s, 8 s … at most 30 s), whichever comes first.
 */
export function onlineOrBackOff(attempt: number): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      window.removeEventListener('online', done);
      window.clearTimeout(timer);
      resolve();
    };
    const timer = window.setTimeout(done, Math.min(1_000 * 2 ** attempt, MAX_WAIT_MS));
    window.addEventListener('online', done);
  });
}
