import { useCallback, useState } from 'react';
import type { TabName } from '@loofi/shared/contracts';
import { readTabSession, writeTabSession } from './tab-session';

/** The active tab, restored from and saved to `tab-session`. */
export function useActiveTab(): [TabName, (tab: TabName) => void] {
  const [activeTab, setActiveTab] = useState<TabName>(readTabSession);
  const select = useCallback((tab: TabName) => {
    setActiveTab((current) => {
      if (current === tab) return current;
      writeTabSession(tab);
      return tab;
    });
  }, []);
  return [activeTab, select];
}
