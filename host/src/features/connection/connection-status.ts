import { BehaviorSubject, distinctUntilChanged, map } from 'rxjs';
import type { Observable } from 'rxjs';

interface Sources {
  browserOnline: boolean;
  backendConnected: boolean;
  loadFailing: boolean;
}

const isOffline = ({ browserOnline, backendConnected, loadFailing }: Sources) =>
  !browserOnline || !backendConnected || loadFailing;

/**
 * Whether the owner should be told they are offline (SPEC §8), known from the first script
 * on, before anything else has loaded: the browser's `online`/`offline` events, the
 * backend's own connection state once the backend exists, and whether the code the page
 * needed could not be fetched.
 */
export class ConnectionStatus {
  private readonly sources: BehaviorSubject<Sources>;
  /** Offline or not, replayed to a late subscriber, told again only when it changes. */
  readonly offline$: Observable<boolean>;

  constructor(target: Pick<Window, 'addEventListener'> & { navigator: { onLine: boolean } }) {
    this.sources = new BehaviorSubject<Sources>({
      browserOnline: target.navigator.onLine,
      backendConnected: true,
      loadFailing: false,
    });
    this.offline$ = this.sources.pipe(map(isOffline), distinctUntilChanged());
    target.addEventListener('online', () => this.update({ browserOnline: true }));
    target.addEventListener('offline', () => this.update({ browserOnline: false }));
  }

  isOffline(): boolean {
    return isOffline(this.sources.getValue());
  }

  /**
   * Follows the backend's connection until the returned function is called (the signed-in
   * dashboard does: with Firebase, the connection state comes from the Realtime Database,
   * which the sign-in page never loads).
   */
  followBackend(connected$: Observable<boolean>): () => void {
    const subscription = connected$.subscribe((backendConnected) =>
      this.update({ backendConnected }),
    );
    return () => {
      subscription.unsubscribe();
      this.update({ backendConnected: true });
    };
  }

  /** Code the page needs could not be fetched (true), or has been since (false). */
  reportLoad(loadFailing: boolean): void {
    this.update({ loadFailing });
  }

  private update(change: Partial<Sources>): void {
    this.sources.next({ ...this.sources.getValue(), ...change });
  }
}
