import { Activity, startTransition, useEffect, useRef, useState } from 'react';
import type { RemoteProps, TabName } from '@loofi/contracts';
import { REMOTE_IDS } from '@loofi/contracts/apps';
import { SHELL_TABS } from '../navigation/sidebar';
import type { RemoteLoader } from './remote-loader';
import { RemoteTab } from './remote-tab';

type Generations = Partial<Record<TabName, number>>;

/**
 * A number per tab that changes each time the owner leaves it, so every visit starts from
 * a fresh mount as it always has (search, page and dialogs reset), while the next visit's
 * instance can already be rendered, hidden. The change comes in a transition after the
 * switch: the switch itself only hides the tab that was left, and its replacement is
 * rendered when the browser has time.
 */
function useVisitGenerations(activeTab: TabName): Generations {
  const [generations, setGenerations] = useState<Generations>({});
  const shown = useRef(activeTab);
  useEffect(() => {
    const left = shown.current;
    shown.current = activeTab;
    if (left === activeTab) return;
    startTransition(() =>
      setGenerations((current) => ({ ...current, [left]: (current[left] ?? 0) + 1 })),
    );
  }, [activeTab]);
  return generations;
}

/**
 * The active tab's panel, and a panel for every other tab whose remote has already loaded
 * (preloaded while idle, or shown before), rendered ahead of time inside a hidden
 * `<Activity>`: React renders those at the lowest priority, runs none of their effects
 * (no subscription, no fetch) and keeps them out of the page with `display: none`. A switch
 * to such a tab only reveals what is there and starts its effects, instead of rendering
 * the whole remote between the click and the next frame.
 */
export function TabPanels({
  activeTab,
  loader,
  props,
}: {
  activeTab: TabName;
  loader: RemoteLoader;
  props: RemoteProps;
}) {
  const generations = useVisitGenerations(activeTab);
  // The dashboard's first frame holds the shell and the first tab's loading state; the
  // tab's content, even when its remote is already there, is rendered and committed right
  // after. On a phone, the two together were one long task.
  const [firstTab] = useState(activeTab);
  return REMOTE_IDS.filter((tab) => tab === activeTab || loader.loadedApp(tab)).map((tab) => (
    <Activity
      key={`${tab}:${generations[tab] ?? 0}`}
      mode={tab === activeTab ? 'visible' : 'hidden'}
    >
      <div {...SHELL_TABS.panel(tab)}>
        <RemoteTab
          tab={tab}
          loader={loader}
          props={props}
          afterFirstFrame={tab === firstTab && generations[tab] === undefined}
        />
      </div>
    </Activity>
  ));
}
