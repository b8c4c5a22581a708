/**
 * Resolves in a later task of the event loop, behind what was already queued: the browser
 * paints and answers input in between, and a response that arrived meanwhile (the start
 * script's fetches of `remotes.json` and a manifest) is handled first. A message to itself
 * rather than a timer, which the browser may clamp to 4 ms; not `scheduler.yield()`, whose
 * continuation goes ahead of that queued work.
 */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}
