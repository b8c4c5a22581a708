import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Track, RemoteModule } from '@loofi/contracts';
import { createPlayerBus } from '@loofi/contracts/player';
import { createFakeRemoteProps } from '@loofi/backend/testing';
import { CONTRACT_VERSION as CURRENT_CONTRACT } from '@loofi/contracts';
import * as exposed from './expose';

const App = exposed.default;

const track = (name: string): Track => ({
  title: `Track ${name}`,
  author: `Author ${name}`,
  audio: `https://audio.example/${name}.mp3`,
  image: `https://images.example/${name}.webp`,
});

/**
 * Fake props whose player state the test drives, as the host's player would; `contract` is
 * the version the shell's bus says it speaks (1.2: the queue), none for an earlier shell.
 */
function withPlayer(tracks: readonly Track[], contract?: number) {
  const props = createFakeRemoteProps({ tracks });
  const player = createPlayerBus(contract === undefined ? {} : { contract });
  player.commands$.subscribe((command) => props.dispatched.push(command));
  return { props: { ...props, player }, player };
}

const queue = () => screen.getByRole('region', { name: 'Queue' });
const cardOf = (button: HTMLElement) => button.closest('li');

describe('the Home remote ./App', () => {
  it('exposes the module the host mounts, stamped with the contract it was built against', () => {
    const module: RemoteModule = exposed;
    expect(module.CONTRACT_VERSION).toBe(CURRENT_CONTRACT);
  });

  it('greets and asks the shell to open the tab of the card the owner clicks', async () => {
    const props = createFakeRemoteProps({ tracks: [track('a')] });
    render(<App {...props} />);
    expect(
      screen.getByRole('heading', { name: /^Good (Morning|Afternoon|Evening)$/ }),
    ).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Settings' }));
    await userEvent.click(screen.getByRole('button', { name: 'Music' }));
    expect(props.navigations).toEqual(['settings', 'music']);
    expect(props.dispatched).toEqual([]);
  });

  it('shows the placeholder card with a dash, labelled Music, which is not a button', () => {
    render(<App {...createFakeRemoteProps()} />);
    expect(screen.getByText('-')).toBeVisible();
    expect(screen.getAllByRole('button', { name: 'Music' })).toHaveLength(1);
  });

  it('shows the library while the player has no queue, and plays the card clicked', async () => {
    const props = createFakeRemoteProps({ tracks: [track('a'), track('b')] });
    render(<App {...props} />);
    // Named by the title and author it shows (WCAG 2.5.3); the cover is decorative.
    const play = within(queue()).getByRole('button', { name: 'Play Track b Author b' });
    expect(play).toHaveTextContent('Author b');
    const cover = play.querySelector('img');
    expect(cover).toHaveAttribute('src', track('b').image);
    expect(cover).toHaveAttribute('alt', '');

    await userEvent.click(play);
    expect(props.dispatched).toEqual([{ type: 'play', track: track('b') }]);
  });

  it('loads the first row of covers at once and the rest when they scroll near', () => {
    const ids = ['a', 'b', 'c', 'd', 'e', 'f'];
    render(<App {...createFakeRemoteProps({ tracks: ids.map(track) })} />);
    const covers = [...queue().querySelectorAll('img')];
    expect(covers).toHaveLength(ids.length);
    expect(covers.map((cover) => cover.getAttribute('loading'))).toEqual([
      'eager',
      'eager',
      'eager',
      'eager',
      'lazy',
      'lazy',
    ]);
    expect(covers[0]).toHaveAttribute('fetchpriority', 'high');
    expect(covers[5]).toHaveAttribute('fetchpriority', 'auto');
  });

  it('shows what the shell says will play next (contract 1.3), after the current song', () => {
    const { props, player } = withPlayer([track('a'), track('b'), track('c')], 1.3);
    render(<App {...props} />);
    const queued = [track('a'), track('b'), track('c')];
    act(() =>
      player.setState({ queue: queued, current: track('b'), upNext: [track('c'), track('a')] }),
    );
    const cards = within(queue()).getAllByRole('listitem');
    expect(cards.map((card) => card.textContent)).toEqual([
      'PlayTrack bAuthor b',
      'PlayTrack cAuthor c',
      'PlayTrack aAuthor a',
    ]);
  });

  it('follows the queue, and marks the current song’s card with pause while it plays', async () => {
    const { props, player } = withPlayer([track('a'), track('b'), track('c')]);
    render(<App {...props} />);
    act(() => player.setState({ queue: [track('c'), track('a')], current: track('a') }));
    const cards = within(queue()).getAllByRole('listitem');
    expect(cards.map((card) => card.textContent)).toEqual([
      'PlayTrack cAuthor c',
      'PlayTrack aAuthor a',
    ]);
    expect(within(queue()).getByRole('button', { name: 'Play Track a Author a' })).toBeVisible();
    expect(cards[1]).not.toHaveClass('pause');

    act(() => player.setState({ playing: true }));
    const pause = within(queue()).getByRole('button', { name: 'Pause Track a Author a' });
    expect(cardOf(pause)).toHaveClass('pause');
    expect(
      cardOf(within(queue()).getByRole('button', { name: 'Play Track c Author c' })),
    ).not.toHaveClass('pause');

    // The host toggles when asked to play the track it already plays (SPEC §4).
    await userEvent.click(pause);
    act(() => player.setState({ playing: false }));
    expect(
      cardOf(within(queue()).getByRole('button', { name: 'Play Track a Author a' })),
    ).not.toHaveClass('pause');
    expect(props.dispatched).toEqual([{ type: 'play', track: track('a') }]);
  });

  it('plays from the keyboard', async () => {
    const props = createFakeRemoteProps({ tracks: [track('a')] });
    render(<App {...props} />);
    within(queue()).getByRole('button', { name: 'Play Track a Author a' }).focus();
    await userEvent.keyboard('{Enter}');
    expect(props.dispatched).toEqual([{ type: 'play', track: track('a') }]);
  });

  it('plays a card next under a 1.2 shell, and says so', async () => {
    const { props, player } = withPlayer([track('a'), track('b'), track('c')], 1.2);
    render(<App {...props} />);
    act(() =>
      player.setState({ queue: [track('a'), track('b'), track('c')], current: track('a') }),
    );
    const playNext = within(queue()).getByRole('button', { name: 'Play next Track c Author c' });
    expect(cardOf(playNext)).toHaveTextContent('Track c');

    await userEvent.click(playNext);
    expect(props.dispatched).toEqual([{ type: 'playNext', track: track('c') }]);
    expect(await screen.findByRole('alert')).toHaveTextContent('“Track c” will play next.');

    // From the keyboard too.
    act(() => within(queue()).getByRole('button', { name: 'Play next Track b Author b' }).focus());
    await userEvent.keyboard('{Enter}');
    expect(props.dispatched.at(-1)).toEqual({ type: 'playNext', track: track('b') });
  });

  it('offers no Play next for the track playing now', () => {
    const { props, player } = withPlayer([track('a'), track('b')], 1.2);
    render(<App {...props} />);
    act(() => player.setState({ queue: [track('a'), track('b')], current: track('a') }));
    expect(within(queue()).queryByRole('button', { name: /^Play next Track a/ })).toBeNull();
    // (Shown when the card is pointed at or focused in, with a mouse.)
    expect(
      within(queue()).getByRole('button', { name: 'Play next Track b Author b' }),
    ).toBeInTheDocument();
  });

  it('offers no Play next under an earlier shell, whose bus says nothing of the queue', () => {
    const { props } = withPlayer([track('a'), track('b')]);
    render(<App {...props} />);
    expect(within(queue()).getByRole('button', { name: 'Play Track b Author b' })).toBeVisible();
    expect(within(queue()).queryByRole('button', { name: /^Play next/ })).toBeNull();
  });

  it('shows twelve cards and leads to the Music tab for the rest', async () => {
    const tracks = Array.from({ length: 15 }, (_, index) => track(String(index)));
    const props = createFakeRemoteProps({ tracks });
    render(<App {...props} />);
    expect(within(queue()).getAllByRole('listitem')).toHaveLength(12);
    await userEvent.click(screen.getByRole('button', { name: 'Show all 15 tracks' }));
    expect(props.navigations).toEqual(['music']);
  });

  it('with an empty library, says so and leads to the Music tab', async () => {
    const props = createFakeRemoteProps();
    render(<App {...props} />);
    expect(within(queue()).getByText('Your library is empty')).toBeVisible();
    expect(within(queue()).queryByRole('listitem')).toBeNull();
    await userEvent.click(within(queue()).getByRole('button', { name: 'Add tracks' }));
    expect(props.navigations).toEqual(['music']);
  });
});
