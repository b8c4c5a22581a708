import { act, fireEvent, render, screen } from '@testing-library/react';
import { useEffect, useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { RemoteApp, TabName } from '@loofi/contracts';
import { createFakeRemoteProps } from '@loofi/backend/testing';
import { fakeRemoteLoader } from '../../testing/fake-remote-loader';
import { STALE_RENEWAL_FALLBACK_MS, TabPanels } from './tab-panels';

/**
 * A remote that counts its renders, its instances and its mounted effects, and has state of
 * its own.
 */
function countingApp(name: string) {
  const calls = { renders: 0, instances: 0, effects: 0 };
  const App: RemoteApp = () => {
    calls.renders += 1;
    const [typed, setTyped] = useState(() => {
      calls.instances += 1;
      return '';
    });
    useEffect(() => {
      calls.effects += 1;
    }, []);
    return (
      <label>
        {name}
        <input value={typed} onChange={(event) => setTyped(event.target.value)} />
      </label>
    );
  };
  return { App, calls };
}

describe('TabPanels', () => {
  it('renders a loaded tab ahead, hidden and without effects, and only reveals it on a switch', async () => {
    const home = countingApp('Home remote');
    const music = countingApp('Music remote');
    const settings = countingApp('Settings remote');
    const loader = fakeRemoteLoader({ home: home.App, music: music.App, settings: settings.App });
    await loader.load('home');
    await loader.load('music');
    const props = createFakeRemoteProps();

    const { rerender } = render(<TabPanels activeTab="home" loader={loader} props={props} />);
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 50));
    });
    expect(screen.getByRole('tabpanel')).toHaveAttribute('id', 'shell-panel-home');
    // Music is in the page, rendered but hidden; Settings has not loaded, so it is not.
    expect(music.calls.renders).toBeGreaterThan(0);
    expect(music.calls.effects).toBe(0);
    expect(screen.getByText('Music remote')).not.toBeVisible();
    expect(settings.calls.renders).toBe(0);

    const rendersBefore = music.calls.renders;
    rerender(<TabPanels activeTab="music" loader={loader} props={props} />);
    expect(screen.getByRole('tabpanel')).toHaveAttribute('id', 'shell-panel-music');
    expect(screen.getByText('Music remote')).toBeVisible();
    expect(music.calls.effects).toBe(1);
    expect(music.calls.renders).toBe(rendersBefore);
  });

  it('starts every visit fresh: what was typed in a tab is gone when it is shown again', async () => {
    const home = countingApp('Home remote');
    const music = countingApp('Music remote');
    const loader = fakeRemoteLoader({ home: home.App, music: music.App });
    await loader.load('home');
    await loader.load('music');
    const props = createFakeRemoteProps();

    const { rerender } = render(<TabPanels activeTab="music" loader={loader} props={props} />);
    const box = () => screen.getByRole('textbox');
    await screen.findByRole('textbox');
    await act(async () => {
      fireEvent.change(box(), { target: { value: 'lofi' } });
    });
    expect(box()).toHaveValue('lofi');

    rerender(<TabPanels activeTab="home" loader={loader} props={props} />);
    rerender(<TabPanels activeTab="music" loader={loader} props={props} />);
    await vi.waitFor(() =>
      expect(screen.getByRole('tabpanel')).toHaveAttribute('id', 'shell-panel-music'),
    );
    expect(box()).toHaveValue('');
  });

  it("commits the dashboard's first tab after its loading state, even when its remote is there", async () => {
    const home = countingApp('Home remote');
    const loader = fakeRemoteLoader({ home: home.App });
    await loader.load('home');
    render(<TabPanels activeTab="home" loader={loader} props={createFakeRemoteProps()} />);
    // The first frame: the shell's part, with the tab loading.
    expect(screen.getByRole('progressbar', { name: 'Loading the home tab' })).toBeInTheDocument();
    expect(home.calls.renders).toBe(0);
    // The next commit: the tab itself.
    expect(await screen.findByText('Home remote')).toBeVisible();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
  });

  /**
   * Home shown, with 'lofi' typed into it, and Music's remote arriving only when `music`
   * settles (never, by default).
   */
  async function homeWithTyping(music: Promise<void> = new Promise<void>(() => {})) {
    const home = countingApp('Home remote');
    const musicApp = countingApp('Music remote');
    const loader = fakeRemoteLoader(
      { home: home.App, music: musicApp.App },
      { arrivals: { music } },
    );
    await loader.load('home');
    const props = createFakeRemoteProps();
    const { rerender } = render(<TabPanels activeTab="home" loader={loader} props={props} />);
    const box = () => screen.getByRole('textbox');
    await screen.findByRole('textbox');
    await act(async () => {
      fireEvent.change(box(), { target: { value: 'lofi' } });
    });
    const show = (tab: TabName) =>
      rerender(<TabPanels activeTab={tab} loader={loader} props={props} />);
    return { home, box, show };
  }

  it("renders a left tab's next instance only once the tab switched to shows its content", async () => {
    let arrive = () => {};
    const musicArrives = new Promise<void>((resolve) => {
      arrive = resolve;
    });
    const { home, box, show } = await homeWithTyping(musicArrives);
    const instancesBefore = home.calls.instances;

    show('music');
    expect(screen.getByRole('progressbar', { name: 'Loading the music tab' })).toBeVisible();
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 50));
    });
    // While Music is on its way, nothing renders Home again to compete with it.
    expect(home.calls.instances).toBe(instancesBefore);

    await act(async () => {
      arrive();
      await musicArrives;
    });
    expect(await screen.findByText('Music remote')).toBeVisible();
    // Then Home's next instance is rendered, hidden, and runs no effect.
    await vi.waitFor(() => expect(home.calls.instances).toBe(instancesBefore + 1));
    expect(home.calls.effects).toBe(1);

    show('home');
    expect(box()).toHaveValue('');
  });

  it('starts a visit fresh when the owner goes back before the tab switched to has loaded', async () => {
    const { box, show } = await homeWithTyping();
    show('music');
    show('home');
    expect(box()).toHaveValue('');
  });

  it('renders the tabs left again anyway when the tab switched to is still loading after a while', async () => {
    const { home, show } = await homeWithTyping();
    const instancesBefore = home.calls.instances;

    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      show('music');
      await act(async () => {
        await vi.advanceTimersByTimeAsync(STALE_RENEWAL_FALLBACK_MS - 1);
      });
      expect(home.calls.instances).toBe(instancesBefore);
      await act(async () => {
        await vi.advanceTimersByTimeAsync(1);
      });
    } finally {
      vi.useRealTimers();
    }
    await vi.waitFor(() => expect(home.calls.instances).toBe(instancesBefore + 1));
    expect(screen.getByRole('progressbar', { name: 'Loading the music tab' })).toBeVisible();
    expect(home.calls.effects).toBe(1);
  });
});
