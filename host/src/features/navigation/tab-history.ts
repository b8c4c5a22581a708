import type { TabName } from '@loofi/contracts';

/** SPEC §3 "Navigation state": the visited tabs and the position in that list. */
export interface TabHistory {
  activeTab: TabName;
  history: readonly TabName[];
  /** The position of the active tab in `history` (SPEC calls it `action`). */
  position: number;
}

export type TabHistoryAction =
  { type: 'select'; tab: TabName } | { type: 'back' } | { type: 'forward' };

export function initialTabHistory(tab: TabName): TabHistory {
  return { activeTab: tab, history: [tab], position: 0 };
}

/** SPEC §2: Go Back is enabled only with more than one entry and a position above zero. */
export function canGoBack({ history, position }: TabHistory): boolean {
  return history.length > 1 && position > 0;
}

/** SPEC §2: Go Forward is disabled at the last entry. */
export function canGoForward({ history, position }: TabHistory): boolean {
  return position < history.length - 1;
}

/**
 * Selecting a tab that is not active drops the entries after the position (like a
 * browser) and appends it; selecting the active tab changes nothing. Back and forward
 * move the position to the neighbouring entry.
 */
export function tabHistoryReducer(state: TabHistory, action: TabHistoryAction): TabHistory {
  switch (action.type) {
    case 'select': {
      if (action.tab === state.activeTab) return state;
      const history = [...state.history.slice(0, state.position + 1), action.tab];
      return { activeTab: action.tab, history, position: history.length - 1 };
    }
    case 'back': {
      if (!canGoBack(state)) return state;
      const position = state.position - 1;
      return { ...state, position, activeTab: state.history[position]! };
    }
    case 'forward': {
      if (!canGoForward(state)) return state;
      const position = state.position + 1;
      return { ...state, position, activeTab: state.history[position]! };
    }
  }
}
