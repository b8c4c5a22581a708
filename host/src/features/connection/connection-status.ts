import type { Observable } from 'rxjs';

/**
 * Whether the owner should be told they are offline (SPEC §8), known from the first script
 * on, before anything else has loaded: the browser's `online`/`offline` events, the
 * backend's own connection state once the backend exists, and whether the code the page
 * needed could not be fetched. A plain store, read with `useSyncExternalStore`.
 */
export class ConnectionStatus {
  private browserOnline: boolean;
  private backendConnected = true;
  private loadFailing = false;
  private readonly listeners = new Set<() => void>();

  constructor(target: Pick<Window, 'addEventListener'> & { navigator: { onLine: boolean } }) {
    this.browserOnline = target.navigator.onLine;
    target.addEventListener('online', () => this.update(() => (this.browserOnline = true)));
    target.addEventListener('offline', () => this.update(() => (this.browserOnline = false)));
  }

  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  readonly isOffline = (): boolean =>
    !this.browserOnline || !this.backendConnected || this.loadFailing;

  /**
   * Follows the backend's connection until the returned function is called (the signed-in
   * dashboard does: with Firebase, the connection state comes from the Realtime Database,
   * which the sign-in page never loads).
   */
  followBackend(connected$: Observable<boolean>): () => void {
    const subscription = connected$.subscribe((connected) =>
      this.update(() => (this.backendConnected = connected)),
    );
    return () => {
      subscription.unsubscribe();
      this.update(() => (this.backendConnected = true));
    };
  }

  /** Code the page needs could not be fetched (true), or has been since (false). */
  reportLoad(failing: boolean): void {
    this.update(() => (this.loadFailing = failing));
  }

  private update(change: () => void): void {
    const before = this.isOffline();
    change();
    if (this.isOffline() !== before) for (const listener of this.listeners) listener();
  }
}
