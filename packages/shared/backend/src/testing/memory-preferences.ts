import { BehaviorSubject } from 'rxjs';
import { DEFAULT_PREFERENCES } from '@loofi/contracts';
import type { Preferences, PreferencesStore } from '@loofi/contracts';

export function createMemoryPreferences(
  initial: Preferences = DEFAULT_PREFERENCES,
): PreferencesStore {
  const preferences = new BehaviorSubject<Preferences>(initial);
  return {
    preferences$: preferences.asObservable(),
    set(patch) {
      preferences.next({ ...preferences.getValue(), ...patch });
    },
  };
}
