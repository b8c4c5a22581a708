import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { of } from 'rxjs';
import { describe, expect, it, vi } from 'vitest';
import type { PlayerCommand, Track } from '@loofi/contracts';
import { createPlayerBus, INITIAL_PLAYER_STATE } from '@loofi/contracts/player';
import type { SleepTimer, SleepTimerState } from '../player/sleep-timer';
import { MiniPlayerView } from './mini-player-view';

const track: Track = {
  title: 'Rain on the window',
  author: 'loofi',
  audio: 'https://example.org/rain.mp3',
  image: '',
};

function sleepTimerAt(state: SleepTimerState, name: string): SleepTimer {
  return { state$: of(state), name$: of(name), set: () => undefined };
}

describe('MiniPlayerView', () => {
  it("shows the track and the bar's controls, which act on the player", async () => {
    const bus = createPlayerBus({
      initial: { ...INITIAL_PLAYER_STATE, current: track, playing: true, duration: 120 },
    });
    const commands: PlayerCommand[] = [];
    bus.commands$.subscribe((command) => commands.push(command));
    render(<MiniPlayerView player={bus} page={document} />);

    expect(screen.getByRole('main')).toBeInTheDocument();
    expect(screen.getByText('Rain on the window')).toBeInTheDocument();
    expect(screen.getByText('loofi')).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Previous' }));
    await user.click(screen.getByRole('button', { name: 'Pause' }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(commands).toEqual([{ type: 'previous' }, { type: 'toggle' }, { type: 'next' }]);

    act(() => bus.setState({ playing: false, position: 65 }));
    expect(screen.getByRole('button', { name: 'Play' })).toBeInTheDocument();
    expect(screen.getByRole('slider', { name: 'Seek' })).toHaveAttribute('aria-valuetext', '1:05');
    act(() => bus.setState({ playing: true, buffering: true }));
    expect(screen.getByRole('progressbar', { name: 'Buffering' })).toBeInTheDocument();
  });

  it('shows a running sleep timer in its words, and nothing of one that is off', () => {
    const bus = createPlayerBus();
    const { rerender } = render(
      <MiniPlayerView
        player={bus}
        page={document}
        sleepTimer={sleepTimerAt({ kind: 'end-of-track' }, 'Sleep timer: end of track')}
      />,
    );
    expect(screen.getByRole('timer')).toHaveTextContent('Sleep timer: end of track');
    rerender(
      <MiniPlayerView
        player={bus}
        page={document}
        sleepTimer={sleepTimerAt({ kind: 'off' }, 'Sleep timer')}
      />,
    );
    expect(screen.queryByRole('timer')).toBeNull();
  });

  it("hides the player's error after 5000 ms (SPEC §9), as the player bar does", () => {
    vi.useFakeTimers();
    try {
      const bus = createPlayerBus({ initial: { ...INITIAL_PLAYER_STATE, current: track } });
      render(<MiniPlayerView player={bus} page={document} />);
      act(() => bus.setState({ error: 'The track could not be played.' }));
      act(() => void vi.advanceTimersByTime(4900));
      expect(screen.getByRole('alert')).toBeInTheDocument();
      act(() => void vi.advanceTimersByTime(200));
      expect(screen.queryByRole('alert')).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });

  it("shows the player's error until it is dismissed, then the next one", async () => {
    const bus = createPlayerBus({ initial: { ...INITIAL_PLAYER_STATE, current: track } });
    render(<MiniPlayerView player={bus} page={document} />);
    expect(screen.queryByRole('alert')).toBeNull();
    act(() => bus.setState({ error: "'Rain on the window' could not be loaded: skipped." }));
    expect(screen.getByRole('alert')).toHaveTextContent(
      "'Rain on the window' could not be loaded: skipped.",
    );
    await userEvent.setup().click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('alert')).toBeNull();
    act(() => bus.setState({ error: 'Nothing in your library can be played right now.' }));
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Nothing in your library can be played right now.',
    );
  });
});
