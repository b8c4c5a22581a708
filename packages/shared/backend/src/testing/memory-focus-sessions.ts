import { BehaviorSubject, filter } from 'rxjs';
import type { FocusSessionStore, SharedFocusSession } from '../ports';

/** The owner's focus session kept as a backend shared by their devices keeps it. */
export interface MemoryFocusSessions {
  /** The last change it took, or null before the first. */
  readonly stored: SharedFocusSession | null;
  /** The store one device of the owner talks to. */
  device(): FocusSessionStore;
}

/** One document for every device; like the Firebase rules, it refuses a change older than its own. */
export function createMemoryFocusSessions(): MemoryFocusSessions {
  const document = new BehaviorSubject<SharedFocusSession | null>(null);
  return {
    get stored() {
      return document.getValue();
    },
    device: () => ({
      session$: document.pipe(filter((change): change is SharedFocusSession => change !== null)),
      async write(change) {
        const kept = document.getValue();
        if (kept !== null && change.at < kept.at) return;
        document.next(structuredClone(change));
      },
    }),
  };
}
