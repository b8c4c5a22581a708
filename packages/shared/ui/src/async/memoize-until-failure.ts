/**
 * `load`, started once and shared by every caller while it is pending or has succeeded; a
 * failure is not remembered, so the next call starts it again (a chunk that failed on a
 * flaky network is fetched again for real).
 */
export function memoizeUntilFailure<T>(load: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | null = null;
  return () => {
    if (!pending) {
      const attempt = load();
      pending = attempt;
      attempt.catch(() => {
        if (pending === attempt) pending = null;
      });
    }
    return pending;
  };
}
