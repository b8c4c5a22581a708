import { describe, expect, it } from 'vitest';
import { createSharedLinks } from './shared-links';
import type { SharedLink } from './shared-links';

const link: SharedLink = { kind: 'page', url: 'https://example.org/list', title: 'A list' };

describe('createSharedLinks', () => {
  it('replays the waiting link to a late subscriber, and gives it to one taker only', () => {
    const links = createSharedLinks();
    links.offer(link);
    const seen: (SharedLink | null)[] = [];
    links.waiting$.subscribe((waiting) => seen.push(waiting));
    expect(seen).toEqual([link]);
    expect(links.take(link)).toBe(true);
    expect(links.take(link)).toBe(false);
    expect(seen).toEqual([link, null]);
  });

  it('gives a taker only the link that waits', () => {
    const links = createSharedLinks();
    const other: SharedLink = { kind: 'audio', url: 'https://example.org/a.mp3', title: '' };
    links.offer(link);
    links.offer(other);
    expect(links.take(link)).toBe(false);
    expect(links.take(other)).toBe(true);
  });
});
