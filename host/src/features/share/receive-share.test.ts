import { describe, expect, it, vi } from 'vitest';
import { createSharedLinks } from '@loofi/contracts';
import type { SharedLink, TabName } from '@loofi/contracts';
import {
  receiveShare,
  SHARE_NOT_HTTP,
  SHARE_WITHOUT_LINK,
  shareNeedsNewerMusic,
} from './receive-share';
import type { ShareReception } from './receive-share';

const PAGE = 'https://music.example.org/chill';

function reception(query: string, overrides: Partial<ShareReception> = {}) {
  const shared = createSharedLinks();
  const seen: (SharedLink | null)[] = [];
  shared.waiting$.subscribe((link) => seen.push(link));
  const tabs: TabName[] = [];
  const notices: string[] = [];
  const forget = vi.fn();
  const options: ShareReception = {
    query,
    shared,
    navigate: (tab) => tabs.push(tab),
    musicContract: async () => 1.6,
    kindOf: async (_url, audioByName) => (audioByName ? 'audio' : 'page'),
    notify: (message) => notices.push(message),
    forget,
    ...overrides,
  };
  return { options, shared, seen, tabs, notices, forget };
}

describe('receiveShare', () => {
  it('opens Music and offers it the link with its kind and title, forgotten once taken', async () => {
    const { options, shared, seen, tabs, notices, forget } = reception(
      `?url=${encodeURIComponent(PAGE)}&title=Chill`,
    );
    await receiveShare(options);
    const link: SharedLink = { kind: 'page', url: PAGE, title: 'Chill' };
    expect(tabs).toEqual(['music']);
    expect(seen).toEqual([null, link]);
    expect(notices).toEqual([]);
    // Kept until Music takes it: a reload before then receives it again.
    expect(forget).not.toHaveBeenCalled();
    expect(shared.take(seen[1]!)).toBe(true);
    expect(forget).toHaveBeenCalledOnce();
  });

  it('forgets the link that a Music already listening takes the moment it is offered', async () => {
    const { options, shared, forget } = reception(`?url=${encodeURIComponent(PAGE)}`);
    // The Music tab loaded and subscribed while the link's kind was being found.
    shared.waiting$.subscribe((link) => link && shared.take(link));
    await receiveShare(options);
    expect(forget).toHaveBeenCalledOnce();
  });

  it('opens Music before the link’s kind is known', async () => {
    let answer: (kind: SharedLink['kind']) => void = () => undefined;
    const { options, tabs, seen } = reception('?url=https%3A%2F%2Fexample.org%2Fstream', {
      kindOf: () => new Promise((resolve) => (answer = resolve)),
    });
    const received = receiveShare(options);
    expect(tabs).toEqual(['music']);
    expect(seen).toEqual([null]);
    answer('audio');
    await received;
    expect(seen.at(-1)).toEqual({ kind: 'audio', url: 'https://example.org/stream', title: '' });
  });

  it.each([
    ['?url=javascript%3Aalert(1)', SHARE_NOT_HTTP],
    ['?url=&text=ftp%3A%2F%2Ffiles.example.org%2Frain.mp3', SHARE_NOT_HTTP],
    ['?text=only+words', SHARE_WITHOUT_LINK],
  ])('tells the owner why %s adds nothing, and does nothing else', async (query, message) => {
    const { options, seen, tabs, notices, forget } = reception(query);
    await receiveShare(options);
    expect(notices).toEqual([message]);
    expect(tabs).toEqual([]);
    expect(seen).toEqual([null]);
    expect(forget).toHaveBeenCalledOnce();
  });

  it('tells the owner when the Music deployed is of an earlier contract, and offers it nothing', async () => {
    const { options, seen, notices, forget } = reception(`?url=${encodeURIComponent(PAGE)}`, {
      musicContract: async () => 1.5,
    });
    await receiveShare(options);
    expect(seen).toEqual([null]);
    expect(notices).toEqual([shareNeedsNewerMusic(PAGE)]);
    expect(forget).toHaveBeenCalledOnce();
  });

  it('leaves the link waiting for a Music that failed to load (its tab offers Retry)', async () => {
    const { options, seen, notices, forget } = reception(`?url=${encodeURIComponent(PAGE)}`, {
      musicContract: () => Promise.reject(new Error('The music remote could not be loaded')),
    });
    await receiveShare(options);
    expect(seen.at(-1)).toEqual({ kind: 'page', url: PAGE, title: '' });
    expect(notices).toEqual([]);
    expect(forget).not.toHaveBeenCalled();
  });
});
