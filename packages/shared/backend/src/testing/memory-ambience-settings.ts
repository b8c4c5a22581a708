import { BehaviorSubject, filter, map } from 'rxjs';
import type { AmbienceSettingsRecord, AmbienceSettingsStore } from '../ports';

/** The owner's ambience settings as a backend shared by their devices keeps them. */
export interface MemoryAmbienceSettings {
  /** The last settings saved, or null before the first. */
  readonly stored: AmbienceSettingsRecord | null;
  /** The store one device of the owner talks to: it hears the others' saves, not its own. */
  device(): AmbienceSettingsStore;
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
          document.next({ settings: structuredClone(settings), by: self });
        },
      };
    },
  };
}
