import { describe, expect, it } from 'vitest';
import type { PlayerCommand, PlayerState } from '..';
import type { Observable } from 'rxjs';
import {
  createPlayerBus,
  INITIAL_PLAYER_STATE,
  playbackOf,
  positionOf,
  volumeOf,
} from './player-bus';

describe('createPlayerBus', () => {
  it('hands dispatched commands to the controller in order', () => {
    const bus = createPlayerBus();
    const seen: PlayerCommand[] = [];
    bus.commands$.subscribe((command) => seen.push(command));
    bus.dispatch({ type: 'toggle' });
    bus.dispatch({ type: 'seek', seconds: 12 });
    expect(seen).toEqual([{ type: 'toggle' }, { type: 'seek', seconds: 12 }]);
  });

  it('replays the latest state to a late subscriber and merges patches', () => {
    const bus = createPlayerBus();
    bus.setState({ playing: true, position: 3 });
    const seen: PlayerState[] = [];
    bus.state$.subscribe((state) => seen.push(state));
    expect(seen).toEqual([{ ...INITIAL_PLAYER_STATE, playing: true, position: 3 }]);
    bus.setState({ position: 4 });
    expect(seen.at(-1)).toMatchObject({ playing: true, position: 4 });
    expect(bus.state.position).toBe(4);
  });

  it('splits the state into playback, position and volume, each moving only with its own', () => {
    const bus = createPlayerBus();
    // A shell of an earlier release offers only state$: the helpers derive the same parts.
    const earlier = { state$: bus.state$, dispatch: bus.dispatch };
    for (const source of [bus, earlier]) {
      const count = (part$: Observable<unknown>) => {
        const seen: unknown[] = [];
        part$.subscribe((value) => seen.push(value));
        return seen;
      };
      const playback = count(playbackOf(source));
      const position = count(positionOf(source));
      const volume = count(volumeOf(source));
      bus.setState({ position: 1, duration: 90 });
      bus.setState({ position: 1.25 });
      bus.setState({ playing: true });
      bus.setState({ volume: 0.2 });
      expect(playback).toHaveLength(2);
      expect(playback.at(-1)).toEqual({ current: null, playing: true, queue: [], error: null });
      expect(position).toHaveLength(3);
      expect(position.at(-1)).toEqual({ position: 1.25, duration: 90 });
      expect(volume).toHaveLength(2);
      expect(volume.at(-1)).toEqual({ volume: 0.2, muted: false });
      bus.setState({ ...INITIAL_PLAYER_STATE });
    }
  });

  it('carries the up-next list in the playback part (contract 1.3), absent from an earlier shell', () => {
    const bus = createPlayerBus({ contract: 1.3 });
    const seen: unknown[] = [];
    playbackOf(bus).subscribe((playback) => seen.push(playback.upNext));
    const next = [{ title: 'b', author: 'A', audio: 'https://x.example/b.wav', image: '' }];
    bus.setState({ upNext: next });
    bus.setState({ position: 3 });
    expect(seen).toEqual([undefined, next]);
    expect(bus.accepts).toContain('move');
  });

  it("carries the current entry's library key in the playback part (contract 1.4)", () => {
    const bus = createPlayerBus({ contract: 1.4 });
    const seen: unknown[] = [];
    playbackOf(bus).subscribe((playback) => seen.push(playback.currentKey));
    const current = { title: 'b', author: 'A', audio: 'https://x.example/b.wav', image: '' };
    bus.setState({ current, currentKey: 'k2' });
    bus.setState({ position: 3 });
    bus.setState({ current: { ...current, title: 'c' }, currentKey: 'k3' });
    expect(seen).toEqual([undefined, 'k2', 'k3']);
  });
});
