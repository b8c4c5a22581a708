import { nextTask } from './next-task';

/**
 * How long a page whose frames do not come (hidden: a locked phone, a tab in the
 * background) waits instead; its timers run late anyway, at most once a second.
 */
const HIDDEN_PAGE_WAIT_MS = 100;

/**
 * Resolves once the browser has painted its next frame: for the work a press starts that
 * nobody sees at once (the system's media controls, measuring a track's loudness), so that
 * it never holds back the paint that answers the press. A task posted from the frame's
 * animation callback runs after that frame's paint. A hidden page paints no frames: there a
 * timer resolves it.
 */
export function afterNextPaint(): Promise<void> {
  return new Promise((resolve) => {
    let settled = false;
    const settle = () => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve();
    };
    const timer = setTimeout(settle, HIDDEN_PAGE_WAIT_MS);
    requestAnimationFrame(() => void nextTask().then(settle));
  });
}
