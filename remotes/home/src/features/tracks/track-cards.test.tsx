import { act, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { createPlayerBus } from '@loofi/contracts/player';
import { createFakeRemoteProps } from '@loofi/backend/testing';
import type * as CardModule from './track-card';
import { TrackCards } from './track-cards';
import { track } from './test-track';

// Which cards render, and how often: the real card, counted.
const rendered = vi.hoisted(() => [] as string[]);
vi.mock('./track-card', async (importOriginal) => {
  const { memo } = await import('react');
  const real = (await importOriginal<typeof CardModule>()).TrackCard;
  const Card = real.type;
  return {
    TrackCard: memo(function Counted(props: Parameters<typeof Card>[0]) {
      rendered.push(props.track.title);
      return Card(props);
    }),
  };
});

describe('TrackCards', () => {
  it('a track starting or pausing re-renders its own card, not the queue', async () => {
    const tracks = [track('a'), track('b'), track('c')];
    const props = createFakeRemoteProps({ tracks });
    const player = createPlayerBus();
    player.setState({ queue: tracks });
    render(<TrackCards player={player} library={props.library} navigate={props.navigate} />);
    expect(await screen.findAllByRole('listitem')).toHaveLength(3);

    rendered.length = 0;
    act(() => player.setState({ current: tracks[1]!, playing: true }));
    expect(rendered).toEqual(['Track b']);

    rendered.length = 0;
    act(() => player.setState({ playing: false }));
    expect(rendered).toEqual(['Track b']);
  });
});
