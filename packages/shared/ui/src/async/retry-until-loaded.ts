/**
 * Calls `load` until it resolves. After each failure it reports it (`onFailure`) and waits
 * for `nextAttempt(attempt)` to settle: the page's first pieces of code, which nothing can
 * show a Retry button for, keep trying instead of leaving a dead page.
 */
export async function retryUntilLoaded<T>(
  load: () => Promise<T>,
  {
    onFailure,
    nextAttempt,
  }: { onFailure(error: unknown): void; nextAttempt(attempt: number): Promise<void> },
): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await load();
    } catch (error) {
      onFailure(error);
      await nextAttempt(attempt);
    }
  }
}
