import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { act } from 'react';
import { firstValueFrom, Subject } from 'rxjs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type {
  LibraryPort,
  PlayerCommand,
  RemoteModule,
  SharedLink,
  StoredTrack,
  Track,
} from '@loofi/contracts';
import { createPlayerBus } from '@loofi/contracts/player';
import { createFakeRemoteProps, createMemoryOffline, FAKE_CONFIG } from '@loofi/backend/testing';
import type { MemoryOffline } from '@loofi/backend/testing';
import {
  CONTRACT_VERSION as CURRENT_CONTRACT,
  createSharedLinks,
  DuplicateTrackError,
} from '@loofi/contracts';
import * as exposed from './expose';

const App = exposed.default;

const track = (title: string, author = 'Someone'): Track => ({
  title,
  author,
  audio: `https://example.org/${encodeURIComponent(title)}.mp3`,
  image: '/cover.png',
});

/** 'Track 01' … 'Track {count}', in that stored order. */
const numbered = (count: number) =>
  Array.from({ length: count }, (_value, index) =>
    track(`Track ${String(index + 1).padStart(2, '0')}`),
  );

const SOMETHING_WENT_WRONG = 'Something went wrong. Please try again.';
const DUPLICATE = 'This music already exists in your library. Please check the title and author.';

const stored = (library: LibraryPort) => firstValueFrom(library.tracks$);

function setup(tracks: readonly Track[] = [], config = FAKE_CONFIG) {
  const props = createFakeRemoteProps({ tracks, config });
  const user = userEvent.setup({ delay: null });
  render(<App {...props} />);
  return { props, user };
}

const table = () => screen.getByRole('table', { name: 'Library' });
const dialog = (name: string | RegExp = /Music/) => screen.getByRole('dialog', { name });
const textbox = (name: string) => within(dialog()).getByRole('textbox', { name });

/** Replaces a field's text the way a user pasting it would: quicker than typing each key. */
async function fill(user: ReturnType<typeof userEvent.setup>, field: HTMLElement, text: string) {
  await user.clear(field);
  await user.click(field);
  await user.paste(text);
}

/** Fills Manual Entry with `title` by Owl and presses Add. */
async function addByOwl(user: ReturnType<typeof userEvent.setup>, title = 'Snow') {
  await fill(user, textbox('Title'), title);
  await fill(user, textbox('Author'), 'Owl');
  await fill(user, textbox('Audio'), `https://example.org/${title.toLowerCase()}.mp3`);
  await user.click(within(dialog()).getByRole('button', { name: 'Add' }));
}

async function openRow(user: ReturnType<typeof userEvent.setup>, title: string) {
  await user.click(within(table()).getByRole('rowheader', { name: title }));
  return dialog('Edit Music');
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

// Rendering MUI in happy-dom is slow on a busy machine; the user flows get room to finish.
describe('the Music remote ./App', { timeout: 20_000 }, () => {
  it('exposes the module the host mounts, stamped with the contract it was built against', () => {
    const module: RemoteModule = exposed;
    expect(module.CONTRACT_VERSION).toBe(CURRENT_CONTRACT);
  });

  it("shows '-' for an empty library", () => {
    render(<App {...createFakeRemoteProps()} />);
    const counter = screen.getByRole('region', { name: 'Tracks' });
    expect(within(counter).getByText('-')).toBeVisible();
  });

  it('says the library could not be read, in place of a table and a count that wait for ever', () => {
    const props = createFakeRemoteProps();
    const failing = new Subject<readonly StoredTrack[]>();
    render(<App {...props} library={{ ...props.library, tracks$: failing }} />);
    expect(screen.getByRole('table', { name: 'Library' })).toBeVisible();
    act(() => failing.error(new Error('the database is gone')));
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Your tracks could not be loaded. Check your connection, then reload the page.',
    );
    expect(screen.queryByRole('table', { name: 'Library' })).toBeNull();
    const counter = screen.getByRole('region', { name: 'Tracks' });
    expect(within(counter).getByText('Unknown')).toBeVisible();
    expect(within(counter).queryByLabelText('Loading')).toBeNull();
    expect(screen.getByRole('button', { name: 'Add Music' })).toBeEnabled();
  });

  it('counts the tracks and follows the library live', async () => {
    const props = createFakeRemoteProps({ tracks: [track('a'), track('b')] });
    render(<App {...props} />);
    const counter = screen.getByRole('region', { name: 'Tracks' });
    expect(within(counter).getByText('2')).toBeVisible();
    await act(() => props.library.add(track('c')));
    expect(within(counter).getByText('3')).toBeVisible();
  });

  describe('the table', () => {
    it('shows Title and Author, ten rows a page, and pages through the library', async () => {
      const { user } = setup(numbered(25));
      expect(within(table()).getByRole('columnheader', { name: /^Title/ })).toBeVisible();
      expect(within(table()).getByRole('columnheader', { name: /^Author/ })).toBeVisible();
      expect(within(table()).getAllByRole('rowheader')).toHaveLength(10);
      expect(screen.getByText('1–10 of 25')).toBeVisible();
      await user.click(screen.getByRole('button', { name: 'Go to next page' }));
      expect(within(table()).getAllByRole('rowheader')[0]).toHaveTextContent('Track 11');
      await user.click(screen.getByRole('combobox', { name: /Rows per page/ }));
      expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
        '10',
        '25',
        '50',
        '100',
      ]);
      await user.click(screen.getByRole('option', { name: '25' }));
      expect(within(table()).getAllByRole('rowheader')).toHaveLength(25);
    });

    it('filters by title or author and sorts by a column', async () => {
      const { user } = setup([track('Rain', 'Cat'), track('Snow', 'Owl'), track('Fog', 'Rainer')]);
      await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'rain');
      await waitFor(() => expect(within(table()).getAllByRole('rowheader')).toHaveLength(2));
      await user.clear(screen.getByRole('searchbox', { name: 'Search' }));
      await user.click(within(table()).getByRole('button', { name: /^Title/ }));
      await waitFor(() =>
        expect(
          within(table())
            .getAllByRole('rowheader')
            .map((cell) => cell.textContent),
        ).toEqual(['Fog', 'Rain', 'Snow']),
      );
      expect(within(table()).getByRole('columnheader', { name: /^Title/ })).toHaveAttribute(
        'aria-sort',
        'ascending',
      );
      await user.click(within(table()).getByRole('button', { name: /^Title/ }));
      expect(within(table()).getAllByRole('rowheader')[0]).toHaveTextContent('Snow');
    });

    it('plays a track through the player bus, and shows the one that is playing', async () => {
      const { props, user } = setup([track('Rain'), track('Snow')]);
      await user.click(screen.getByRole('button', { name: 'Play Snow' }));
      expect(props.dispatched).toEqual<PlayerCommand[]>([{ type: 'play', track: track('Snow') }]);
      // The dialog stays closed: the play button is not a click on the row.
      expect(screen.queryByRole('dialog')).toBeNull();
    });

    it("marks the player's current track and offers to pause it", async () => {
      const player = createPlayerBus();
      const commands: PlayerCommand[] = [];
      player.commands$.subscribe((command) => commands.push(command));
      const props = createFakeRemoteProps({ tracks: [track('Rain'), track('Snow')] });
      const user = userEvent.setup({ delay: null });
      render(<App {...props} player={player} />);
      act(() => player.setState({ current: track('Snow'), playing: true }));
      const pause = screen.getByRole('button', { name: 'Pause Snow' });
      expect(pause.closest('tr')).toHaveAttribute('aria-current', 'true');
      expect(screen.getByRole('button', { name: 'Play Rain' }).closest('tr')).not.toHaveAttribute(
        'aria-current',
      );
      await user.click(pause);
      expect(commands).toEqual([{ type: 'play', track: track('Snow') }]);
      act(() => player.setState({ playing: false }));
      expect(screen.getByRole('button', { name: 'Play Snow' })).toBeVisible();
    });
  });

  describe('two entries of one audio address', () => {
    const rain = track('Rain');
    const copy = { ...track('Rain, again'), audio: rain.audio };
    const rowOf = (title: string) =>
      within(table()).getByRole('rowheader', { name: title }).closest('tr')!;

    it('marks only the entry playing, by the key the shell says (contract 1.4)', async () => {
      const player = createPlayerBus({ contract: 1.4 });
      const props = createFakeRemoteProps({ tracks: [rain, copy] });
      render(<App {...props} player={player} />);
      const entries = await stored(props.library);
      const playing = entries.find((entry) => entry.title === copy.title)!;
      act(() => player.setState({ current: playing, currentKey: playing.key, playing: true }));
      expect(rowOf(copy.title)).toHaveAttribute('aria-current', 'true');
      expect(rowOf(rain.title)).not.toHaveAttribute('aria-current');
      expect(within(rowOf(rain.title)).getByRole('button', { name: 'Play Rain' })).toBeVisible();
    });

    it('marks both under an older shell, which names the current track by its audio only', () => {
      const player = createPlayerBus();
      const props = createFakeRemoteProps({ tracks: [rain, copy] });
      render(<App {...props} player={player} />);
      act(() => player.setState({ current: copy, playing: true }));
      expect(rowOf(copy.title)).toHaveAttribute('aria-current', 'true');
      expect(rowOf(rain.title)).toHaveAttribute('aria-current', 'true');
    });
  });

  describe('More actions', () => {
    /** The tab under a shell of contract `contract` (1.2: the queue), maybe with tracks kept offline. */
    function setupActions(
      tracks: readonly Track[],
      { contract, offline }: { contract?: number; offline?: MemoryOffline } = {},
    ) {
      const props = createFakeRemoteProps({ tracks });
      const player = createPlayerBus(contract === undefined ? {} : { contract });
      player.commands$.subscribe((command) => props.dispatched.push(command));
      const user = userEvent.setup({ delay: null });
      render(<App {...props} player={player} {...(offline ? { offline } : {})} />);
      return { props, player, user };
    }

    const rowOf = (title: string) =>
      within(table())
        .getByRole('rowheader', { name: new RegExp(`^${title}`) })
        .closest('tr')!;
    const moreActions = (title: string) =>
      within(rowOf(title)).getByRole('button', { name: `More actions for ${title}` });
    const menuItems = () =>
      within(screen.getByRole('menu', { name: /^More actions for / }))
        .getAllByRole('menuitem')
        .map((item) => item.textContent);

    it('plays a track next or adds it to the queue, and says so, under a 1.2 shell', async () => {
      const { props, user } = setupActions([track('Rain'), track('Snow')], { contract: 1.2 });
      expect(within(table()).getByRole('columnheader', { name: 'Actions' })).toBeInTheDocument();
      const more = moreActions('Snow');
      expect(more).toHaveAttribute('aria-haspopup', 'menu');

      await user.click(more);
      expect(more).toHaveAttribute('aria-expanded', 'true');
      expect(menuItems()).toEqual(['Play next', 'Add to queue']);
      await user.click(screen.getByRole('menuitem', { name: 'Play next' }));
      expect(props.dispatched).toEqual<PlayerCommand[]>([
        { type: 'playNext', track: track('Snow') },
      ]);
      expect(await screen.findByText('“Snow” will play next.')).toBeVisible();
      // The button is not a click on the row: the editor stays closed.
      expect(screen.queryByRole('dialog')).toBeNull();
      await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());

      await user.click(moreActions('Rain'));
      await user.click(screen.getByRole('menuitem', { name: 'Add to queue' }));
      expect(props.dispatched.at(-1)).toEqual({ type: 'enqueue', track: track('Rain') });
      expect(await screen.findByText('“Rain” was added to the queue.')).toBeVisible();
      expect(screen.queryByRole('dialog')).toBeNull();
    });

    it('works from the keyboard, and the row still opens for editing', async () => {
      const { props, user } = setupActions([track('Rain'), track('Snow')], { contract: 1.2 });
      act(() => moreActions('Rain').focus());
      await user.keyboard('{Enter}');
      expect(await screen.findByRole('menu')).toBeVisible();
      await user.keyboard('{ArrowDown}{Enter}');
      expect(props.dispatched).toEqual([{ type: 'enqueue', track: track('Rain') }]);
      expect(screen.queryByRole('dialog')).toBeNull();
      await waitFor(() => expect(moreActions('Rain')).toHaveFocus());

      await openRow(user, 'Snow');
      expect(dialog('Edit Music')).toBeVisible();
    });

    it('has no More actions under an older shell that says nothing of the queue', () => {
      setupActions([track('Rain'), track('Snow')]);
      expect(within(table()).queryByRole('button', { name: /^More actions/ })).toBeNull();
      expect(within(table()).queryByRole('columnheader', { name: 'Actions' })).toBeNull();
    });

    it('offers only Keep offline under an older shell that can keep tracks offline', async () => {
      const { props, user } = setupActions([track('Rain')], { offline: createMemoryOffline() });
      await user.click(moreActions('Rain'));
      expect(menuItems()).toEqual(['Keep offline']);
      expect(props.dispatched).toEqual([]);
    });

    it('offers no Play next for the track playing now', async () => {
      const { player, user } = setupActions([track('Rain'), track('Snow')], { contract: 1.2 });
      act(() => player.setState({ current: track('Snow'), playing: true }));
      expect(within(rowOf('Snow')).queryByRole('button', { name: /^More actions/ })).toBeNull();
      await user.click(moreActions('Rain'));
      expect(menuItems()).toEqual(['Play next', 'Add to queue']);
    });

    it('keeps a track offline with a progress ring while it is stored, then marks it', async () => {
      const offline = createMemoryOffline();
      const { user } = setupActions([track('Rain'), track('Snow')], { contract: 1.2, offline });
      const release = offline.holdSaves();
      const keep = vi.spyOn(offline, 'keep');

      await user.click(moreActions('Snow'));
      expect(menuItems()).toEqual(['Play next', 'Add to queue', 'Keep offline']);
      await user.click(screen.getByRole('menuitem', { name: 'Keep offline' }));
      expect(keep).toHaveBeenCalledWith(track('Snow'));
      expect(
        within(rowOf('Snow')).getByRole('progressbar', { name: 'Keeping Snow offline' }),
      ).toBeInTheDocument();
      await user.click(moreActions('Snow'));
      expect(screen.getByRole('menuitem', { name: 'Keeping offline…' })).toHaveAttribute(
        'aria-disabled',
        'true',
      );
      await user.keyboard('{Escape}');

      await act(async () => release());
      expect(await screen.findByText('“Snow” is kept offline.')).toBeVisible();
      expect(within(rowOf('Snow')).queryByRole('progressbar')).toBeNull();
      expect(within(rowOf('Snow')).getByRole('img', { name: 'Kept offline' })).toBeVisible();
      expect(within(rowOf('Rain')).queryByRole('img', { name: 'Kept offline' })).toBeNull();
      // The title reads first; the mark comes after it.
      expect(within(table()).getByRole('rowheader', { name: 'Snow Kept offline' })).toBeVisible();
    });

    it('removes the offline copy of a kept track', async () => {
      const offline = createMemoryOffline({ kept: [[track('Rain').audio, 3_000_000]] });
      const { user } = setupActions([track('Rain')], { offline });
      expect(within(rowOf('Rain')).getByRole('img', { name: 'Kept offline' })).toBeVisible();
      await user.click(moreActions('Rain'));
      await user.click(screen.getByRole('menuitem', { name: 'Remove offline copy' }));
      expect(await screen.findByText('The offline copy of “Rain” was removed.')).toBeVisible();
      expect(offline.state.kept.size).toBe(0);
      expect(within(rowOf('Rain')).queryByRole('img', { name: 'Kept offline' })).toBeNull();
    });

    it('says why a track could not be kept, in the words of the shell', async () => {
      const offline = createMemoryOffline({
        refuse: () => 'There is not enough space to keep “Rain” offline.',
      });
      const { user } = setupActions([track('Rain')], { contract: 1.2, offline });
      await user.click(moreActions('Rain'));
      await user.click(screen.getByRole('menuitem', { name: 'Keep offline' }));
      expect(await screen.findByRole('alert')).toHaveTextContent(
        'There is not enough space to keep “Rain” offline.',
      );
      // The row's state follows as soon as it is rendered (a transition, not the alert's frame).
      await waitFor(() => expect(within(rowOf('Rain')).queryByRole('progressbar')).toBeNull());
      expect(within(rowOf('Rain')).queryByRole('img', { name: 'Kept offline' })).toBeNull();
    });
  });

  describe('Manual Entry', () => {
    it('adds a track', async () => {
      const { props, user } = setup([track('Rain')]);
      await user.click(screen.getByRole('button', { name: 'Add Music' }));
      const tabs = within(dialog('Add Music')).getAllByRole('tab');
      expect(tabs.map((tab) => tab.textContent)).toEqual([
        'Manual Entry',
        'Web Scraping',
        'Jamendo API',
      ]);
      await fill(user, textbox('Title'), ' Snow ');
      await fill(user, textbox('Author'), 'Owl');
      await fill(user, textbox('Audio'), 'https://example.org/snow.mp3');
      await fill(user, textbox('Image'), '/covers/snow.png');
      await user.click(within(dialog()).getByRole('button', { name: 'Add' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      expect((await stored(props.library)).map(({ key: _key, ...rest }) => rest)).toEqual([
        track('Rain'),
        {
          title: 'Snow',
          author: 'Owl',
          audio: 'https://example.org/snow.mp3',
          image: '/covers/snow.png',
        },
      ]);
      expect(screen.getByText('Added “Snow”.')).toBeVisible();
    });

    it('says which field is wrong instead of writing', async () => {
      const { props, user } = setup();
      await user.click(screen.getByRole('button', { name: 'Add Music' }));
      await fill(user, textbox('Title'), 'Snow');
      await fill(user, textbox('Audio'), 'javascript:alert(1)');
      await user.click(within(dialog()).getByRole('button', { name: 'Add' }));
      expect(textbox('Author')).toHaveAccessibleDescription('Enter the author.');
      expect(textbox('Audio')).toHaveAccessibleDescription(
        'Enter an https address or a path on this site.',
      );
      expect(await stored(props.library)).toEqual([]);
    });

    it('disables Add with the duplicate message while title and author match', async () => {
      const { user } = setup([track('Rainy Window', 'Lofi Cat')]);
      await user.click(screen.getByRole('button', { name: 'Add Music' }));
      await fill(user, textbox('Title'), '  rainy window ');
      await fill(user, textbox('Author'), 'LOFI CAT');
      expect(within(dialog()).getByText(DUPLICATE)).toBeVisible();
      expect(within(dialog()).getByRole('button', { name: 'Add' })).toBeDisabled();
      await user.type(textbox('Author'), ' 2');
      expect(within(dialog()).queryByText(DUPLICATE)).toBeNull();
      expect(within(dialog()).getByRole('button', { name: 'Add' })).toBeEnabled();
    });

    it('updates the very track of the row clicked on page 2 of a sorted library with a hole', async () => {
      const { props, user } = setup(numbered(15));
      const before = await stored(props.library);
      // Holes: a deleted entry in the middle shifts every row after it.
      await act(() => props.library.remove(before[3]!.key));
      await user.click(within(table()).getByRole('button', { name: /^Title/ }));
      await user.click(within(table()).getByRole('button', { name: /^Title/ }));
      await user.click(screen.getByRole('button', { name: 'Go to next page' }));
      const edit = await openRow(user, 'Track 02');
      expect(within(edit).getByRole('textbox', { name: 'Title' })).toHaveValue('Track 02');
      await fill(user, textbox('Title'), 'Track Two');
      await user.click(within(edit).getByRole('button', { name: 'Update' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      const after = await stored(props.library);
      expect(after.find((entry) => entry.key === before[1]!.key)?.title).toBe('Track Two');
      expect(
        after.map((entry) => entry.title).filter((title) => title === 'Track Two'),
      ).toHaveLength(1);
      expect(after).toHaveLength(14);
    });

    it('opens a row with Enter, and lets a track keep its own title and author', async () => {
      const { user } = setup([track('Rain'), track('Snow')]);
      within(table()).getByRole('rowheader', { name: 'Snow' }).closest('tr')!.focus();
      await user.keyboard('{Enter}');
      const edit = dialog('Edit Music');
      expect(within(edit).queryByText(DUPLICATE)).toBeNull();
      expect(within(edit).getByRole('button', { name: 'Update' })).toBeEnabled();
      await fill(user, textbox('Title'), 'rain');
      expect(within(edit).getByText(DUPLICATE)).toBeVisible();
      expect(within(edit).getByRole('button', { name: 'Update' })).toBeDisabled();
    });

    it('deletes, closes the dialog and offers Undo, which adds the track back', async () => {
      const { props, user } = setup([track('Rain'), track('Snow')]);
      const edit = await openRow(user, 'Rain');
      await user.click(within(edit).getByRole('button', { name: 'Delete' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      expect((await stored(props.library)).map((entry) => entry.title)).toEqual(['Snow']);
      expect(screen.getByText('Deleted “Rain”.')).toBeVisible();
      // The row that had the focus is gone: Undo has it, not the page.
      expect(screen.getByRole('button', { name: 'Undo' })).toHaveFocus();
      await user.click(screen.getByRole('button', { name: 'Undo' }));
      await waitFor(async () =>
        expect((await stored(props.library)).map(({ key: _key, ...rest }) => rest)).toEqual([
          track('Snow'),
          track('Rain'),
        ]),
      );
      // The restored row's Play button takes the focus Undo had.
      await waitFor(() =>
        expect(within(table()).getByRole('button', { name: 'Play Rain' })).toHaveFocus(),
      );
    });

    it('turns to the page of the track Undo restores, to focus its row', async () => {
      const { user } = setup(numbered(12));
      const edit = await openRow(user, 'Track 03');
      await user.click(within(edit).getByRole('button', { name: 'Delete' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      expect(screen.getByRole('button', { name: 'Undo' })).toHaveFocus();
      await user.keyboard('{Enter}');
      // Added back at the end of the library: the second page.
      await waitFor(() =>
        expect(within(table()).getByRole('button', { name: 'Play Track 03' })).toHaveFocus(),
      );
      expect(within(table()).queryByRole('button', { name: 'Play Track 01' })).toBeNull();
    });

    it('gives the focus to the row after the deleted one when the Undo offer is closed', async () => {
      const { user } = setup([track('Rain'), track('Snow'), track('Fog')]);
      const edit = await openRow(user, 'Snow');
      await user.click(within(edit).getByRole('button', { name: 'Delete' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      expect(screen.getByRole('button', { name: 'Undo' })).toHaveFocus();
      await user.keyboard('{Escape}');
      await waitFor(() =>
        expect(within(table()).getByRole('button', { name: 'Play Fog' })).toHaveFocus(),
      );
    });

    it('gives the focus to the row before when the last row is deleted', async () => {
      const { user } = setup([track('Rain'), track('Snow')]);
      const edit = await openRow(user, 'Snow');
      await user.click(within(edit).getByRole('button', { name: 'Delete' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      expect(screen.getByRole('button', { name: 'Undo' })).toHaveFocus();
      await user.keyboard('{Escape}');
      await waitFor(() =>
        expect(within(table()).getByRole('button', { name: 'Play Rain' })).toHaveFocus(),
      );
    });

    it('gives the focus to Add Music when the last track is deleted and not restored', async () => {
      const { user } = setup([track('Rain')]);
      const edit = await openRow(user, 'Rain');
      await user.click(within(edit).getByRole('button', { name: 'Delete' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      expect(screen.getByRole('button', { name: 'Undo' })).toHaveFocus();
      await user.keyboard('{Escape}');
      await waitFor(() => expect(screen.getByRole('button', { name: 'Add Music' })).toHaveFocus());
    });

    it('shows the duplicate message when the library refuses the music as one it holds', async () => {
      // Added meanwhile in another tab, or the library not read yet: the library knows.
      const props = createFakeRemoteProps();
      const library: LibraryPort = {
        ...props.library,
        add: () => Promise.reject(new DuplicateTrackError()),
      };
      const user = userEvent.setup({ delay: null });
      render(<App {...props} library={library} />);
      await user.click(screen.getByRole('button', { name: 'Add Music' }));
      await addByOwl(user);
      expect(await within(dialog()).findByText(DUPLICATE)).toBeVisible();
      expect(within(dialog()).queryByText(SOMETHING_WENT_WRONG)).toBeNull();
      expect(within(dialog()).getByRole('button', { name: 'Add' })).toBeDisabled();
      expect(textbox('Title')).toHaveValue('Snow');
      await user.type(textbox('Author'), ' 2');
      expect(within(dialog()).queryByText(DUPLICATE)).toBeNull();
      expect(within(dialog()).getByRole('button', { name: 'Add' })).toBeEnabled();
    });

    it("shows 'Something went wrong. Please try again.' when a save fails, and stays usable", async () => {
      vi.spyOn(console, 'error').mockImplementation(() => {});
      const props = createFakeRemoteProps();
      let failures = 1;
      const library: LibraryPort = {
        ...props.library,
        add: (entry) =>
          failures-- > 0 ? Promise.reject(new Error('offline')) : props.library.add(entry),
      };
      const user = userEvent.setup({ delay: null });
      render(<App {...props} library={library} />);
      await user.click(screen.getByRole('button', { name: 'Add Music' }));
      await addByOwl(user);
      expect(await within(dialog()).findByText(SOMETHING_WENT_WRONG)).toBeVisible();
      expect(console.error).toHaveBeenCalledWith(new Error('offline'));
      await user.click(within(dialog()).getByRole('button', { name: 'Add' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      expect(await stored(props.library)).toHaveLength(1);
    });

    it('tells what became of a save sent before Cancel, and never closes the next dialog', async () => {
      vi.spyOn(console, 'error').mockImplementation(() => {});
      const props = createFakeRemoteProps();
      const answers: (() => void)[] = [];
      let fails = false;
      const library: LibraryPort = {
        ...props.library,
        // The library answers when the test says so: a poor network.
        add: (entry) =>
          new Promise<void>((resolve, reject) =>
            answers.push(() =>
              fails ? reject(new Error('offline')) : void props.library.add(entry).then(resolve),
            ),
          ),
      };
      const user = userEvent.setup({ delay: null });
      render(<App {...props} library={library} />);
      await user.click(screen.getByRole('button', { name: 'Add Music' }));
      await addByOwl(user);
      await user.click(within(dialog()).getByRole('button', { name: 'Cancel' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      // The owner opens Add Music again; the first save lands meanwhile.
      await user.click(screen.getByRole('button', { name: 'Add Music' }));
      act(() => answers.shift()!());
      expect(await screen.findByText('Added “Snow”.')).toBeVisible();
      expect(dialog()).toBeVisible();
      expect(await stored(props.library)).toHaveLength(1);

      // A save that fails after Cancel says so in the tab.
      fails = true;
      await addByOwl(user, 'Rain');
      await user.click(within(dialog()).getByRole('button', { name: 'Cancel' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      act(() => answers.shift()!());
      expect(await screen.findByText(SOMETHING_WENT_WRONG)).toBeVisible();
    });

    it('forgets everything when cancelled', async () => {
      const { user } = setup();
      await user.click(screen.getByRole('button', { name: 'Add Music' }));
      await fill(user, textbox('Title'), 'Half-typed');
      await user.click(within(dialog()).getByRole('tab', { name: 'Jamendo API' }));
      await user.click(within(dialog()).getByRole('button', { name: 'Cancel' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      await user.click(screen.getByRole('button', { name: 'Add Music' }));
      expect(within(dialog()).getByRole('tab', { name: 'Manual Entry' })).toHaveAttribute(
        'aria-selected',
        'true',
      );
      expect(textbox('Title')).toHaveValue('');
    });
  });

  describe('Web Scraping', () => {
    const PAGE = 'https://music.example.org/chill';
    const html = `
      <div class="track-item"><p class="title">Rain</p><p class="artist">Someone</p><audio src="/rain.mp3"></audio></div>
      <div class="track-item"><p class="title">Dusk</p><p class="artist">Owl</p><audio src="/dusk.mp3"></audio></div>
      <div class="track-item"><p class="title">Dawn</p><p class="artist">Owl</p><audio src="/dawn.mp3"></audio></div>
      <div class="track-item"><p class="title">dawn</p><p class="artist">owl</p><audio src="/dawn2.mp3"></audio></div>`;

    it('scrapes through the proxy, leaves duplicates out, and adds the selected tracks', async () => {
      const requests: string[] = [];
      vi.stubGlobal('fetch', async (input: RequestInfo | URL) => {
        requests.push(String(input));
        return Response.json({ contents: html });
      });
      const { props, user } = setup([track('Rain')]);
      await user.click(screen.getByRole('button', { name: 'Add Music' }));
      await user.click(within(dialog()).getByRole('tab', { name: 'Web Scraping' }));
      const scrape = await within(dialog()).findByRole('button', { name: 'Scrape' });
      await user.click(scrape);
      expect(textbox('URL')).toHaveAccessibleDescription(
        'Enter the address of the page to scrape.',
      );
      expect(requests).toEqual([]);
      await fill(user, textbox('URL'), PAGE);
      await user.click(scrape);
      expect(
        await within(dialog()).findByText('Found 2 new tracks; skipped 2 duplicates.'),
      ).toBeVisible();
      expect(requests).toEqual([`https://api.allorigins.win/get?url=${encodeURIComponent(PAGE)}`]);
      const addSelected = within(dialog()).getByRole('button', { name: 'Add Selected' });
      expect(addSelected).toBeDisabled();
      expect(within(dialog()).queryByRole('checkbox', { name: /Rain/ })).toBeNull();
      await user.click(within(dialog()).getByText('Dawn'));
      expect(within(dialog()).getByRole('checkbox', { name: /Dawn/ })).toBeChecked();
      expect(addSelected).toBeEnabled();
      await user.click(addSelected);
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      expect((await stored(props.library)).map((entry) => entry.audio)).toEqual([
        track('Rain').audio,
        'https://music.example.org/dawn.mp3',
      ]);
      expect(screen.getByText('Added 1 track to your library.')).toBeVisible();
    });

    it("shows 'Something went wrong. Please try again.' when the proxy fails, and no earlier results", async () => {
      vi.spyOn(console, 'warn').mockImplementation(() => {});
      let up = true;
      vi.stubGlobal('fetch', async () =>
        up ? Response.json({ contents: html }) : new Response('down', { status: 500 }),
      );
      const { user } = setup();
      await user.click(screen.getByRole('button', { name: 'Add Music' }));
      await user.click(within(dialog()).getByRole('tab', { name: 'Web Scraping' }));
      await fill(user, await within(dialog()).findByRole('textbox', { name: 'URL' }), PAGE);
      await user.click(within(dialog()).getByRole('button', { name: 'Scrape' }));
      expect(await within(dialog()).findByText(/^Found 3 new tracks/)).toBeVisible();
      await user.click(within(dialog()).getByText('Dawn'));

      // Another page, which fails: the first page's tracks are no longer offered.
      up = false;
      await fill(user, textbox('URL'), 'https://music.example.org/other');
      await user.click(within(dialog()).getByRole('button', { name: 'Scrape' }));
      // SPEC §8's message, then what happened.
      expect(
        await within(dialog()).findByText(
          `${SOMETHING_WENT_WRONG} The scraping proxy answered with status 500.`,
        ),
      ).toBeVisible();
      expect(within(dialog()).queryByText(/^Found 3 new tracks/)).toBeNull();
      expect(within(dialog()).queryByRole('checkbox')).toBeNull();
      expect(within(dialog()).queryByRole('button', { name: 'Add Selected' })).toBeNull();
      // An explained failure: a warning for the developer, not an error with its stack.
      expect(console.warn).toHaveBeenCalledWith(
        expect.stringContaining('Failed to scrape music data'),
      );
      expect(within(dialog()).getByRole('button', { name: 'Scrape' })).toBeEnabled();
      // The failure is the scrape's: it stays with it, not on another tab.
      await user.click(within(dialog()).getByRole('tab', { name: 'Manual Entry' }));
      expect(within(dialog()).queryByText(/^Something went wrong\. Please try again\./)).toBeNull();
    });

    it('cancels a scrape under way when the dialog closes', async () => {
      let aborted = false;
      vi.stubGlobal(
        'fetch',
        (_input: RequestInfo | URL, init?: RequestInit) =>
          new Promise<Response>((_resolve, reject) => {
            init?.signal?.addEventListener('abort', () => {
              aborted = true;
              reject(init.signal!.reason as Error);
            });
          }),
      );
      const { user } = setup();
      await user.click(screen.getByRole('button', { name: 'Add Music' }));
      await user.click(within(dialog()).getByRole('tab', { name: 'Web Scraping' }));
      await fill(user, await within(dialog()).findByRole('textbox', { name: 'URL' }), PAGE);
      await user.click(within(dialog()).getByRole('button', { name: 'Scrape' }));
      expect(
        within(dialog()).getByRole('progressbar', { name: 'Scraping the page…' }),
      ).toBeVisible();
      await user.click(within(dialog()).getByRole('button', { name: 'Cancel' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      expect(aborted).toBe(true);
    });
  });

  describe('a link shared into loofi (contract 1.6)', () => {
    const PAGE = 'https://music.example.org/chill';
    const html =
      '<div class="track-item"><p class="title">Dusk</p><p class="artist">Owl</p><audio src="/dusk.mp3"></audio></div>';

    function setupShared(link: SharedLink) {
      const shared = createSharedLinks();
      shared.offer(link);
      const props = createFakeRemoteProps({ tracks: [track('Rain')] });
      const user = userEvent.setup({ delay: null });
      render(<App {...props} shared={shared} />);
      return { props, shared, user };
    }

    it("opens Add Music on an audio file's link, in Manual Entry, and saves only when the owner adds it", async () => {
      const link: SharedLink = {
        kind: 'audio',
        url: 'https://cdn.example.org/snow.mp3',
        title: 'Snow',
      };
      const { props, shared, user } = setupShared(link);
      expect(await screen.findByRole('dialog', { name: 'Add Music' })).toBeVisible();
      expect(within(dialog()).getByRole('tab', { name: 'Manual Entry' })).toHaveAttribute(
        'aria-selected',
        'true',
      );
      expect(await within(dialog()).findByRole('textbox', { name: 'Title' })).toHaveValue('Snow');
      expect(textbox('Audio')).toHaveValue(link.url);
      // The title came with it: the owner starts at the author.
      expect(textbox('Author')).toHaveFocus();
      // Taken once: nobody else opens it.
      expect(shared.take(link)).toBe(false);
      expect(await stored(props.library)).toHaveLength(1);
      await user.keyboard('Owl');
      await user.click(within(dialog()).getByRole('button', { name: 'Add' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      expect((await stored(props.library)).at(-1)).toMatchObject({
        title: 'Snow',
        author: 'Owl',
        audio: link.url,
      });
    });

    it("opens Add Music on a page's link, in Web Scraping, and scrapes it at once", async () => {
      const requests: string[] = [];
      vi.stubGlobal('fetch', async (input: RequestInfo | URL) => {
        requests.push(String(input));
        return Response.json({ contents: html });
      });
      const { props } = setupShared({ kind: 'page', url: PAGE, title: 'Chill list' });
      expect(await screen.findByRole('dialog', { name: 'Add Music' })).toBeVisible();
      expect(within(dialog()).getByRole('tab', { name: 'Web Scraping' })).toHaveAttribute(
        'aria-selected',
        'true',
      );
      expect(await within(dialog()).findByText('Found 1 new track.')).toBeVisible();
      expect(textbox('URL')).toHaveValue(PAGE);
      expect(requests).toEqual([`https://api.allorigins.win/get?url=${encodeURIComponent(PAGE)}`]);
      expect(await stored(props.library)).toHaveLength(1);
    });
  });

  describe('Jamendo API', () => {
    const config = { ...FAKE_CONFIG, jamendoClientId: 'client-1' };

    it('says plainly when the build has no Jamendo client id', async () => {
      const { user } = setup();
      await user.click(screen.getByRole('button', { name: 'Add Music' }));
      await user.click(within(dialog()).getByRole('tab', { name: 'Jamendo API' }));
      expect(
        await within(dialog()).findByText(/Jamendo is not configured for this build/),
      ).toBeVisible();
      expect(within(dialog()).getByRole('button', { name: 'Fetch' })).toBeDisabled();
    });

    it('searches, with the query required and the number of tracks kept within 1 to 50', async () => {
      const requests: URL[] = [];
      vi.stubGlobal('fetch', async (input: RequestInfo | URL) => {
        requests.push(new URL(String(input)));
        return Response.json({
          results: [
            { name: 'Night', artist_name: 'Moon', audio: 'https://example.org/night.mp3' },
            { name: 'Day', artist_name: 'Sun', audiodownload: 'https://example.org/day.mp3' },
          ],
        });
      });
      const { props, user } = setup([], config);
      await user.click(screen.getByRole('button', { name: 'Add Music' }));
      await user.click(within(dialog()).getByRole('tab', { name: 'Jamendo API' }));
      await user.click(await within(dialog()).findByRole('radio', { name: 'Search' }));
      const count = within(dialog()).getByRole('spinbutton', { name: 'Number of Tracks' });
      expect(count).toHaveValue(20);
      await user.clear(count);
      await user.type(count, '75');
      await user.click(within(dialog()).getByRole('button', { name: 'Fetch' }));
      expect(within(dialog()).getByText('Enter something to search for.')).toBeVisible();
      expect(requests).toEqual([]);
      await fill(user, within(dialog()).getByRole('searchbox', { name: 'Search Query' }), 'night');
      await user.click(within(dialog()).getByRole('button', { name: 'Fetch' }));
      expect(await within(dialog()).findByText('Found 2 new tracks.')).toBeVisible();
      expect(count).toHaveValue(50);
      expect(Object.fromEntries(requests[0]!.searchParams)).toEqual({
        client_id: 'client-1',
        format: 'json',
        limit: '50',
        order: 'popularity_total',
        include: 'musicinfo',
        search: 'night',
      });
      await user.click(within(dialog()).getByRole('checkbox', { name: 'Select all' }));
      await user.click(within(dialog()).getByRole('button', { name: 'Add Selected' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      expect((await stored(props.library)).map((entry) => entry.title)).toEqual(['Night', 'Day']);
    });

    it("shows 'Something went wrong. Please try again.' when Jamendo fails", async () => {
      vi.spyOn(console, 'error').mockImplementation(() => {});
      vi.stubGlobal('fetch', async () => new Response('{}', { status: 503 }));
      const { user } = setup([], config);
      await user.click(screen.getByRole('button', { name: 'Add Music' }));
      await user.click(within(dialog()).getByRole('tab', { name: 'Jamendo API' }));
      await user.click(await within(dialog()).findByRole('button', { name: 'Fetch' }));
      expect(await within(dialog()).findByText(SOMETHING_WENT_WRONG)).toBeVisible();
      expect(console.error).toHaveBeenCalledWith(
        expect.objectContaining({ message: 'Jamendo API responded with status: 503' }),
      );
    });
  });

  describe('export and import', () => {
    it('imports a file, skipping duplicates and invalid entries, and sums it up', async () => {
      const { props } = setup([track('Rain'), track('Snow')]);
      const file = new File(
        [
          JSON.stringify({
            format: 'loofi-library',
            version: 1,
            tracks: [
              track('Rain'),
              track('Fog'),
              track('Dusk'),
              track('dusk'),
              { title: 'Broken' },
            ],
          }),
        ],
        'library.json',
        { type: 'application/json' },
      );
      fireEvent.change(screen.getByLabelText('Library file to import'), {
        target: { files: [file] },
      });
      expect(
        await screen.findByText('Imported 2 tracks; skipped 2 duplicates and 1 invalid entry.'),
      ).toBeVisible();
      // Import was disabled while it ran and Cancel import is gone: Import has the focus.
      expect(screen.getByRole('button', { name: 'Import' })).toHaveFocus();
      expect((await stored(props.library)).map((entry) => entry.title)).toEqual([
        'Rain',
        'Snow',
        'Fog',
        'Dusk',
      ]);
    });

    it('says why a file cannot be imported', async () => {
      vi.spyOn(console, 'error').mockImplementation(() => {});
      setup();
      const file = new File(['{"not": "tracks"}'], 'library.json', { type: 'application/json' });
      fireEvent.change(screen.getByLabelText('Library file to import'), {
        target: { files: [file] },
      });
      expect(
        await screen.findByText(
          'This file is not a loofi library export: it has no list of tracks.',
        ),
      ).toBeVisible();
    });
  });
});
