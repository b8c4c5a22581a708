import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { FOCUS_PRESETS } from '@loofi/contracts';
import type { PlayerCommand } from '@loofi/contracts';
import { createPlayerBus } from '@loofi/contracts/player';
import { FocusCard } from './focus-card';

function busOf(contract: number) {
  const player = createPlayerBus({ contract });
  const commands: PlayerCommand[] = [];
  player.commands$.subscribe((command) => commands.push(command));
  return { player, commands };
}

describe('FocusCard', () => {
  it('starts the chosen plan, a preset or custom lengths', async () => {
    const user = userEvent.setup();
    const { player, commands } = busOf(1.4);
    render(<FocusCard player={player} />);
    const card = screen.getByRole('region', { name: 'Focus' });
    expect(card).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Start focus' }));
    await user.click(screen.getByRole('button', { name: '50 / 10 minutes' }));
    await user.click(screen.getByRole('button', { name: 'Start focus' }));
    await user.click(screen.getByRole('button', { name: 'Custom' }));
    const focusMinutes = screen.getByRole('slider', { name: 'Focus minutes' });
    act(() => focusMinutes.focus());
    await user.keyboard('{ArrowRight}{ArrowRight}');
    await user.click(screen.getByRole('button', { name: 'Start focus' }));
    expect(commands).toEqual([
      { type: 'focusStart', plan: FOCUS_PRESETS[0] },
      { type: 'focusStart', plan: FOCUS_PRESETS[1] },
      { type: 'focusStart', plan: { focus: 42, break: 8, longBreak: 24 } },
    ]);
  });

  it('shows a running session and drives it', async () => {
    const user = userEvent.setup();
    const { player, commands } = busOf(1.4);
    const focus = {
      plan: FOCUS_PRESETS[0]!,
      block: 2,
      phase: 'focus' as const,
      long: false,
      endsAt: Date.now() + 12 * 60_000,
      leftMs: 0,
    };
    render(<FocusCard player={player} />);
    act(() => player.setState({ focus }));
    expect(await screen.findByRole('timer')).toHaveTextContent('12:00');
    expect(screen.getByText(/Block 2/)).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Pause focus' }));
    act(() => player.setState({ focus: { ...focus, endsAt: null, leftMs: 90_000 } }));
    expect(screen.getByRole('timer')).toHaveTextContent('01:30');
    await user.click(screen.getByRole('button', { name: 'Resume focus' }));
    await user.click(screen.getByRole('button', { name: 'Skip' }));
    await user.click(screen.getByRole('button', { name: 'Stop focus' }));
    expect(commands.map(({ type }) => type)).toEqual([
      'focusPause',
      'focusResume',
      'focusSkip',
      'focusStop',
    ]);
  });

  it('keeps the focus in the card when Start focus and Stop focus leave with their view', async () => {
    const user = userEvent.setup();
    const { player } = busOf(1.4);
    // The shell answers as it does: the session starts and stops with the commands.
    player.commands$.subscribe((command) => {
      if (command.type === 'focusStart') {
        const focus = { plan: command.plan, block: 1, phase: 'focus' as const, long: false };
        player.setState({ focus: { ...focus, endsAt: Date.now() + 60_000, leftMs: 0 } });
      }
      if (command.type === 'focusStop') player.setState({ focus: null });
    });
    render(<FocusCard player={player} />);
    act(() => screen.getByRole('button', { name: 'Start focus' }).focus());
    await user.keyboard('{Enter}');
    expect(screen.getByRole('button', { name: 'Pause focus' })).toHaveFocus();
    await user.tab();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Stop focus' })).toHaveFocus();
    await user.keyboard(' ');
    expect(screen.getByRole('button', { name: 'Start focus' })).toHaveFocus();
  });

  it('moves no focus when a session starts elsewhere', () => {
    const { player } = busOf(1.4);
    render(
      <>
        <button type="button">Elsewhere</button>
        <FocusCard player={player} />
      </>,
    );
    const elsewhere = screen.getByRole('button', { name: 'Elsewhere' });
    act(() => elsewhere.focus());
    const focus = { plan: FOCUS_PRESETS[0]!, block: 1, phase: 'focus' as const, long: false };
    act(() => player.setState({ focus: { ...focus, endsAt: Date.now() + 60_000, leftMs: 0 } }));
    expect(elsewhere).toHaveFocus();
  });

  it('moves no focus when a session starts elsewhere after the owner left the card for the page', async () => {
    const { player } = busOf(1.4);
    render(<FocusCard player={player} />);
    const start = screen.getByRole('button', { name: 'Start focus' });
    act(() => start.focus());
    // A click on the page's background: the focus goes to the body, the button stays (and
    // the session starts in a later task).
    await act(async () => start.blur());
    const focus = { plan: FOCUS_PRESETS[0]!, block: 1, phase: 'focus' as const, long: false };
    act(() => player.setState({ focus: { ...focus, endsAt: Date.now() + 60_000, leftMs: 0 } }));
    expect(document.body).toHaveFocus();
  });

  it('is not shown under a shell without a focus timer', () => {
    render(<FocusCard player={busOf(1.3).player} />);
    expect(screen.queryByRole('region', { name: 'Focus' })).toBeNull();
  });
});
