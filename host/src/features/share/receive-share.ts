import { first } from 'rxjs';
import { SHARED_LINKS_SINCE } from '@loofi/contracts';
import type { SharedLink, SharedLinksSource, TabName } from '@loofi/contracts';
import { readShare } from './read-share';

/** Said of a shared link of another scheme (`javascript:`, `ftp:` …): nothing else happens. */
export const SHARE_NOT_HTTP = 'This link cannot be added: loofi takes only http and https links.';
/** Said of a share with no link at all (only words). */
export const SHARE_WITHOUT_LINK = 'Nothing to add: the share held no link.';
/** Said when the Music tab deployed is of a release that cannot open shared links. */
export const shareNeedsNewerMusic = (url: string) =>
  `The Music tab cannot open shared links yet. To add this one, use Add Music: ${url}`;

export interface ShareReception {
  /** The kept share's query string (`?url=…&text=…&title=…`). */
  query: string;
  shared: SharedLinksSource;
  navigate(tab: TabName): void;
  /** The contract version of the Music remote, once loaded; rejects if it cannot load. */
  musicContract(): Promise<number | undefined>;
  /** Whether the link is an audio file's or a page's (link-kind.ts). */
  kindOf(url: string, audioByName: boolean): Promise<SharedLink['kind']>;
  /** Tells the owner, in the page's notice stack. */
  notify(message: string): void;
  /** Forgets the kept share: it has been dealt with. */
  forget(): void;
}

/**
 * A kept share, received by the signed-in dashboard: a link loofi can add goes to Music,
 * whose Add Music dialog opens on it (Music is opened at once, while the link's kind is
 * found); anything else is only told. The share is forgotten once Music has taken it, or
 * once the owner has been told: a reload before then receives it again.
 */
export async function receiveShare({
  query,
  shared,
  navigate,
  musicContract,
  kindOf,
  notify,
  forget,
}: ShareReception): Promise<void> {
  const reading = readShare(new URLSearchParams(query));
  if (reading.kind !== 'link') {
    forget();
    notify(reading.kind === 'not-http' ? SHARE_NOT_HTTP : SHARE_WITHOUT_LINK);
    return;
  }
  navigate('music');
  // A Music that cannot load shows its own failure and Retry; the link waits for it.
  const [kind, contract] = await Promise.all([
    kindOf(reading.url, reading.audio),
    musicContract().catch(() => undefined),
  ]);
  // An earlier Music would ignore the link: the owner is told rather than left waiting.
  if (contract !== undefined && contract < SHARED_LINKS_SINCE) {
    forget();
    notify(shareNeedsNewerMusic(reading.url));
    return;
  }
  const link: SharedLink = { kind, url: reading.url, title: reading.title };
  shared.offer(link);
  // A Music already listening may take the link within the offer: `first` sees that too.
  shared.waiting$.pipe(first((waiting) => waiting !== link)).subscribe(() => forget());
}
