import { BehaviorSubject, filter, map } from 'rxjs';
import type { AmbienceSettingsRecord, AmbienceSettingsStore } from '../ports';

/** The owner's ambience settings as a backend shared by their devices keeps them. */
export interface MemoryAmbienceSettings {
  /** The last settings kept, or null before the first. */
  readonly stored: AmbienceSettingsRecord | null;
  /** The store one device of the owner talks to: it hears the others' saves, not its own. */
  device(): AmbienceSettingsStore;
  /** Settings written by something other than the app (a bad document, a newer client). */
  put(settings: unknown): void;
}

export function createMemoryAmbienceSettings(): MemoryAmbienceSettings {
  const document = new BehaviorSubject<{ settings: AmbienceSettingsRecord | null; by: object }>({
    settings: null,
    by: {},
  });
  return {
    get stored() {
      return document.getValue().settings;
    },
    device() {
      const self = {};
      return {
        settings$: document.pipe(
          filter(({ by, settings }) => by !== self || settings === null),
          map(({ settings }) => settings),
        ),
        async save(settings) {
          // As the Firebase rules: a change older than the kept one is refused.
          const kept = document.getValue().settings;
          if (kept && settings.at < kept.at) return;
          document.next({ settings: structuredClone(settings), by: self });
        },
      };
    },
    put(settings) {
      document.next({ settings: settings as AmbienceSettingsRecord, by: {} });
    },
  };
}
