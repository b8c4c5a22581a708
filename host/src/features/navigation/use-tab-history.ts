import { useCallback, useEffect, useMemo, useReducer } from 'react';
import type { TabName } from '@loofi/contracts';
import { canGoBack, canGoForward, initialTabHistory, tabHistoryReducer } from './tab-history';
import { installTabHistoryKeys } from './tab-history-keys';
import { readTabSession, writeTabSession } from './tab-session';

export interface TabNavigation {
  activeTab: TabName;
  canGoBack: boolean;
  canGoForward: boolean;
  select(tab: TabName): void;
  back(): void;
  forward(): void;
}

/**
 * The shell's tab navigation: restored from `tab-session`, remembered in a history list
 * with a position; Alt+← and Alt+→ go back and forward (`tab-history-keys`).
 */
export function useTabHistory(): TabNavigation {
  const [state, dispatch] = useReducer(tabHistoryReducer, undefined, () =>
    initialTabHistory(readTabSession()),
  );

  useEffect(() => writeTabSession(state.activeTab), [state.activeTab]);

  const select = useCallback((tab: TabName) => dispatch({ type: 'select', tab }), []);
  const back = useCallback(() => dispatch({ type: 'back' }), []);
  const forward = useCallback(() => dispatch({ type: 'forward' }), []);

  useEffect(() => installTabHistoryKeys(window, { back, forward }), [back, forward]);

  // The same object until something in it changes: what takes it can skip a render.
  const { activeTab } = state;
  const backward = canGoBack(state);
  const onward = canGoForward(state);
  return useMemo(
    () => ({ activeTab, canGoBack: backward, canGoForward: onward, select, back, forward }),
    [activeTab, backward, onward, select, back, forward],
  );
}
