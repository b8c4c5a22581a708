import { Activity, startTransition, useCallback, useEffect, useState } from 'react';
import type { RemoteProps, TabName } from '@loofi/contracts';
import { REMOTE_IDS } from '@loofi/contracts/apps';
import { afterNextPaint } from '@loofi/ui/async';
import { SHELL_TABS } from '../navigation/sidebar';
import type { RemoteLoader } from './remote-loader';
import { RemoteTab } from './remote-tab';

type Generations = Partial<Record<TabName, number>>;

interface Visits {
  /** The tab the last render showed. */
  shown: TabName;
  generations: Generations;
  /** Tabs left since then whose next visit's instance is not rendered yet. */
  stale: readonly TabName[];
}

/**
 * If the tab switched to has neither shown its content nor failed by then (its remote is
 * still on its way over a slow network), the tabs left are rendered again anyway, so that
 * going back to one of them is still only a reveal.
 */
export const STALE_RENEWAL_FALLBACK_MS = 1_000;

const renewed = (generations: Generations, tabs: readonly TabName[]): Generations => {
  const next = { ...generations };
  for (const tab of tabs) next[tab] = (next[tab] ?? 0) + 1;
  return next;
};

/**
 * A number per tab that changes each time the owner leaves it, so every visit starts from
 * a fresh mount as it always has (search, page and dialogs reset), while the next visit's
 * instance can already be rendered, hidden. The change waits until the tab switched to has
 * painted its content (`settled`), so that rendering the replacement never competes with
 * the tab the owner is waiting for; it then comes in a transition, rendered when the browser
 * has time. A tab gone back to before that starts fresh in the switch itself.
 */
function useVisitGenerations(activeTab: TabName): {
  generations: Generations;
  settled(tab: TabName): void;
} {
  const [visits, setVisits] = useState<Visits>(() => ({
    shown: activeTab,
    generations: {},
    stale: [],
  }));
  let current = visits;
  if (visits.shown !== activeTab) {
    // Adjusted while rendering the switch, so the tab shown is never the last visit's.
    current = {
      shown: activeTab,
      generations: visits.stale.includes(activeTab)
        ? renewed(visits.generations, [activeTab])
        : visits.generations,
      stale: [...visits.stale.filter((tab) => tab !== activeTab), visits.shown],
    };
    setVisits(current);
  }

  // Only while `shownTab` is still the tab shown: a tab that settled just before a switch
  // says nothing of the tab switched to.
  const renewStale = useCallback(
    (shownTab: TabName) =>
      startTransition(() =>
        setVisits((latest) =>
          latest.stale.length === 0 || shownTab !== latest.shown
            ? latest
            : { ...latest, generations: renewed(latest.generations, latest.stale), stale: [] },
        ),
      ),
    [],
  );
  const settled = useCallback(
    (tab: TabName) => void afterNextPaint().then(() => renewStale(tab)),
    [renewStale],
  );

  const waiting = current.stale.length > 0;
  useEffect(() => {
    if (!waiting) return;
    const timer = setTimeout(() => renewStale(activeTab), STALE_RENEWAL_FALLBACK_MS);
    return () => clearTimeout(timer);
  }, [waiting, activeTab, renewStale]);

  return { generations: current.generations, settled };
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
  const { generations, settled } = useVisitGenerations(activeTab);
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
          onSettled={settled}
        />
      </div>
    </Activity>
  ));
}
