import { act, render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TabName } from '@loofi/contracts';
import { fakeRemoteLoader } from '../../testing/fake-remote-loader';
import type { RemoteLoader } from './remote-loader';
import { useIdlePreload } from './use-idle-preload';

function Preloading({ loader, onRender }: { loader: RemoteLoader; onRender(): void }) {
  useIdlePreload(loader);
  onRender();
  return null;
}

/** Lets the timers run `ms` further and every promise they resolve settle. */
const advance = (ms: number) =>
  act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });

describe('useIdlePreload', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    // An idle period: as soon as nothing else is queued.
    Object.assign(window, {
      requestIdleCallback: (run: () => void) => window.setTimeout(run, 0),
      cancelIdleCallback: (handle: number) => window.clearTimeout(handle),
    });
  });
  afterEach(() => {
    vi.useRealTimers();
    Reflect.deleteProperty(window, 'requestIdleCallback');
    Reflect.deleteProperty(window, 'cancelIdleCallback');
  });

  it('leaves the dashboard alone for 2 s, then fetches the other tabs one at a time', async () => {
    const loader = fakeRemoteLoader();
    await loader.load('home');
    let renders = 0;
    // Each fetch, with the tabs already loaded when it started.
    const loads: [TabName, TabName[]][] = [];
    const load = loader.load.bind(loader);
    vi.spyOn(loader, 'load').mockImplementation((tab) => {
      loads.push([tab, (['music', 'settings'] as const).filter((t) => loader.loadedApp(t))]);
      return load(tab);
    });
    const { unmount } = render(<Preloading loader={loader} onRender={() => (renders += 1)} />);

    await advance(1_999);
    expect(loads).toEqual([]);
    await advance(1_000);
    // One tab at a time: Settings is fetched once Music is there.
    expect(loads).toEqual([
      ['music', []],
      ['settings', ['music']],
    ]);
    // The caller re-renders for the tabs that arrived, to render their panels ahead.
    expect(renders).toBeGreaterThan(1);
    expect(loader.loadedApp('music')).toBeDefined();
    expect(loader.loadedApp('settings')).toBeDefined();
    unmount();
  });

  it('makes the first number format in an idle period of its own, before the first fetch', async () => {
    const loader = fakeRemoteLoader();
    const steps: string[] = [];
    const { NumberFormat } = Intl;
    const numberFormat = vi.spyOn(Intl, 'NumberFormat').mockImplementation(function (
      ...args: ConstructorParameters<typeof NumberFormat>
    ) {
      steps.push('number format');
      return new NumberFormat(...args);
    } as typeof NumberFormat);
    const load = loader.load.bind(loader);
    vi.spyOn(loader, 'load').mockImplementation((tab) => {
      steps.push(`fetch ${tab}`);
      return load(tab);
    });
    const { unmount } = render(<Preloading loader={loader} onRender={() => undefined} />);
    await advance(3_000);
    expect(steps.slice(0, 2)).toEqual(['number format', 'fetch home']);
    unmount();
    numberFormat.mockRestore();
  });

  it('stops when the shell is gone', async () => {
    const loader = fakeRemoteLoader();
    const spy = vi.spyOn(loader, 'load');
    const { unmount } = render(<Preloading loader={loader} onRender={() => undefined} />);
    unmount();
    await advance(5_000);
    expect(spy).not.toHaveBeenCalled();
  });
});
