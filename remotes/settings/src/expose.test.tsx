import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { firstValueFrom } from 'rxjs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  DEFAULT_PREFERENCES,
  THEME_TYPES,
  CONTRACT_VERSION as CURRENT_CONTRACT,
} from '@loofi/contracts';
import type { Preferences, RemoteModule } from '@loofi/contracts';
import { createStoredPreferences, THEME_SESSION_KEY } from '@loofi/backend/preferences';
import {
  createFakeRemoteProps,
  createMemoryOffline,
  createMemoryPreferences,
  FAKE_CONFIG,
} from '@loofi/backend/testing';
import type { FakeRemoteProps } from '@loofi/backend/testing';
import * as exposed from './expose';

const App = exposed.default;
import { THEME_IMAGES } from './features/themes/theme-images';

const preferencesOf = (props: FakeRemoteProps): Promise<Preferences> =>
  firstValueFrom(props.preferences.preferences$);

const themesRegion = () => screen.getByRole('region', { name: 'Themes' });

async function openAbout() {
  await userEvent.click(screen.getByRole('tab', { name: 'About' }));
  return screen.getByRole('tabpanel', { name: 'About' });
}

beforeEach(() => localStorage.clear());

describe('the Settings remote ./App', () => {
  it('exposes the module the host mounts, stamped with the contract it was built against', () => {
    const module: RemoteModule = exposed;
    expect(module.CONTRACT_VERSION).toBe(CURRENT_CONTRACT);
  });

  it('has vertical Preferences and About tabs, each controlling its panel', async () => {
    render(<App {...createFakeRemoteProps()} />);
    const tablist = screen.getByRole('tablist', { name: 'Settings sections' });
    expect(tablist).toHaveAttribute('aria-orientation', 'vertical');
    const [preferences, about] = within(tablist).getAllByRole('tab');
    expect([preferences, about].map((tab) => tab?.textContent)).toEqual(['Preferences', 'About']);
    expect(preferences).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel', { name: 'Preferences' })).toHaveAttribute(
      'id',
      preferences!.getAttribute('aria-controls'),
    );
    expect(screen.queryByRole('tabpanel', { name: 'About' })).toBeNull();

    // The arrow keys move along a vertical tab list (MUI's Tabs), Enter is not needed.
    preferences!.focus();
    await userEvent.keyboard('{ArrowDown}');
    expect(about).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    expect(about).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel', { name: 'About' })).toBeVisible();
    expect(screen.queryByRole('tabpanel', { name: 'Preferences' })).toBeNull();
  });

  it('puts the Themes heading right under the page heading (no level skipped)', () => {
    render(<App {...createFakeRemoteProps()} />);
    expect(screen.getByRole('heading', { level: 1, name: 'Settings' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Themes' })).toBeInTheDocument();
  });

  it('offers the themes in the order of the spec, Default selected', async () => {
    render(<App {...createFakeRemoteProps()} />);
    await userEvent.click(screen.getByRole('button', { name: 'Themes' }));
    const buttons = within(themesRegion()).getAllByRole('button');
    expect(buttons.map((button) => button.textContent)).toEqual([...THEME_TYPES]);
    expect(within(themesRegion()).getByRole('button', { name: 'Default' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    const previews = themesRegion().querySelectorAll('img');
    expect(previews).toHaveLength(7);
    for (const preview of previews) expect(preview).toHaveAttribute('loading', 'lazy');
  });

  it('sets the backdrop of the theme clicked, and Default clears it', async () => {
    const props = createFakeRemoteProps();
    render(<App {...props} />);
    await userEvent.click(screen.getByRole('button', { name: 'Themes' }));
    const themes = within(themesRegion());

    await userEvent.click(themes.getByRole('button', { name: 'Green Grass' }));
    expect((await preferencesOf(props)).theme).toEqual({
      type: 'Green Grass',
      image: THEME_IMAGES['Green Grass'],
    });
    expect(themes.getByRole('button', { name: 'Green Grass' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(themes.getByRole('button', { name: 'Default' })).toHaveAttribute(
      'aria-pressed',
      'false',
    );

    await userEvent.click(themes.getByRole('button', { name: 'Forest' }));
    expect((await preferencesOf(props)).theme).toEqual({
      type: 'Forest',
      image: THEME_IMAGES.Forest,
    });

    await userEvent.click(themes.getByRole('button', { name: 'Default' }));
    expect((await preferencesOf(props)).theme).toEqual({ type: 'Default', image: false });
    expect(props.dispatched).toEqual([]);
    expect(props.navigations).toEqual([]);
  });

  it('gives every theme its own image', () => {
    const urls = Object.values(THEME_IMAGES);
    expect(new Set(urls).size).toBe(7);
  });

  it('moves a theme stored by an earlier release to this build’s image when it mounts', () => {
    localStorage.setItem(
      THEME_SESSION_KEY,
      JSON.stringify({ type: 'River', url: 'https://settings.example/static/media/river.0ld.svg' }),
    );
    render(<App {...createFakeRemoteProps()} preferences={createStoredPreferences()} />);
    expect(JSON.parse(localStorage.getItem(THEME_SESSION_KEY)!)).toEqual({
      type: 'River',
      url: THEME_IMAGES.River,
    });
  });

  it('leaves a current theme, and no theme, as they are', () => {
    const preferences = createStoredPreferences();
    const set = vi.spyOn(preferences, 'set');
    const { unmount } = render(<App {...createFakeRemoteProps()} preferences={preferences} />);
    expect(set).not.toHaveBeenCalled();
    unmount();

    preferences.set({ theme: { type: 'Nature', image: THEME_IMAGES.Nature } });
    set.mockClear();
    render(<App {...createFakeRemoteProps()} preferences={preferences} />);
    expect(set).not.toHaveBeenCalled();
    expect(JSON.parse(localStorage.getItem(THEME_SESSION_KEY)!)).toEqual({
      type: 'Nature',
      url: THEME_IMAGES.Nature,
    });
  });

  it('has both switches on by default, and each one sets its preference', async () => {
    const props = createFakeRemoteProps();
    render(<App {...props} />);
    const resume = screen.getByRole('switch', { name: 'Continue where you left off' });
    const autoPlay = screen.getByRole('switch', { name: 'Automatically play another music' });
    expect(resume).toBeChecked();
    expect(autoPlay).toBeChecked();

    await userEvent.click(resume);
    expect(await preferencesOf(props)).toMatchObject({ resume: false, autoPlay: true });
    expect(resume).not.toBeChecked();

    autoPlay.focus();
    await userEvent.keyboard(' ');
    expect(await preferencesOf(props)).toMatchObject({ resume: false, autoPlay: false });

    await userEvent.click(resume);
    expect(await preferencesOf(props)).toMatchObject({ resume: true, autoPlay: false });
  });

  it('normalises the volume by default, and the switch turns it off', async () => {
    const props = createFakeRemoteProps();
    render(<App {...props} />);
    const normalise = screen.getByRole('switch', { name: 'Normalise volume' });
    expect(normalise).toBeChecked();
    await userEvent.click(normalise);
    expect(await preferencesOf(props)).toMatchObject({ normalize: false });
  });

  it('offers a crossfade from gapless (the default) to 12 seconds, by keyboard too', async () => {
    const props = createFakeRemoteProps();
    render(<App {...props} />);
    const crossfade = screen.getByRole('slider', { name: 'Crossfade' });
    expect(crossfade).toHaveAttribute('aria-valuenow', '0');
    expect(crossfade).toHaveAttribute('aria-valuetext', 'Off (gapless)');
    expect(crossfade).toHaveAttribute('aria-valuemax', '12');
    crossfade.focus();
    await userEvent.keyboard('{ArrowRight}{ArrowRight}{ArrowRight}');
    expect(await preferencesOf(props)).toMatchObject({ crossfade: 3 });
    expect(crossfade).toHaveAttribute('aria-valuetext', '3 seconds');
    await userEvent.keyboard('{End}');
    expect(await preferencesOf(props)).toMatchObject({ crossfade: 12 });
  });

  it('offers neither under a shell of contract 1.0, whose preferences lack them', () => {
    const props = createFakeRemoteProps();
    const older = { ...DEFAULT_PREFERENCES };
    delete older.crossfade;
    delete older.normalize;
    props.preferences = createMemoryPreferences(older);
    render(<App {...props} />);
    expect(screen.getByRole('switch', { name: 'Continue where you left off' })).toBeChecked();
    expect(screen.queryByRole('switch', { name: 'Normalise volume' })).toBeNull();
    expect(screen.queryByRole('slider', { name: 'Crossfade' })).toBeNull();
  });

  it('lowers the music in focus breaks by default, and offers pausing it or keeping it', async () => {
    const props = createFakeRemoteProps();
    render(<App {...props} />);
    const breaks = screen.getByRole('radiogroup', { name: 'During breaks' });
    const choices = within(breaks).getAllByRole('radio');
    expect(choices.map((choice) => choice.getAttribute('value'))).toEqual([
      'lower',
      'pause',
      'keep',
    ]);
    expect(within(breaks).getByRole('radio', { name: 'Lower the music' })).toBeChecked();

    await userEvent.click(within(breaks).getByRole('radio', { name: 'Pause the music' }));
    expect(await preferencesOf(props)).toMatchObject({ duringBreaks: 'pause' });
    // By keyboard: the arrows move the choice along the group.
    await userEvent.keyboard('{ArrowDown}');
    expect(within(breaks).getByRole('radio', { name: 'Keep playing' })).toBeChecked();
    expect(await preferencesOf(props)).toMatchObject({ duringBreaks: 'keep' });
  });

  it('chimes at each phase change by default, and the switch turns it off', async () => {
    const props = createFakeRemoteProps();
    render(<App {...props} />);
    const chime = screen.getByRole('switch', { name: 'Chime at each phase change' });
    expect(chime).toBeChecked();
    await userEvent.click(chime);
    expect(await preferencesOf(props)).toMatchObject({ focusChime: false });
    expect(chime).not.toBeChecked();
  });

  it('offers no focus preferences under a shell of contract 1.4, whose preferences lack them', () => {
    const props = createFakeRemoteProps();
    const older = { ...DEFAULT_PREFERENCES };
    delete older.duringBreaks;
    delete older.focusChime;
    props.preferences = createMemoryPreferences(older);
    render(<App {...props} />);
    expect(screen.getByRole('switch', { name: 'Normalise volume' })).toBeChecked();
    expect(screen.queryByRole('radiogroup', { name: 'During breaks' })).toBeNull();
    expect(screen.queryByRole('switch', { name: 'Chime at each phase change' })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Focus timer' })).toBeNull();
  });

  it('shows switches as stored', () => {
    const props = createFakeRemoteProps();
    props.preferences.set({ ...DEFAULT_PREFERENCES, autoPlay: false });
    render(<App {...props} />);
    expect(
      screen.getByRole('switch', { name: 'Automatically play another music' }),
    ).not.toBeChecked();
  });

  describe('Offline listening', () => {
    const offlineRegion = () => screen.getByRole('region', { name: 'Offline listening' });
    const removeAllButton = () =>
      within(offlineRegion()).getByRole('button', { name: 'Remove all offline copies' });

    it('shows nothing of it where the shell can keep no track offline', () => {
      render(<App {...createFakeRemoteProps()} />);
      expect(screen.queryByRole('region', { name: 'Offline listening' })).toBeNull();
      expect(screen.queryByText(/Tracks kept offline/)).toBeNull();
    });

    it('says how many tracks are kept and the space they take, live', async () => {
      const offline = createMemoryOffline({
        kept: [
          ['https://example.org/a.mp3', 4_000_000],
          ['https://example.org/b.mp3', 5_200_000],
          ['https://example.org/c.mp3', 3_200_000],
        ],
      });
      render(<App {...createFakeRemoteProps()} offline={offline} />);
      expect(
        within(screen.getByRole('tabpanel', { name: 'Preferences' })).getByRole('region', {
          name: 'Offline listening',
        }),
      ).toHaveTextContent('Tracks kept offline: 3 (12.4 MB)');
      expect(removeAllButton()).toBeEnabled();

      const release = offline.holdSaves();
      let saved: Promise<void> | undefined;
      act(() => {
        saved = offline.keep({
          title: 'd',
          author: 'e',
          audio: 'https://example.org/d.mp3',
          image: '',
        });
      });
      expect(offlineRegion()).toHaveTextContent('1 track is being saved…');
      await act(async () => {
        release();
        await saved;
      });
      expect(offlineRegion()).toHaveTextContent('Tracks kept offline: 4 (16.4 MB)');
      expect(offlineRegion()).not.toHaveTextContent('being saved');
    });

    it('has Remove all disabled when no track is kept', () => {
      render(<App {...createFakeRemoteProps()} offline={createMemoryOffline()} />);
      expect(offlineRegion()).toHaveTextContent('Tracks kept offline: 0');
      expect(removeAllButton()).toBeDisabled();
    });

    it('removes every offline copy once the owner confirms, and not when cancelled', async () => {
      const offline = createMemoryOffline({ kept: [['https://example.org/a.mp3', 1_500_000]] });
      const removeAll = vi.spyOn(offline, 'removeAll');
      const user = userEvent.setup();
      render(<App {...createFakeRemoteProps()} offline={offline} />);

      await user.click(removeAllButton());
      const confirm = screen.getByRole('dialog', { name: 'Remove all offline copies?' });
      expect(confirm).toHaveTextContent(
        'The track kept offline (1.5 MB) will need a connection to play again.',
      );
      await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      expect(removeAll).not.toHaveBeenCalled();
      expect(removeAllButton()).toHaveFocus();

      await user.click(removeAllButton());
      await user.click(screen.getByRole('button', { name: 'Remove all' }));
      expect(removeAll).toHaveBeenCalledTimes(1);
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      expect(await within(offlineRegion()).findByRole('status')).toHaveTextContent(
        'All offline copies were removed.',
      );
      expect(offlineRegion()).toHaveTextContent('Tracks kept offline: 0');
      expect(removeAllButton()).toBeDisabled();
      // The button pressed is disabled now: the section with the outcome has the focus, and
      // keeps it when the outcome is closed.
      await waitFor(() => expect(offlineRegion()).toHaveFocus());
      await user.click(within(offlineRegion()).getByRole('button', { name: 'Close' }));
      expect(within(offlineRegion()).queryByRole('status')).toBeNull();
      expect(offlineRegion()).toHaveFocus();
    });

    it('says so when the copies could not be removed', async () => {
      vi.spyOn(console, 'error').mockImplementation(() => {});
      const offline = createMemoryOffline({ kept: [['https://example.org/a.mp3', 1_500_000]] });
      let fail = (_error: Error) => {};
      vi.spyOn(offline, 'removeAll').mockReturnValue(
        new Promise((_resolve, reject) => (fail = reject)),
      );
      const user = userEvent.setup();
      render(<App {...createFakeRemoteProps()} offline={offline} />);
      await user.click(removeAllButton());
      await user.click(screen.getByRole('button', { name: 'Remove all' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      // Under way, the button shows it is busy and cannot be pressed again.
      expect(removeAllButton()).toBeDisabled();
      expect(within(offlineRegion()).getByRole('progressbar')).toBeInTheDocument();
      await act(async () => fail(new Error('QuotaExceededError')));
      expect(await within(offlineRegion()).findByRole('alert')).toHaveTextContent(
        'The offline copies could not be removed. Please try again.',
      );
      expect(offlineRegion()).toHaveTextContent('Tracks kept offline: 1 (1.5 MB)');
      expect(removeAllButton()).toBeEnabled();
    });
  });

  it('shows the app name and the version it was given', async () => {
    render(<App {...createFakeRemoteProps({ config: { ...FAKE_CONFIG, version: '9.9.9' } })} />);
    await openAbout();
    const about = screen.getByRole('region', { name: 'About' });
    expect(within(about).getByText('loofi 9.9.9')).toBeVisible();
  });

  it('links the helpful resources, each opening in a new tab', async () => {
    render(<App {...createFakeRemoteProps()} />);
    const about = within(await openAbout());
    for (const [name, href] of [
      ['Submit Feedback', FAKE_CONFIG.links.feedback],
      ['Change Log', FAKE_CONFIG.links.changelog],
      ['Contributors', FAKE_CONFIG.links.contributors],
    ] as const) {
      const link = about.getByRole('link', { name });
      expect(link).toHaveAttribute('href', href);
      expect(link).toHaveAttribute('target', '_blank');
      expect(link).toHaveAttribute('rel', 'noopener noreferrer');
      expect(link).toHaveAccessibleDescription('Opens in a new tab');
    }
  });

  it('tells what data is collected and under which licences', async () => {
    render(<App {...createFakeRemoteProps()} />);
    const about = within(await openAbout());
    expect(about.getByRole('region', { name: 'Privacy Policy' })).toHaveTextContent(
      /information it needs to provide its services.*anonymous, non-personal data.*bugs and crashes/,
    );
    expect(about.getByRole('region', { name: 'License' })).toHaveTextContent(
      /open source software, released under the MIT License.*Material UI \(MUI\), a third-party UI library.*MIT License/,
    );
  });

  describe('the copy button', () => {
    const original = Object.getOwnPropertyDescriptor(navigator, 'clipboard');
    afterEach(() => {
      vi.useRealTimers();
      if (original) Object.defineProperty(navigator, 'clipboard', original);
      else Reflect.deleteProperty(navigator, 'clipboard');
    });

    it('copies the name and version, says Copied, and resets after 5 s', async () => {
      vi.useFakeTimers({ shouldAdvanceTime: true });
      const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
      // After setup, which puts a clipboard stub of its own on the navigator.
      const writeText = vi.fn<(text: string) => Promise<void>>().mockResolvedValue(undefined);
      Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
      render(<App {...createFakeRemoteProps()} />);
      await user.click(screen.getByRole('tab', { name: 'About' }));

      await user.click(screen.getByRole('button', { name: 'Copy to Clipboard' }));
      expect(writeText).toHaveBeenCalledWith('loofi 1.0.0-beta');
      expect(await screen.findByRole('tooltip')).toHaveTextContent('Copied');
      await act(() => vi.advanceTimersByTimeAsync(5000));
      expect(screen.getByRole('status')).toBeEmptyDOMElement();
    });
  });
});
