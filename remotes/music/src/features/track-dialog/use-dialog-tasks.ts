import { useCallback, useEffect, useRef, useState } from 'react';
import { ExplainedError } from '../../lib/messages';

export interface TaskProgress {
  /** What is being done, e.g. 'Scraping the page…'. */
  label: string;
  done?: number;
  total?: number;
}

/** Slow work of the dialog: it gets a signal that closing the dialog aborts, and a way to report progress. */
export type DialogTask<T> = (
  signal: AbortSignal,
  report: (done: number, total: number) => void,
) => Promise<T>;

export interface RunOptions {
  /**
   * A write to the library (a save, a delete, an add): once sent it cannot be called back.
   * Closing the dialog lets it settle (a batch stops between two batches), its value still
   * comes back, and a failure is told by the tab (`onFailedAfterClose`).
   */
  write?: boolean;
}

/**
 * The value of a task that succeeded, null when it failed or was cancelled (a write that
 * settled after the dialog closed still gives its value).
 */
export type RunTask = <T>(
  label: string,
  task: DialogTask<T>,
  options?: RunOptions,
) => Promise<{ value: T } | null>;

export interface DialogTasks {
  run: RunTask;
  /** Aborts the task under way, if any: the dialog is closing. */
  cancel(): void;
  progress: TaskProgress | null;
  busy: boolean;
  /** SPEC §8: the last task failed; the dialog says so and stays usable. */
  failed: boolean;
  /** What the owner is told of the failure after SPEC §8's message, if anything. */
  failureDetail: string | null;
  dismissFailure(): void;
}

/**
 * Runs the dialog's saves, deletes, scrapes and fetches one at a time, with progress,
 * cancellation and one way of failing: the dialog shows SPEC §8's message, with what went
 * wrong when it is known (`ExplainedError`, then warned of in the console); an unexpected
 * failure is logged as an error for the developer.
 */
export function useDialogTasks({
  onFailedAfterClose,
}: {
  /** A write the dialog had sent failed after it closed: the tab tells the owner. */
  onFailedAfterClose?(): void;
} = {}): DialogTasks {
  const controllerRef = useRef<AbortController | null>(null);
  const [progress, setProgress] = useState<TaskProgress | null>(null);
  const [failed, setFailed] = useState(false);
  const [failureDetail, setFailureDetail] = useState<string | null>(null);

  useEffect(() => () => controllerRef.current?.abort(), []);

  // The latest callback, for a write that settles after the dialog has gone.
  const failedAfterClose = useRef(onFailedAfterClose);
  useEffect(() => {
    failedAfterClose.current = onFailedAfterClose;
  });

  const run = useCallback<RunTask>(async (label, task, { write = false } = {}) => {
    controllerRef.current?.abort();
    const controller = new AbortController();
    controllerRef.current = controller;
    setFailed(false);
    setProgress({ label });
    try {
      const value = await task(controller.signal, (done, total) => {
        if (!controller.signal.aborted) setProgress({ label, done, total });
      });
      return controller.signal.aborted && !write ? null : { value };
    } catch (error) {
      // A cancelled task is no failure: the owner closed the dialog or started another. A
      // write that failed meanwhile is one, told by the tab.
      if (controller.signal.aborted) {
        if (write && !isAbort(error)) {
          console.error(error);
          failedAfterClose.current?.();
        }
      } else {
        // An explained failure (a proxy down, a page that cannot be reached, offline) is the
        // owner's to read, not a fault of the code: a warning without a stack.
        if (error instanceof ExplainedError) console.warn(`${error.message}: ${error.detail}`);
        else console.error(error);
        setFailed(true);
        setFailureDetail(error instanceof ExplainedError ? error.detail : null);
      }
      return null;
    } finally {
      if (controllerRef.current === controller) {
        controllerRef.current = null;
        setProgress(null);
      }
    }
  }, []);

  const cancel = useCallback(() => controllerRef.current?.abort(), []);
  const dismissFailure = useCallback(() => setFailed(false), []);

  return {
    run,
    cancel,
    progress,
    busy: progress !== null,
    failed,
    failureDetail,
    dismissFailure,
  };
}

const isAbort = (error: unknown) => error instanceof DOMException && error.name === 'AbortError';
