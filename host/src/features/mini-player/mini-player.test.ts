import { describe, expect, it } from 'vitest';
import type { MiniPlayerShown } from './mini-player';
import { createMiniPlayer, MINI_PLAYER_SIZE } from './mini-player';
import type { MiniPlayerWindow } from './mini-player-window';

/** A Picture-in-Picture window as far as the mini player uses it. */
class FakePipWindow extends EventTarget {
  closed = false;
  close() {
    if (this.closed) return;
    this.closed = true;
    this.dispatchEvent(new Event('pagehide'));
  }
}

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (reason: unknown) => void;
  const promise = new Promise<T>((yes, no) => {
    resolve = yes;
    reject = no;
  });
  return { promise, resolve, reject };
}

const View = (() => null) as unknown as typeof MiniPlayerWindow;

function fakeApi() {
  const requests: { width: number; height: number }[] = [];
  const windows: ReturnType<typeof deferred<Window>>[] = [];
  const pip = {
    requestWindow(options: { width: number; height: number }) {
      requests.push(options);
      const opened = deferred<Window>();
      windows.push(opened);
      return opened.promise;
    },
  };
  return { pip, requests, windows };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('createMiniPlayer', () => {
  it('is none where the browser has no Document Picture-in-Picture', () => {
    expect(createMiniPlayer(undefined)).toBeUndefined();
  });

  it('asks for the window at once, within the press, before its code has arrived', async () => {
    const { pip, requests, windows } = fakeApi();
    const code = deferred<typeof MiniPlayerWindow>();
    let loads = 0;
    const mini = createMiniPlayer(pip, () => {
      loads += 1;
      return code.promise;
    })!;
    const shown: (MiniPlayerShown | null)[] = [];
    mini.shown$.subscribe((value) => shown.push(value));

    mini.open();
    mini.open();
    expect(requests).toEqual([MINI_PLAYER_SIZE]);
    expect(MINI_PLAYER_SIZE.width).toBeLessThanOrEqual(360);
    expect(MINI_PLAYER_SIZE.height).toBeLessThanOrEqual(180);
    expect(loads).toBe(1);

    const opened = new FakePipWindow();
    windows[0]!.resolve(opened as unknown as Window);
    await settle();
    expect(shown).toEqual([null]);
    code.resolve(View);
    await settle();
    expect(shown.at(-1)).toEqual({ window: opened, View });

    // A second press closes it; its window's pagehide says so.
    mini.toggle();
    expect(opened.closed).toBe(true);
    expect(shown.at(-1)).toBeNull();
    mini.toggle();
    expect(requests).toHaveLength(2);
  });

  it('shows nothing when the browser refuses, and closes a window whose code cannot load', async () => {
    const { pip, windows } = fakeApi();
    let failLoad = false;
    const mini = createMiniPlayer(pip, () =>
      failLoad ? Promise.reject(new Error('offline')) : Promise.resolve(View),
    )!;
    mini.open();
    windows[0]!.reject(new DOMException('No user activation', 'NotAllowedError'));
    await settle();

    failLoad = true;
    mini.open();
    const opened = new FakePipWindow();
    windows[1]!.resolve(opened as unknown as Window);
    await settle();
    expect(opened.closed).toBe(true);

    let last: MiniPlayerShown | null = null;
    mini.shown$.subscribe((value) => (last = value));
    expect(last).toBeNull();
  });

  it('a window the owner closed while its code loaded is not shown', async () => {
    const { pip, windows } = fakeApi();
    const code = deferred<typeof MiniPlayerWindow>();
    const mini = createMiniPlayer(pip, () => code.promise)!;
    mini.open();
    const opened = new FakePipWindow();
    windows[0]!.resolve(opened as unknown as Window);
    await settle();
    opened.close();
    code.resolve(View);
    await settle();
    let last: MiniPlayerShown | null = null;
    mini.shown$.subscribe((value) => (last = value));
    expect(last).toBeNull();
  });
});
