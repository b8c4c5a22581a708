import { describe, expect, it } from 'vitest';
import { canGoBack, canGoForward, initialTabHistory, tabHistoryReducer } from './tab-history';
import type { TabHistory, TabHistoryAction } from './tab-history';

const run = (start: TabHistory, ...actions: TabHistoryAction[]) =>
  actions.reduce(tabHistoryReducer, start);

describe('tabHistoryReducer', () => {
  it('starts with one entry: neither back nor forward', () => {
    const state = initialTabHistory('home');
    expect(canGoBack(state)).toBe(false);
    expect(canGoForward(state)).toBe(false);
  });

  it('appends a newly selected tab and moves the position to it', () => {
    const state = run(initialTabHistory('home'), { type: 'select', tab: 'music' });
    expect(state).toEqual({ activeTab: 'music', history: ['home', 'music'], position: 1 });
    expect(canGoBack(state)).toBe(true);
    expect(canGoForward(state)).toBe(false);
  });

  it('ignores selecting the active tab', () => {
    const start = initialTabHistory('home');
    expect(tabHistoryReducer(start, { type: 'select', tab: 'home' })).toBe(start);
  });

  it('goes back and forward to the neighbouring entries', () => {
    const visited = run(
      initialTabHistory('home'),
      { type: 'select', tab: 'music' },
      { type: 'select', tab: 'settings' },
    );
    const back = run(visited, { type: 'back' });
    expect(back).toMatchObject({ activeTab: 'music', position: 1 });
    expect(canGoForward(back)).toBe(true);
    const twiceBack = run(back, { type: 'back' });
    expect(twiceBack).toMatchObject({ activeTab: 'home', position: 0 });
    expect(canGoBack(twiceBack)).toBe(false);
    expect(run(twiceBack, { type: 'back' })).toBe(twiceBack);
    expect(run(twiceBack, { type: 'forward' })).toMatchObject({ activeTab: 'music', position: 1 });
  });

  it('drops the forward entries when a new tab is selected after going back', () => {
    const state = run(
      initialTabHistory('home'),
      { type: 'select', tab: 'music' },
      { type: 'select', tab: 'settings' },
      { type: 'back' },
      { type: 'back' },
      { type: 'select', tab: 'settings' },
    );
    expect(state).toEqual({ activeTab: 'settings', history: ['home', 'settings'], position: 1 });
    expect(canGoForward(state)).toBe(false);
  });
});
