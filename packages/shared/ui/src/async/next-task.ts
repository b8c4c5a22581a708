interface PostTaskScheduler {
  yield(): Promise<void>;
}

/**
 * Resolves in a later task of the event loop, so that what follows runs after the browser
 * has had a chance to paint and to answer input: `scheduler.yield()` where the browser has
 * it (the continuation goes ahead of other queued work), otherwise a message to itself
 * (unlike a timer, never clamped to 4 ms).
 */
export function nextTask(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: Partial<PostTaskScheduler> }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}
