import DownloadForOfflineIcon from '@mui/icons-material/DownloadForOffline';
import FileDownloadOffIcon from '@mui/icons-material/FileDownloadOff';
import PlaylistAddIcon from '@mui/icons-material/PlaylistAdd';
import QueuePlayNextIcon from '@mui/icons-material/QueuePlayNext';
import { CircularProgress } from '@loofi/ui-kit/base';
import { ListItemIcon, ListItemText, Menu, MenuItem } from '@loofi/ui-kit';
import type { StoredTrack } from '@loofi/contracts';
import type { TrackActions } from './use-track-actions';

/**
 * Whether a row has anything in its menu. The player ignores Play next and Add to queue for
 * the track it has now, so that row offers them not.
 */
export function hasRowActions(actions: TrackActions, current: boolean): boolean {
  return (
    actions.offline !== null ||
    (!current && (actions.playNext !== null || actions.enqueue !== null))
  );
}

export interface TrackActionsMenuProps {
  id: string;
  /** The row's More actions button while the menu is open, else null. */
  anchor: HTMLElement | null;
  /** The track of the menu, kept while it closes so its items do not change as it fades. */
  track: StoredTrack | null;
  /** The menu's track is the player's current one. */
  current: boolean;
  actions: TrackActions;
  onClose(): void;
}

/** A row's More actions: Play next, Add to queue, Keep offline or Remove offline copy. */
export function TrackActionsMenu({
  id,
  anchor,
  track,
  current,
  actions,
  onClose,
}: TrackActionsMenuProps) {
  const { playNext, enqueue, offline, toggleOffline } = actions;
  // One item chosen closes the menu first, so focus is back on the row's button when the
  // confirmation is announced.
  const choose = (action: (track: StoredTrack) => void) => () => {
    onClose();
    if (track) action(track);
  };
  const saving = track !== null && offline !== null && offline.saving.has(track.audio);
  const kept = track !== null && offline !== null && offline.kept.has(track.audio);

  return (
    // Rendered inside the tab (a landmark), not at the end of the body, so its items belong
    // to a landmark like everything else on the page (axe's region rule).
    <Menu
      id={id}
      anchorEl={anchor}
      open={anchor !== null}
      onClose={onClose}
      disablePortal
      anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
      transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      slotProps={{ list: { 'aria-label': track ? `More actions for ${track.title}` : undefined } }}
    >
      {playNext && !current && (
        <MenuItem onClick={choose(playNext)}>
          <ListItemIcon>
            <QueuePlayNextIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText>Play next</ListItemText>
        </MenuItem>
      )}
      {enqueue && !current && (
        <MenuItem onClick={choose(enqueue)}>
          <ListItemIcon>
            <PlaylistAddIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText>Add to queue</ListItemText>
        </MenuItem>
      )}
      {offline && saving && (
        <MenuItem disabled>
          <ListItemIcon>
            <CircularProgress size={20} aria-hidden />
          </ListItemIcon>
          <ListItemText>Keeping offline…</ListItemText>
        </MenuItem>
      )}
      {offline && !saving && (
        <MenuItem onClick={choose(toggleOffline)}>
          <ListItemIcon>
            {kept ? (
              <FileDownloadOffIcon fontSize="small" />
            ) : (
              <DownloadForOfflineIcon fontSize="small" />
            )}
          </ListItemIcon>
          <ListItemText>{kept ? 'Remove offline copy' : 'Keep offline'}</ListItemText>
        </MenuItem>
      )}
    </Menu>
  );
}
