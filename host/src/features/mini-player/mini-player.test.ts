import { describe, expect, it } from 'vitest';
import type { MiniPlayer, MiniPlayerShown } from './mini-player';
import { createMiniPlayer, MINI_PLAYER_SIZE } from './mini-player';
import { MiniPlayerWindow, showMiniPlayer } from './mini-player-window';

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

/** What the mini player shows now (its stream replays it). */
function latest(mini: MiniPlayer): MiniPlayerShown | null {
  const seen: (MiniPlayerShown | null)[] = [];
  mini.shown$.subscribe((value) => seen.push(value)).unsubscribe();
  return seen.at(-1) ?? null;
}

/** Whether it says its code could not be fetched. */
function failed(mini: MiniPlayer): boolean {
  let value = false;
  mini.failed$.subscribe((next) => (value = next)).unsubscribe();
  return value;
}

describe('createMiniPlayer', () => {
  it('is none where the browser has no Document Picture-in-Picture', () => {
    expect(createMiniPlayer(undefined)).toBeUndefined();
  });

  it('asks for the window at once, within the press, before its code has arrived', async () => {
    const { pip, requests, windows } = fakeApi();
    const code = deferred<{ showMiniPlayer: typeof showMiniPlayer }>();
    const mini = createMiniPlayer(pip, () => code.promise)!;

    mini.open();
    expect(requests).toEqual([MINI_PLAYER_SIZE]);
    expect(MINI_PLAYER_SIZE.width).toBeLessThanOrEqual(360);
    expect(MINI_PLAYER_SIZE.height).toBeLessThanOrEqual(180);

    const opened = new FakePipWindow();
    windows[0]!.resolve(opened as unknown as Window);
    await settle();
    expect(latest(mini)).toBeNull();
    code.resolve({ showMiniPlayer });
    await settle();
    expect(latest(mini)).toEqual({ window: opened, View: MiniPlayerWindow });

    // A second press closes it; its window's pagehide says so.
    mini.toggle();
    expect(opened.closed).toBe(true);
    expect(latest(mini)).toBeNull();
    mini.toggle();
    expect(requests).toHaveLength(2);
  });

  it('shows nothing when the browser refuses, and closes a window whose code cannot load, saying so', async () => {
    const { pip, windows } = fakeApi();
    let failLoad = false;
    const mini = createMiniPlayer(pip, () =>
      failLoad ? Promise.reject(new Error('offline')) : Promise.resolve({ showMiniPlayer }),
    )!;
    mini.open();
    windows[0]!.reject(new DOMException('No user activation', 'NotAllowedError'));
    await settle();
    expect(latest(mini)).toBeNull();
    expect(failed(mini)).toBe(false);

    failLoad = true;
    mini.open();
    const opened = new FakePipWindow();
    windows[1]!.resolve(opened as unknown as Window);
    await settle();
    expect(opened.closed).toBe(true);
    expect(latest(mini)).toBeNull();
    expect(failed(mini)).toBe(true);
    mini.dismissFailure();
    expect(failed(mini)).toBe(false);

    // Another press tries again, and the notice goes as it does.
    mini.open();
    await settle();
    expect(failed(mini)).toBe(true);
    mini.open();
    expect(failed(mini)).toBe(false);
  });

  it('shows the window of the latest request: one closed meanwhile, or replaced, is not shown', async () => {
    const { pip, windows } = fakeApi();
    const mini = createMiniPlayer(pip, () => Promise.resolve({ showMiniPlayer }))!;
    mini.open();
    mini.open();
    // The browser closes the first window as it opens the second.
    const first = new FakePipWindow();
    first.close();
    const second = new FakePipWindow();
    windows[0]!.resolve(first as unknown as Window);
    windows[1]!.resolve(second as unknown as Window);
    await settle();
    expect(latest(mini)?.window).toBe(second);
    second.close();
    expect(latest(mini)).toBeNull();
  });
});
