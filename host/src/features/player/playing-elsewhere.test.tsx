import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { BehaviorSubject } from 'rxjs';
import { afterEach, describe, expect, it } from 'vitest';
import type { PlayerCommand } from '@loofi/contracts';
import { createPlayerBus, INITIAL_PLAYER_STATE } from '@loofi/contracts/player';
import { PlayerBar } from './player-bar';

const track = {
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

describe('the player bar while another tab plays', () => {
  afterEach(() => setViewport(1024));

  it('says so in place of the seek row, and Play here asks for the music here', async () => {
    const bus = createPlayerBus({
      initial: { ...INITIAL_PLAYER_STATE, current: track, duration: 200 },
    });
    const commands: PlayerCommand[] = [];
    bus.commands$.subscribe((command) => commands.push(command));
    const elsewhere = new BehaviorSubject(false);
    render(<PlayerBar player={bus} playingElsewhere={elsewhere} />);
    expect(screen.queryByText('Playing in another tab')).not.toBeInTheDocument();
    expect(screen.getByRole('slider', { name: 'Seek' })).toBeInTheDocument();

    act(() => elsewhere.next(true));
    expect(screen.getByRole('status')).toHaveTextContent('Playing in another tab');
    expect(screen.queryByRole('slider', { name: 'Seek' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Play here' }));
    expect(commands).toEqual([{ type: 'toggle' }]);

    act(() => elsewhere.next(false));
    expect(screen.queryByRole('button', { name: 'Play here' })).not.toBeInTheDocument();
    expect(screen.getByRole('slider', { name: 'Seek' })).toBeInTheDocument();
  });

  it('on a phone, the compact bar says so too, with Play here beside Play', async () => {
    setViewport(390);
    const bus = createPlayerBus({ initial: { ...INITIAL_PLAYER_STATE, current: track } });
    const commands: PlayerCommand[] = [];
    bus.commands$.subscribe((command) => commands.push(command));
    render(<PlayerBar player={bus} playingElsewhere={new BehaviorSubject(true)} />);
    expect(screen.getByRole('button', { name: 'Show the whole player' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Playing in another tab');
    expect(screen.getByRole('button', { name: 'Play' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Play here' }));
    expect(commands).toEqual([{ type: 'toggle' }]);
  });
});
