import { describe, expect, it } from 'vitest';
import type { StoredTrack, Track } from '@loofi/contracts';
import { selectHomeTracks } from './home-tracks';

const track = (name: string): Track => ({
  title: `Title ${name}`,
  author: `Author ${name}`,
  audio: `https://audio.example/${name}.mp3`,
  image: `https://images.example/${name}.webp`,
});
const stored = (name: string): StoredTrack => ({ ...track(name), key: name });
const idle = { queue: [], current: null, playing: false };
const loaded = (tracks: readonly StoredTrack[]) => ({ status: 'loaded' as const, tracks });
const titles = (tracks: readonly Track[]) => tracks.map((entry) => entry.title);

describe('selectHomeTracks', () => {
  it('shows the player’s queue, in its order, once it has tracks', () => {
    const view = selectHomeTracks(
      { queue: [track('b'), track('a')], current: track('a'), playing: true },
      loaded([stored('a'), stored('b'), stored('c')]),
    );
    expect(view).toEqual({
      status: 'ready',
      shown: [track('b'), track('a')],
      total: 2,
      current: track('a'),
      playing: true,
    });
  });

  it('falls back to the library while the queue is empty', () => {
    const view = selectHomeTracks(idle, loaded([stored('a'), stored('b')]));
    expect(view.status === 'ready' && titles(view.shown)).toEqual(['Title a', 'Title b']);
  });

  it('waits for the library, says when it failed, and when it is empty', () => {
    expect(selectHomeTracks(idle, { status: 'loading' })).toEqual({ status: 'loading' });
    expect(selectHomeTracks(idle, { status: 'failed' })).toEqual({ status: 'failed' });
    expect(selectHomeTracks(idle, loaded([]))).toEqual({ status: 'empty' });
  });

  it('still shows the queue when the library cannot be read', () => {
    expect(selectHomeTracks({ ...idle, queue: [track('a')] }, { status: 'failed' })).toMatchObject({
      status: 'ready',
      total: 1,
    });
  });

  it('offers no "all" while the library is still being read (the queue may be a sample)', () => {
    const queue = ['a', 'b', 'c', 'd', 'e'].map(track);
    const view = selectHomeTracks({ ...idle, queue }, { status: 'loading' }, 3);
    expect(view).toMatchObject({ status: 'ready', total: 3 });
  });

  it('shows at most the limit, and keeps the current track in sight beyond it', () => {
    const queue = ['a', 'b', 'c', 'd', 'e'].map(track);
    const first = selectHomeTracks({ ...idle, queue }, loaded([]), 3);
    expect(first.status === 'ready' && titles(first.shown)).toEqual([
      'Title a',
      'Title b',
      'Title c',
    ]);
    expect(first).toMatchObject({ total: 5 });

    const later = selectHomeTracks({ queue, current: track('e'), playing: true }, loaded([]), 3);
    expect(later.status === 'ready' && titles(later.shown)).toEqual([
      'Title a',
      'Title b',
      'Title e',
    ]);
  });

  it('gives one card per audio', () => {
    const view = selectHomeTracks(idle, loaded([stored('a'), { ...stored('a'), key: 'again' }]));
    expect(view).toMatchObject({ status: 'ready', total: 1 });
  });
});

describe('selectHomeTracks under a shell that publishes what plays next (contract 1.3)', () => {
  it('shows the current track, then the tracks that will play next, not those already played', () => {
    const queue = ['a', 'b', 'c', 'd'].map(track);
    const view = selectHomeTracks(
      { queue, current: track('c'), playing: true, upNext: [track('d'), track('a'), track('b')] },
      loaded([]),
    );
    expect(view.status === 'ready' && titles(view.shown)).toEqual([
      'Title c',
      'Title d',
      'Title a',
      'Title b',
    ]);
    expect(view).toMatchObject({ total: 4 });
  });

  it('gives the current track one card when its audio comes again in the list, and counts it once', () => {
    const queue = ['a', 'b', 'c'].map(track);
    const upNext = [track('b'), { ...track('c'), title: 'c again' }, track('a'), track('c')];
    const view = selectHomeTracks(
      { queue, current: track('c'), playing: true, upNext },
      loaded([]),
      3,
    );
    expect(view.status === 'ready' && titles(view.shown)).toEqual([
      'Title c',
      'Title b',
      'Title a',
    ]);
    expect(view).toMatchObject({ total: 3 });
  });

  it('with nothing playing yet, shows the published list as it is', () => {
    const upNext = ['b', 'a'].map(track);
    const view = selectHomeTracks({ ...idle, queue: ['a', 'b'].map(track), upNext }, loaded([]));
    expect(view.status === 'ready' && titles(view.shown)).toEqual(['Title b', 'Title a']);
  });
});
