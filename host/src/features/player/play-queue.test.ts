import { describe, expect, it } from 'vitest';
import type { StoredTrack, Track } from '@loofi/contracts';
import { PlayQueue } from './play-queue';

const track = (name: string): Track => ({
  title: name,
  author: 'A',
  audio: `https://x.example/${name}.wav`,
  image: '',
});
const stored = (entry: Track): StoredTrack => ({ ...entry, key: entry.title });

/** A seeded generator, so a failing case can be replayed. */
function seeded(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1664525 + 1013904223) % 2 ** 32;
    return state / 2 ** 32;
  };
}

describe('PlayQueue', () => {
  const FIVE = ['a', 'b', 'c', 'd', 'e'].map((name) => stored(track(name)));
  const titles = (tracks: readonly Track[]) => tracks.map((entry) => entry.title);
  /** A queue of the five in their order (a random of 0.999… keeps Fisher–Yates' order). */
  function queueOf(tracks: readonly Track[] = FIVE, playable?: (track: Track) => boolean) {
    const queue = new PlayQueue(() => 0.9999, playable);
    queue.fromLibrary(tracks);
    return queue;
  }

  it('shuffles the library on load, and keeps the order as the library changes', () => {
    const queue = new PlayQueue(seeded(5));
    queue.fromLibrary(FIVE);
    const first = titles(queue.tracks);
    expect([...first].sort()).toEqual(['a', 'b', 'c', 'd', 'e']);
    const f = stored(track('f'));
    queue.fromLibrary([...FIVE.slice(1), f]);
    expect(titles(queue.tracks).filter((title) => title !== 'f')).toEqual(
      first.filter((title) => title !== 'a'),
    );
  });

  it('takes a sample first, then keeps it at the head of the whole library', () => {
    const queue = new PlayQueue(seeded(2));
    expect(queue.fromSample([FIVE[3]!])).toBe(true);
    expect(queue.fromSample([FIVE[1]!])).toBe(false);
    queue.fromLibrary(FIVE);
    expect(queue.tracks[0]).toBe(FIVE[3]);
    expect(queue.tracks).toHaveLength(5);
  });

  it('plays next what Play next names, and Add to queue after the tracks queued before', () => {
    const queue = queueOf();
    const current = queue.tracks[0]!;
    expect(titles(queue.upNext(current))).toEqual(['b', 'c', 'd', 'e']);
    queue.queueAfter(current, track('d'), 'last');
    queue.queueAfter(current, track('e'), 'last');
    queue.queueAfter(current, track('c'), 'next');
    expect(titles(queue.upNext(current))).toEqual(['c', 'd', 'e', 'b']);
    // The queue's own entries, with their keys, not the commands' plain tracks.
    expect(queue.upNext(current)[0]).toBe(FIVE[2]);
    expect(queue.tracks[0]).toBe(current);
  });

  it('gives the same up-next list while the order and the current entry hold, a new one when either moves', () => {
    const queue = queueOf();
    const current = queue.tracks[0]!;
    const upNext = queue.upNext(current);
    // The same entry as a command carries it (its four fields) is the same current track.
    expect(queue.upNext({ ...current })).toBe(upNext);
    expect(titles(queue.upNext(FIVE[1]!))).toEqual(['c', 'd', 'e', 'a']);
    const again = queue.upNext(current);
    expect(again).not.toBe(upNext);
    expect(again).toEqual(upNext);
    queue.queueAfter(current, track('e'), 'next');
    expect(titles(queue.upNext(current))).toEqual(['e', 'b', 'c', 'd']);
  });

  it('never queues or removes the current track', () => {
    const queue = queueOf();
    expect(queue.queueAfter(FIVE[0]!, track('a'), 'next')).toBe(false);
    expect(queue.remove(FIVE[0]!, track('a'))).toBe(false);
    expect(queue.tracks).toEqual(FIVE);
  });

  it('moves a track among the upcoming ones, clamped to the list', () => {
    const queue = queueOf();
    queue.move(FIVE[0]!, track('e'), 0);
    expect(titles(queue.upNext(FIVE[0]!))).toEqual(['e', 'b', 'c', 'd']);
    queue.move(FIVE[0]!, track('e'), 99);
    expect(titles(queue.upNext(FIVE[0]!))).toEqual(['b', 'c', 'd', 'e']);
    queue.move(FIVE[0]!, track('zz'), 0);
    expect(titles(queue.upNext(FIVE[0]!))).toEqual(['b', 'c', 'd', 'e']);
  });

  it('keeps a removed track out when the library changes, until it is queued again', () => {
    const queue = queueOf();
    queue.remove(FIVE[0]!, track('c'));
    expect(titles(queue.upNext(FIVE[0]!))).toEqual(['b', 'd', 'e']);
    queue.fromLibrary([...FIVE, stored(track('f'))]);
    expect(titles(queue.tracks)).not.toContain('c');
    queue.queueAfter(FIVE[0]!, track('c'), 'next');
    expect(titles(queue.upNext(FIVE[0]!))[0]).toBe('c');
  });

  it('uses up a queued track reached in order; played from elsewhere, the queued ones follow', () => {
    const queue = queueOf();
    queue.queueAfter(FIVE[0]!, track('d'), 'next');
    queue.queueAfter(FIVE[0]!, track('e'), 'last');
    // Reached in order: 'd' becomes current, 'e' is still queued next.
    expect(queue.follow(FIVE[0]!, FIVE[3]!)).toBe(false);
    expect(titles(queue.upNext(FIVE[3]!))[0]).toBe('e');
    // The owner plays 'b' from a row: 'e' moves to play right after it.
    expect(queue.follow(FIVE[3]!, FIVE[1]!)).toBe(true);
    expect(titles(queue.upNext(FIVE[1]!))[0]).toBe('e');
  });

  it("adopts another tab's order, its removals and its queued tracks, once its own library is whole", () => {
    const playing = new PlayQueue(seeded(7));
    playing.fromLibrary(FIVE);
    const current = playing.tracks[0]!;
    const others = playing.upNext(current);
    playing.queueAfter(current, others[3]!, 'next');
    playing.remove(current, others[1]!);
    const shared = structuredClone(playing.shared());

    const follower = new PlayQueue(seeded(99));
    follower.fromSample([FIVE[4]!]);
    follower.adopt(shared);
    // A sample is not the library: the order waits for the whole of it.
    expect(titles(follower.tracks)).toEqual(['e']);
    const g = stored(track('g'));
    follower.fromLibrary([...FIVE, g]);
    // Its own entries (with their keys) in the playing tab's order; a track the playing tab
    // has not seen yet follows; the removed one stays out.
    expect(titles(follower.upNext(current))).toEqual([...titles(playing.upNext(current)), 'g']);
    expect(follower.tracks).toContain(FIVE[0]);
    expect(titles(follower.tracks)).not.toContain(others[1]!.title);
    // Add to queue goes after the track queued in the playing tab.
    follower.queueAfter(current, others[2]!, 'last');
    expect(titles(follower.upNext(current)).slice(0, 2)).toEqual([
      others[3]!.title,
      others[2]!.title,
    ]);
  });

  it('places a track the playing tab added where it played it, once this tab reads it too', () => {
    const f = stored(track('f'));
    const playing = new PlayQueue(seeded(3));
    playing.fromLibrary(FIVE);
    // Added in the playing tab: its library has it before this tab's does.
    playing.fromLibrary([...FIVE, f]);
    const current = playing.tracks[0]!;
    const follower = new PlayQueue(seeded(11));
    follower.fromLibrary(FIVE);
    follower.adopt(structuredClone(playing.shared()));
    expect(titles(follower.tracks)).toEqual(
      titles(playing.tracks).filter((title) => title !== 'f'),
    );
    follower.fromLibrary([...FIVE, f]);
    expect(titles(follower.tracks)).toEqual(titles(playing.tracks));
    expect(titles(follower.upNext(current))).toEqual(titles(playing.upNext(current)));
  });

  it('keeps a change of order made here over an adopted order still waiting for an entry', () => {
    const playing = new PlayQueue(seeded(3));
    playing.fromLibrary([...FIVE, stored(track('f'))]);
    const follower = new PlayQueue(seeded(11));
    follower.fromLibrary(FIVE);
    follower.adopt(structuredClone(playing.shared()));
    const current = follower.tracks[0]!;
    const last = follower.upNext(current).at(-1)!;
    follower.move(current, last, 0);
    follower.fromLibrary([...FIVE, stored(track('g'))]);
    expect(follower.upNext(current)[0]).toBe(last);
  });

  it('gives neighbours both ways, never the current one', () => {
    const queue = queueOf();
    expect(queue.neighbourOf(FIVE[4]!, 1)).toBe(FIVE[0]);
    expect(queue.neighbourOf(FIVE[0]!, -1)).toBe(FIVE[4]);
    expect(queue.neighbourOf(null, 1)).toBe(FIVE[0]);
    expect(queueOf([FIVE[0]!]).neighbourOf(FIVE[0]!, 1)).toBeNull();
  });

  it('offline, passes over the tracks that cannot play, and says so once until back online', () => {
    const kept = new Set(['a', 'd']);
    const queue = queueOf(FIVE, (entry) => kept.has(entry.title));
    expect(queue.neighbourOf(FIVE[0]!, 1)).toBe(FIVE[3]);
    expect(queue.offlineNotice('skipped')).toBe('skipped');
    expect(queue.neighbourOf(FIVE[3]!, 1)).toBe(FIVE[0]);
    expect(queue.offlineNotice('skipped')).toBeNull();
    queue.online();
    queue.neighbourOf(FIVE[0]!, 1);
    expect(queue.offlineNotice('skipped')).toBe('skipped');
    // Nothing else can play: no neighbour.
    kept.delete('d');
    expect(queue.neighbourOf(FIVE[0]!, 1)).toBeNull();
  });

  it('passes over failed entries without the offline notice, until picked or online again', () => {
    const queue = queueOf();
    queue.markFailed(FIVE[1]!);
    queue.markFailed(FIVE[2]!);
    expect(queue.neighbourOf(FIVE[0]!, 1)).toBe(FIVE[3]);
    expect(queue.offlineNotice('skipped')).toBeNull();
    queue.retry(FIVE[1]!);
    expect(queue.neighbourOf(FIVE[0]!, 1)).toBe(FIVE[1]);
    queue.online();
    expect(queue.neighbourOf(FIVE[1]!, 1)).toBe(FIVE[2]);
  });

  it('marks an entry failed by its key, not its audio address', () => {
    const first = { ...track('a'), key: 'k1' };
    const second = { ...track('same audio'), audio: first.audio, key: 'k2' };
    const third = stored(track('c'));
    const queue = queueOf([first, second, third]);
    queue.markFailed(second);
    expect(queue.neighbourOf(first, 1)).toBe(third);
    expect(queue.neighbourOf(third, 1)).toBe(first);
  });

  it('keeps two library entries of one audio address apart', () => {
    const first = { ...track('a'), key: 'k1' };
    const second = { ...track('same audio'), audio: first.audio, key: 'k2' };
    const queue = queueOf([first, second]);
    expect(queue.tracks).toEqual([first, second]);
    expect(queue.neighbourOf(first, 1)).toBe(second);
    expect(queue.find({ title: 'same audio', author: 'A', audio: first.audio, image: '' })).toBe(
      second,
    );
  });
});
