import { describe, expect, it } from 'vitest';
import { createPlayerBus } from '@loofi/contracts/player';
import { createFakeRemoteProps } from '@loofi/backend/testing';
import type { HomeTracks } from './home-tracks';
import { homeTracks$ } from './use-home-tracks';
import { track } from './test-track';

describe('homeTracks$', () => {
  it('follows the queue, the current track and playing, not the position or the volume', () => {
    const { library } = createFakeRemoteProps({ tracks: [track('a'), track('b')] });
    const player = createPlayerBus();
    const seen: HomeTracks[] = [];
    const held = homeTracks$({ player, library }).subscribe((cards) => seen.push(cards));
    player.setState({ queue: [track('b'), track('a')], current: track('b') });
    const settled = seen.length;

    // What the bus reports several times a second while a track plays.
    player.setState({ position: 1, duration: 180 });
    player.setState({ position: 1.25 });
    player.setState({ volume: 0.5, muted: true });
    expect(seen).toHaveLength(settled);

    player.setState({ playing: true });
    expect(seen).toHaveLength(settled + 1);
    expect(seen.at(-1)).toMatchObject({ status: 'ready', playing: true, current: track('b') });
    held.unsubscribe();
  });
});
