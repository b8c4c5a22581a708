import { Alert, Box, Button, CircularProgress, Tab, Tabs, Typography } from '@loofi/ui-kit/base';
import { Dialog, DialogActions, DialogContent, DialogTitle, LinearProgress } from '@loofi/ui-kit';
import { startTransition, useEffect, useId, useState } from 'react';
import type { ComponentType } from 'react';
import type { LibraryPort, PublicConfig, SharedLink, StoredTrack } from '@loofi/contracts';
import { tabLinks, usePhoneLayout, useRetryableLoad } from '@loofi/ui';
import { SOMETHING_WENT_WRONG } from '../../lib/messages';
import { ManualEntryPanel } from './manual-entry/manual-entry-panel';
import type { PanelProps } from './panel-props';
import { useDialogTasks } from './use-dialog-tasks';
import type { TaskProgress } from './use-dialog-tasks';

const TABS = [
  { id: 'manual', label: 'Manual Entry' },
  { id: 'scraping', label: 'Web Scraping' },
  { id: 'jamendo', label: 'Jamendo API' },
] as const;

type TabId = (typeof TABS)[number]['id'];
type PanelModule = { default: ComponentType<PanelProps> };

// The scraping and Jamendo code is only fetched when its tab is first opened, so the Music
// tab's first load stays light.
const loadWebScraping = (): Promise<PanelModule> => import('./web-scraping/web-scraping-panel');
const loadJamendo = (): Promise<PanelModule> => import('./jamendo/jamendo-panel');

/**
 * False while the dialog first renders, then true in a transition: the press that opens the
 * dialog is answered by its frame at once, and the form (the heaviest part) is built in the
 * following frames, in slices the browser can paint and take input between.
 */
function useFormAfterFirstFrame(): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => startTransition(() => setReady(true)), []);
  return ready;
}

export interface TrackDialogProps {
  open: boolean;
  /** The track to edit (update mode), or null to add music. */
  editing: StoredTrack | null;
  /**
   * A link shared into loofi, to add: an audio file's fills Manual Entry, a page's opens
   * Web Scraping and scrapes it. Nothing is saved until the owner says so.
   */
  shared?: SharedLink | null;
  tracks: readonly StoredTrack[];
  library: LibraryPort;
  config: PublicConfig;
  onClose(): void;
  onSaved(message: string): void;
  onDeleted(track: StoredTrack): void;
  /** A write sent before the owner closed the dialog failed afterwards. */
  onFailedAfterClose(): void;
}

/**
 * SPEC §2's track dialog: Manual Entry, Web Scraping and Jamendo API. Closing it cancels
 * the work under way (a write already sent settles, and the tab tells how); its state lives
 * in this component, which the tab mounts afresh for every opening, so closing or
 * cancelling resets it all.
 */
export function TrackDialog({
  open,
  editing,
  shared = null,
  tracks,
  library,
  config,
  onClose,
  onSaved,
  onDeleted,
  onFailedAfterClose,
}: TrackDialogProps) {
  const id = useId();
  const formReady = useFormAfterFirstFrame();
  const phone = usePhoneLayout();
  const tasks = useDialogTasks({ onFailedAfterClose });
  const firstTab: TabId = shared?.kind === 'page' ? 'scraping' : 'manual';
  const [tab, setTab] = useState<TabId>(firstTab);
  // A tab keeps its results while the owner looks at another one.
  const [visited, setVisited] = useState<ReadonlySet<TabId>>(() => new Set([firstTab]));

  const close = () => {
    tasks.cancel();
    onClose();
  };
  const selectTab = (next: TabId) => {
    // A failure is told where it happened: it does not follow the owner to another tab.
    tasks.dismissFailure();
    setTab(next);
    setVisited((current) => new Set(current).add(next));
  };
  const panelProps: PanelProps = {
    tracks,
    library,
    config,
    run: tasks.run,
    busy: tasks.busy,
    onSaved,
    shared,
  };
  const links = tabLinks<TabId>(id);
  const panel = (tabId: TabId) => ({ ...links.panel(tabId), hidden: tab !== tabId });

  return (
    <Dialog
      open={open}
      onClose={close}
      fullWidth
      maxWidth="sm"
      // A phone gives the dialog the whole screen.
      fullScreen={phone}
      aria-labelledby={`${id}-title`}
    >
      <DialogTitle id={`${id}-title`}>{editing ? 'Edit Music' : 'Add Music'}</DialogTitle>
      {/* Editing is about one stored track: scraping or Jamendo would add others. */}
      {!editing && (
        <Tabs
          value={tab}
          onChange={(_event, next: TabId) => selectTab(next)}
          variant="fullWidth"
          aria-label="Ways to add music"
          sx={{ borderBottom: 1, borderColor: 'divider' }}
        >
          {/* On a phone a name too long for its third of the width goes on two lines: every
              tab stays whole on the screen, none hidden past an edge. */}
          {TABS.map(({ id: tabId, label }) => (
            <Tab
              key={tabId}
              value={tabId}
              label={label}
              wrapped={phone}
              sx={phone ? { minWidth: 0, px: 1 } : undefined}
              {...links.tab(tabId)}
            />
          ))}
        </Tabs>
      )}
      <TaskProgressBar progress={tasks.progress} />
      {/* One height for every tab, so the dialog does not jump as the owner moves between them
          (each panel scrolls inside it); editing shows the form alone, at its own height. */}
      <DialogContent sx={editing ? undefined : { height: { xs: 'auto', sm: 440 } }}>
        {tasks.failed && (
          <Alert severity="error" onClose={tasks.dismissFailure} sx={{ mb: 2 }}>
            {tasks.failureDetail
              ? `${SOMETHING_WENT_WRONG} ${tasks.failureDetail}`
              : SOMETHING_WENT_WRONG}
          </Alert>
        )}
        {editing ? (
          <Box sx={{ pt: 1 }}>
            {formReady && (
              <ManualEntryPanel {...panelProps} editing={editing} onDeleted={onDeleted} />
            )}
          </Box>
        ) : (
          <>
            <Box {...panel('manual')} sx={{ pt: 1 }}>
              {formReady && (
                <ManualEntryPanel {...panelProps} editing={null} onDeleted={onDeleted} />
              )}
            </Box>
            <Box {...panel('scraping')} sx={{ pt: 1 }}>
              {visited.has('scraping') && <LazyPanel load={loadWebScraping} {...panelProps} />}
            </Box>
            <Box {...panel('jamendo')} sx={{ pt: 1 }}>
              {visited.has('jamendo') && <LazyPanel load={loadJamendo} {...panelProps} />}
            </Box>
          </>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={close}>Cancel</Button>
      </DialogActions>
    </Dialog>
  );
}

/** Slow work shows its progress, with words for screen readers. */
function TaskProgressBar({ progress }: { progress: TaskProgress | null }) {
  const counted = progress?.total ? progress : null;
  return (
    <Box sx={{ minHeight: 28, px: 3, pt: 1 }}>
      {progress && (
        <LinearProgress
          aria-label={progress.label}
          variant={counted ? 'determinate' : 'indeterminate'}
          value={counted ? (100 * (counted.done ?? 0)) / counted.total! : undefined}
        />
      )}
      {/* Mounted before it has anything to say, so screen readers announce each change. */}
      <Typography role="status" variant="caption" color="text.secondary">
        {progress &&
          (counted ? `${progress.label} ${counted.done ?? 0} of ${counted.total}` : progress.label)}
      </Typography>
    </Box>
  );
}

function LazyPanel({ load, ...props }: PanelProps & { load: () => Promise<PanelModule> }) {
  const { state, retry } = useRetryableLoad(load);
  useEffect(() => {
    if (state.status === 'failed') console.error(state.error);
  }, [state]);
  if (state.status === 'loading') {
    return (
      <Box sx={{ display: 'grid', placeItems: 'center', minHeight: 160 }}>
        <CircularProgress aria-label="Loading" />
      </Box>
    );
  }
  if (state.status === 'failed') {
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={retry}>
            Retry
          </Button>
        }
      >
        {SOMETHING_WENT_WRONG}
      </Alert>
    );
  }
  const Panel = state.value.default;
  return <Panel {...props} />;
}
