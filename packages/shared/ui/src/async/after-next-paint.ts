import { nextTask } from './next-task';

/** How long to wait for a frame that does not come (a page hidden meanwhile). */
const NO_FRAME_WAIT_MS = 100;

/**
 * Resolves once the browser has painted its next frame: for the work a press starts that
 * nobody sees at once (the system's media controls, measuring a track's loudness), so that
 * it never holds back the paint that answers the press. A task posted from the frame's
 * animation callback runs after that frame's paint.
 */
export function afterNextPaint(): Promise<void> {
  // A hidden page (a locked phone, a tab in the background) paints nothing to wait for,
  // and its timers run late: the lock screen's controls follow in the next task.
  if (document.visibilityState === 'hidden') return nextTask();
  return new Promise((resolve) => {
    let settled = false;
    const settle = () => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve();
    };
    const timer = setTimeout(settle, NO_FRAME_WAIT_MS);
    requestAnimationFrame(() => void nextTask().then(settle));
  });
}
