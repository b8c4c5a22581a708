import type { LibraryPort, PublicConfig, SharedLink, StoredTrack } from '@loofi/contracts';
import type { RunTask } from './use-dialog-tasks';

/** What each tab of the track dialog gets from the dialog. */
export interface PanelProps {
  /** The library as it is now, to find duplicates. */
  tracks: readonly StoredTrack[];
  library: LibraryPort;
  config: PublicConfig;
  run: RunTask;
  busy: boolean;
  /**
   * The work is done: the dialog closes (unless the owner closed it meanwhile) and the tab
   * shows this message.
   */
  onSaved(message: string): void;
  /** A link shared into loofi: the panel of its kind starts from it. */
  shared: SharedLink | null;
}
