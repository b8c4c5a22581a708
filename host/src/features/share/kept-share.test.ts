import { afterEach, describe, expect, it, vi } from 'vitest';
import { keepShare, keptShare } from './kept-share';

describe('keepShare', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    sessionStorage.clear();
    window.history.replaceState(null, '', '/');
  });

  it('keeps the share target’s query for later and shows / in its place, with no new entry', () => {
    window.history.replaceState(null, '', '/share?url=https%3A%2F%2Fexample.org%2Fa&title=A');
    const entries = window.history.length;
    keepShare();
    expect(keptShare()).toBe('?url=https%3A%2F%2Fexample.org%2Fa&title=A');
    expect(window.location.pathname + window.location.search).toBe('/');
    expect(window.history.length).toBe(entries);
  });

  it('leaves any other path alone', () => {
    window.history.replaceState(null, '', '/auth?url=https%3A%2F%2Fexample.org%2Fa');
    keepShare();
    expect(keptShare()).toBeNull();
    expect(window.location.pathname).toBe('/auth');
  });

  it('still shows / where the storage refuses to keep it', () => {
    window.history.replaceState(null, '', '/share?url=x');
    // A storage of its own: happy-dom's Storage keeps a method it once handed out, so a spy
    // on Storage.prototype would go on refusing in every later test.
    vi.stubGlobal('sessionStorage', {
      getItem: () => null,
      setItem: () => {
        throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
      },
    });
    keepShare();
    expect(window.location.pathname).toBe('/');
  });
});
