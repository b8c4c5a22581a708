import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { NEVER } from 'rxjs';
import { afterEach, describe, expect, it } from 'vitest';
import { createPlayerBus } from '@loofi/contracts/player';
import { PlayerBar } from './player-bar';
import type { SleepControls } from './sleep-timer';
import { createSleepTimer } from './sleep-timer';
import { SleepTimerButton } from './sleep-timer-button';

function setUp() {
  const endOfTrack: boolean[] = [];
  const controls: SleepControls = {
    fadeOutAndPause: () => undefined,
    stopAtEndOfTrack: (on) => void endOfTrack.push(on),
    stoppedAtEndOfTrack$: NEVER,
  };
  render(<SleepTimerButton timer={createSleepTimer(controls)} />);
  return { user: userEvent.setup(), endOfTrack };
}

describe('SleepTimerButton', () => {
  it('opens a menu of choices; the button then says how long is left, until Off', async () => {
    const { user } = setUp();
    await user.click(screen.getByRole('button', { name: 'Sleep timer' }));
    const menu = await screen.findByRole('menu', { name: 'Sleep timer' });
    expect(screen.getAllByRole('menuitemradio').map((item) => item.textContent)).toEqual([
      '15 minutes',
      '30 minutes',
      '45 minutes',
      '1 hour',
      'End of track',
      'Off',
    ]);
    expect(screen.getByRole('menuitemradio', { name: 'Off' })).toHaveAttribute(
      'aria-checked',
      'true',
    );

    await user.click(screen.getByRole('menuitemradio', { name: '15 minutes' }));
    await waitFor(() => expect(menu).not.toBeInTheDocument());
    const button = screen.getByRole('button', { name: 'Sleep timer: 15 minutes left' });

    await user.click(button);
    expect(await screen.findByRole('menuitemradio', { name: '15 minutes' })).toHaveAttribute(
      'aria-checked',
      'true',
    );
    expect(screen.getByRole('menuitemradio', { name: 'Off' })).toHaveAttribute(
      'aria-checked',
      'false',
    );
    await user.click(screen.getByRole('menuitemradio', { name: 'Off' }));
    expect(screen.getByRole('button', { name: 'Sleep timer' })).toBeInTheDocument();
  });

  it('is operable from the keyboard', async () => {
    const { user, endOfTrack } = setUp();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Sleep timer' })).toHaveFocus();
    await user.keyboard('{Enter}');
    // The chosen item (Off) has the focus; End of track is the one above it.
    await waitFor(() => expect(screen.getByRole('menuitemradio', { name: 'Off' })).toHaveFocus());
    await user.keyboard('{ArrowUp}{Enter}');
    expect(endOfTrack).toEqual([true]);
    const button = screen.getByRole('button', { name: 'Sleep timer: end of track' });
    await waitFor(() => expect(button).toHaveFocus());
    await user.keyboard('{Enter}');
    await waitFor(() =>
      expect(screen.getByRole('menuitemradio', { name: 'End of track' })).toHaveFocus(),
    );
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument());
    expect(button).toHaveAccessibleName('Sleep timer: end of track');
  });
});

function setViewport(width: number) {
  (window as unknown as { happyDOM: { setViewport(size: object): void } }).happyDOM.setViewport({
    width,
    height: 844,
  });
}

describe('the sleep timer in the player bar', () => {
  afterEach(() => setViewport(1024));

  it('sits with the controls on a wide screen, and in a phone’s whole player only', async () => {
    const controls: SleepControls = {
      fadeOutAndPause: () => undefined,
      stopAtEndOfTrack: () => undefined,
      stoppedAtEndOfTrack$: NEVER,
    };
    const sleepTimer = createSleepTimer(controls);
    const user = userEvent.setup();
    const { unmount } = render(<PlayerBar player={createPlayerBus()} sleepTimer={sleepTimer} />);
    expect(screen.getByRole('button', { name: 'Sleep timer' })).toBeInTheDocument();
    unmount();

    setViewport(390);
    render(<PlayerBar player={createPlayerBus()} sleepTimer={sleepTimer} />);
    expect(screen.queryByRole('button', { name: 'Sleep timer' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Show the whole player' }));
    expect(screen.getByRole('button', { name: 'Sleep timer' })).toBeInTheDocument();
  });
});
