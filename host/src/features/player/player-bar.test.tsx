import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Profiler } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Track } from '@loofi/contracts';
import { createPlayerBus, INITIAL_PLAYER_STATE } from '@loofi/contracts/player';
import { formatTime, PlayerBar } from './player-bar';

describe('formatTime', () => {
  it('reads m:ss, h:mm:ss from an hour on, and 0:00 for what is not a time', () => {
    expect(formatTime(65.9)).toBe('1:05');
    expect(formatTime(3600 + 62)).toBe('1:01:02');
    expect(formatTime(Number.POSITIVE_INFINITY)).toBe('0:00');
    expect(formatTime(-1)).toBe('0:00');
  });
});

const track: Track = {
  title: 'Rain on the window',
  author: 'loofi',
  audio: 'https://example.org/rain.mp3',
  image: '',
};

function setViewport(width: number) {
  (window as unknown as { happyDOM: { setViewport(size: object): void } }).happyDOM.setViewport({
    width,
    height: 844,
  });
}

describe('PlayerBar', () => {
  afterEach(() => setViewport(1024));

  it('follows the position in its seek bar and its volume in the volume slider', () => {
    const bus = createPlayerBus({
      initial: { ...INITIAL_PLAYER_STATE, current: track, duration: 200 },
    });
    render(<PlayerBar player={bus} />);
    act(() => bus.setState({ position: 65, volume: 0.5 }));
    expect(screen.getByRole('slider', { name: 'Seek' })).toHaveAttribute('aria-valuetext', '1:05');
    expect(screen.getByRole('slider', { name: 'Volume' })).toHaveAttribute('aria-valuetext', '50%');
    expect(screen.getByText('Rain on the window')).toBeInTheDocument();
  });

  it('on a phone, the compact bar is not rendered again as the position ticks', () => {
    setViewport(390);
    const bus = createPlayerBus({
      initial: { ...INITIAL_PLAYER_STATE, current: track, playing: true },
    });
    let commits = 0;
    render(
      <Profiler id="player" onRender={() => (commits += 1)}>
        <PlayerBar player={bus} />
      </Profiler>,
    );
    expect(screen.getByRole('button', { name: 'Show the whole player' })).toBeInTheDocument();
    commits = 0;
    act(() => {
      for (let second = 1; second <= 10; second += 1) bus.setState({ position: second });
    });
    expect(commits).toBe(0);
    act(() => bus.setState({ playing: false }));
    expect(commits).toBeGreaterThan(0);
    expect(screen.getByRole('button', { name: 'Play' })).toBeInTheDocument();
  });

  it('on a phone, keeps the focus on the toggle as the whole player opens and closes; Escape closes it', () => {
    setViewport(390);
    const bus = createPlayerBus({ initial: { ...INITIAL_PLAYER_STATE, current: track } });
    render(<PlayerBar player={bus} />);
    fireEvent.click(screen.getByRole('button', { name: 'Show the whole player' }));
    expect(screen.getByRole('button', { name: 'Show less of the player' })).toHaveFocus();
    fireEvent.click(screen.getByRole('button', { name: 'Show less of the player' }));
    expect(screen.getByRole('button', { name: 'Show the whole player' })).toHaveFocus();

    fireEvent.click(screen.getByRole('button', { name: 'Show the whole player' }));
    fireEvent.keyDown(screen.getByRole('button', { name: 'Next' }), { key: 'Escape' });
    expect(screen.getByRole('button', { name: 'Show the whole player' })).toHaveFocus();
  });

  it('decodes the cover off the main thread, at the size it is shown', () => {
    const bus = createPlayerBus({
      initial: { ...INITIAL_PLAYER_STATE, current: { ...track, image: '/covers/rain.png' } },
    });
    render(<PlayerBar player={bus} />);
    const cover = screen.getByRole('img', { name: 'Cover of Rain on the window' });
    expect(cover).toHaveAttribute('decoding', 'async');
    expect(cover).toHaveAttribute('width', '48');
    expect(cover).toHaveAttribute('height', '48');
  });

  it('hides an error after 5000 ms (SPEC §9)', () => {
    vi.useFakeTimers();
    try {
      const bus = createPlayerBus({ initial: { ...INITIAL_PLAYER_STATE, current: track } });
      render(<PlayerBar player={bus} />);
      act(() => bus.setState({ error: 'The track could not be played.' }));
      act(() => void vi.advanceTimersByTime(4900));
      expect(screen.getByRole('alert')).toBeInTheDocument();
      act(() => void vi.advanceTimersByTime(200));
      // The Snackbar's exit transition, then it is gone.
      act(() => void vi.advanceTimersByTime(1000));
      expect(screen.queryByRole('alert')).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });

  it('hides a dismissed error, and shows it again once it comes back after clearing', async () => {
    const failed = 'The track could not be played.';
    const bus = createPlayerBus({ initial: { ...INITIAL_PLAYER_STATE, current: track } });
    render(<PlayerBar player={bus} />);
    act(() => bus.setState({ error: failed }));
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent(failed);
    fireEvent.click(within(alert).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByText(failed)).toBeNull());

    // The owner presses Play (the error clears), and the same failure comes again.
    act(() => {
      bus.setState({ error: null });
      bus.setState({ error: failed });
    });
    expect(screen.getByRole('alert')).toHaveTextContent(failed);
  });

  for (const width of [1024, 390]) {
    it(`shows "Buffering" while the playing track waits for data, and says it once (${width}px)`, () => {
      setViewport(width);
      const bus = createPlayerBus({
        initial: { ...INITIAL_PLAYER_STATE, current: track, playing: true },
      });
      const { container } = render(<PlayerBar player={bus} />);
      const live = () => container.querySelector('[aria-live="polite"]');
      expect(screen.queryByRole('progressbar', { name: 'Buffering' })).toBeNull();
      expect(live()).toHaveTextContent('');
      act(() => bus.setState({ buffering: true }));
      expect(screen.getByRole('progressbar', { name: 'Buffering' })).toBeInTheDocument();
      expect(live()).toHaveTextContent('Buffering');
      // Pause still pauses while the track waits.
      expect(screen.getByRole('button', { name: 'Pause' })).toBeInTheDocument();
      act(() => bus.setState({ playing: false }));
      expect(screen.queryByRole('progressbar', { name: 'Buffering' })).toBeNull();
      act(() => bus.setState({ playing: true, buffering: false }));
      expect(screen.queryByRole('progressbar', { name: 'Buffering' })).toBeNull();
      expect(live()).toHaveTextContent('');
    });
  }
});
