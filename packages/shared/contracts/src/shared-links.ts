import { BehaviorSubject } from 'rxjs';
import type { Observable } from 'rxjs';

/**
 * A link shared into loofi (contract 1.6), as the shell read it: a direct audio file's
 * address, which Music's Add Music dialog offers in Manual Entry, or a page's, which it
 * scrapes in Web Scraping.
 */
export interface SharedLink {
  kind: 'audio' | 'page';
  /** An absolute http(s) URL. */
  url: string;
  /** The title shared with it; '' when none came. */
  title: string;
}

/**
 * Links shared into loofi, waiting for Music (contract 1.6). Optional: a shell of an earlier
 * release never receives any.
 */
export interface SharedLinks {
  /** The link waiting to be opened, replayed to a late subscriber; null while none waits. */
  readonly waiting$: Observable<SharedLink | null>;
  /** Takes the waiting link for the caller to open: false if it no longer waits (taken). */
  take(link: SharedLink): boolean;
}

/** The shell's side of `SharedLinks`: it offers the links. */
export interface SharedLinksSource extends SharedLinks {
  /** The link waits for a taker, in place of any link still waiting. */
  offer(link: SharedLink): void;
}

export function createSharedLinks(): SharedLinksSource {
  const waiting = new BehaviorSubject<SharedLink | null>(null);
  return {
    waiting$: waiting.asObservable(),
    take(link) {
      if (waiting.value !== link) return false;
      waiting.next(null);
      return true;
    },
    offer: (link) => waiting.next(link),
  };
}
