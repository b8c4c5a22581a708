import { describe, expect, it } from 'vitest';
import type { PlayerCommand, PlayerState } from '../contracts';
import { createPlayerBus, INITIAL_PLAYER_STATE } from './player-bus';

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
});
