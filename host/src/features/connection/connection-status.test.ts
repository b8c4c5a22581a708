import { Subject } from 'rxjs';
import { describe, expect, it } from 'vitest';
import { ConnectionStatus } from './connection-status';

function fakeWindow(onLine: boolean) {
  const target = new EventTarget();
  return Object.assign(target, { navigator: { onLine } }) as EventTarget & {
    navigator: { onLine: boolean };
  };
}

describe('ConnectionStatus', () => {
  it('is offline while the browser, the backend or a load says so, and tells on each change', () => {
    const window = fakeWindow(true);
    const status = new ConnectionStatus(window);
    const told: boolean[] = [];
    status.offline$.subscribe((offline) => told.push(offline));
    expect(status.isOffline()).toBe(false);

    window.dispatchEvent(new Event('offline'));
    expect(status.isOffline()).toBe(true);
    window.dispatchEvent(new Event('online'));
    expect(status.isOffline()).toBe(false);

    const connected$ = new Subject<boolean>();
    status.followBackend(connected$);
    connected$.next(false);
    expect(status.isOffline()).toBe(true);
    connected$.next(true);

    status.reportLoad(true);
    expect(status.isOffline()).toBe(true);
    status.reportLoad(true);
    status.reportLoad(false);
    expect(status.isOffline()).toBe(false);
    // The state on subscribing, then each of the six changes, and nothing for the repeats.
    expect(told).toEqual([false, true, false, true, false, true, false]);
  });

  it('stops following the backend when told, forgetting its last state', () => {
    const status = new ConnectionStatus(fakeWindow(true));
    const connected$ = new Subject<boolean>();
    const unfollow = status.followBackend(connected$);
    connected$.next(false);
    expect(status.isOffline()).toBe(true);
    unfollow();
    expect(status.isOffline()).toBe(false);
    expect(connected$.observed).toBe(false);
  });

  it('starts from the browser’s own answer', () => {
    expect(new ConnectionStatus(fakeWindow(false)).isOffline()).toBe(true);
  });
});
