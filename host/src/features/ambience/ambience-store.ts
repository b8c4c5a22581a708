import { BehaviorSubject, Observable } from 'rxjs';
import { decodeAmbienceSettings } from './ambience-mix';
import type { AmbienceSettings } from './ambience-mix';

/** Where this browser keeps the ambience's settings. */
export const AMBIENCE_STORAGE_KEY = 'ambience';

/**
 * Where the ambience's settings are kept: the mix, the saved mixes, "Lower with breaks". A
 * backend that follows the owner (Firebase) implements the same port.
 */
export interface AmbienceStore {
  /** The kept settings, replayed to each subscriber, and again when changed elsewhere. */
  readonly settings$: Observable<AmbienceSettings>;
  save(settings: AmbienceSettings): void;
}

type KeptIn = Pick<Storage, 'getItem' | 'setItem'>;

function read(storage: KeptIn): AmbienceSettings {
  try {
    const text = storage.getItem(AMBIENCE_STORAGE_KEY);
    return decodeAmbienceSettings(text === null ? null : JSON.parse(text));
  } catch {
    return decodeAmbienceSettings(null);
  }
}

/** The settings in this browser's storage, read again when another tab writes them. */
export function localAmbienceStore(
  storage: KeptIn = localStorage,
  page: Pick<Window, 'addEventListener' | 'removeEventListener'> | null = window,
): AmbienceStore {
  const current = new BehaviorSubject(read(storage));
  const settings$ = new Observable<AmbienceSettings>((subscriber) => {
    const kept = current.subscribe(subscriber);
    const onStorage = (event: StorageEvent) => {
      if (event.key === AMBIENCE_STORAGE_KEY) current.next(read(storage));
    };
    page?.addEventListener('storage', onStorage);
    return () => {
      kept.unsubscribe();
      page?.removeEventListener('storage', onStorage);
    };
  });
  return {
    settings$,
    save(settings) {
      current.next(settings);
      try {
        storage.setItem(AMBIENCE_STORAGE_KEY, JSON.stringify(settings));
      } catch {
        // Full or denied storage keeps the mix for this visit only.
      }
    },
  };
}
