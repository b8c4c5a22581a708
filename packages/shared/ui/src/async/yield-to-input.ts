import { nextTask } from './next-task';

interface Scheduler {
  yield?: () => Promise<void>;
}

/**
 * Ends the current task, so that the browser can answer input and paint in between, and
 * resumes ahead of the tasks already queued where the browser can (`scheduler.yield()`):
 * for a chain of steps that someone is waiting for, which React's render slices and
 * other deferred work queued meanwhile should not hold back. Elsewhere, the next task.
 */
export function yieldToInput(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: Scheduler }).scheduler;
  return typeof scheduler?.yield === 'function' ? scheduler.yield() : nextTask();
}
