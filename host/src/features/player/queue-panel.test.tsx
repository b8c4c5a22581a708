import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { BehaviorSubject } from 'rxjs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import * as kit from '@loofi/ui-kit';
import type { OfflineState, OfflineTracks, PlayerCommand, Track } from '@loofi/contracts';
import { createPlayerBus, INITIAL_PLAYER_STATE } from '@loofi/contracts/player';
import { QueueButton } from './queue-button';
import { QueuePanel } from './queue-panel';

const track = (index: number): Track => ({
  title: `Track ${index}`,
  author: `Author ${index}`,
  audio: `https://x.example/${index}.mp3`,
  image: '',
});

function setUp(count: number, offline?: OfflineTracks) {
  const queue = Array.from({ length: count }, (_, index) => track(index));
  const bus = createPlayerBus({
    initial: { ...INITIAL_PLAYER_STATE, queue, current: queue[2]!, playing: true },
    contract: 1.2,
  });
  const sent: PlayerCommand[] = [];
  bus.commands$.subscribe((command) => sent.push(command));
  const onClose = vi.fn();
  render(
    <QueuePanel
      id="queue"
      kit={kit}
      player={bus}
      {...(offline ? { offline } : {})}
      onClose={onClose}
    />,
  );
  return { bus, sent, queue, onClose, user: userEvent.setup() };
}

// The test page lays nothing out: the list is given a phone screen's size, as a browser would.
beforeEach(() => {
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(512);
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(360);
});
afterEach(() => vi.restoreAllMocks());

const upNext = () => screen.getByRole('list', { name: /Up next/ });

describe('QueuePanel', () => {
  it('decodes every cover off the main thread, at the size of its row', () => {
    const queue = [0, 1, 2].map((index) => ({ ...track(index), image: `/covers/${index}.png` }));
    const bus = createPlayerBus({
      initial: { ...INITIAL_PLAYER_STATE, queue, current: queue[0]!, playing: true },
      contract: 1.2,
    });
    render(<QueuePanel id="queue" kit={kit} player={bus} onClose={() => undefined} />);
    const covers = [...screen.getByRole('dialog', { name: 'Queue' }).querySelectorAll('img')];
    expect(covers.map((cover) => cover.getAttribute('src'))).toEqual([
      '/covers/0.png',
      '/covers/1.png',
      '/covers/2.png',
    ]);
    for (const cover of covers) {
      expect(cover).toHaveAttribute('decoding', 'async');
      expect(cover).toHaveAttribute('width', '40');
      expect(cover).toHaveAttribute('height', '40');
    }
  });

  it('shows the current track first, marked as playing, then the tracks after it, wrapping around', () => {
    setUp(5);
    const dialog = screen.getByRole('dialog', { name: 'Queue' });
    const now = within(dialog).getByRole('region', { name: 'Now playing' });
    expect(now).toHaveTextContent('Track 2');
    expect(now).toHaveTextContent('Playing');
    expect(
      within(upNext())
        .getAllByRole('listitem')
        .map((item) => item.getAttribute('aria-label')),
    ).toEqual([
      'Track 3 by Author 3',
      'Track 4 by Author 4',
      'Track 0 by Author 0',
      'Track 1 by Author 1',
    ]);
  });

  it('draws only the rows in view of a queue of 10,000 tracks', () => {
    setUp(10_000);
    expect(screen.getByRole('heading', { name: 'Up next (9999)' })).toBeInTheDocument();
    expect(within(upNext()).getAllByRole('listitem').length).toBeLessThan(40);
  });

  it('plays a track now, removes one, and moves one with the menu or the keyboard', async () => {
    const { sent, queue, user } = setUp(6);
    await user.click(screen.getByRole('button', { name: 'Play Track 4 Author 4' }));
    expect(sent.at(-1)).toEqual({ type: 'play', track: queue[4] });

    const row = screen.getByRole('listitem', { name: 'Track 5 by Author 5' });
    await user.click(within(row).getByRole('button', { name: 'Remove from queue' }));
    expect(sent.at(-1)).toEqual({ type: 'dequeue', track: queue[5] });

    await user.click(within(row).getByRole('button', { name: 'More actions' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Move up' }));
    expect(sent.at(-1)).toEqual({ type: 'move', track: queue[5], to: 1 });

    screen.getByRole('button', { name: 'Play Track 3 Author 3' }).focus();
    await user.keyboard('{Alt>}{ArrowDown}{/Alt}');
    expect(sent.at(-1)).toEqual({ type: 'move', track: queue[3], to: 1 });
    await user.keyboard('{Delete}');
    expect(sent.at(-1)).toEqual({ type: 'dequeue', track: queue[3] });
  });

  it('keeps focus in the panel when the focused track leaves the list', () => {
    const { bus } = setUp(4);
    // As the engine does: the track played now becomes the current one.
    bus.commands$.subscribe((command) => {
      if (command.type === 'play' && command.track) bus.setState({ current: command.track });
    });
    // Up next is Track 3, Track 0, Track 1: Track 0 plays, Track 1 now plays next.
    fireEvent.click(screen.getByRole('button', { name: 'Play Track 0 Author 0' }));
    expect(screen.getByRole('button', { name: 'Play Track 1 Author 1' })).toHaveFocus();
    // Removed, it hands focus to the track that took its place.
    fireEvent.keyDown(document.activeElement!, { key: 'Delete' });
    expect(screen.getByRole('button', { name: 'Play Track 2 Author 2' })).toHaveFocus();
  });

  it('hands focus to Now playing when the last track leaves Up next', () => {
    const { bus, queue } = setUp(3);
    act(() => bus.setState({ queue: [queue[2]!, track(7)] }));
    bus.commands$.subscribe((command) => {
      if (command.type === 'dequeue') bus.setState({ queue: [queue[2]!] });
    });
    const only = screen.getByRole('button', { name: 'Play Track 7 Author 7' });
    fireEvent.keyDown(only, { key: 'Delete' });
    expect(
      screen.getByText('Nothing plays after this track. Add tracks in the Music tab.'),
    ).toBeVisible();
    expect(screen.getByRole('region', { name: 'Now playing' })).toHaveFocus();
  });

  it('offers Keep offline where tracks can be kept, and says when the host refuses', async () => {
    const state = new BehaviorSubject<OfflineState>({ kept: new Map(), saving: new Set() });
    const offline: OfflineTracks = {
      state$: state,
      keep: vi.fn(() => Promise.reject(new Error('“Track 3” cannot be kept offline.'))),
      remove: vi.fn(() => Promise.resolve()),
      removeAll: vi.fn(() => Promise.resolve()),
    };
    const { user, queue } = setUp(4, offline);
    const row = screen.getByRole('listitem', { name: 'Track 3 by Author 3' });
    await user.click(within(row).getByRole('button', { name: 'More actions' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Keep offline' }));
    expect(offline.keep).toHaveBeenCalledWith(queue[3]);
    expect(await screen.findByRole('alert')).toHaveTextContent('“Track 3” cannot be kept offline.');

    act(() => state.next({ kept: new Map([[queue[3]!.audio, 1000]]), saving: new Set() }));
    expect(within(row).getByTitle('Kept offline')).toBeInTheDocument();
    await user.click(within(row).getByRole('button', { name: 'More actions' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Remove offline copy' }));
    expect(offline.remove).toHaveBeenCalledWith(queue[3]);
  });

  it('has no Keep offline where nothing can be kept', async () => {
    const { user } = setUp(4);
    const row = screen.getByRole('listitem', { name: 'Track 3 by Author 3' });
    await user.click(within(row).getByRole('button', { name: 'More actions' }));
    await screen.findByRole('menuitem', { name: 'Move down' });
    expect(screen.queryByRole('menuitem', { name: 'Keep offline' })).not.toBeInTheDocument();
  });
});

describe('QueueButton', () => {
  it('opens the Queue and closes it', async () => {
    const bus = createPlayerBus({ contract: 1.2 });
    render(<QueueButton player={bus} />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Queue' }));
    const dialog = await screen.findByRole('dialog', { name: 'Queue' });
    expect(dialog).toHaveTextContent('Nothing yet');
    await user.click(within(dialog).getByRole('button', { name: 'Close the queue' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});
