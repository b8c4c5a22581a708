import LogoutIcon from '@mui/icons-material/Logout';
import type { FullKit } from '../full-kit/full-kit';

/** The account menu's items: who is signed in, the keyboard shortcuts, and Sign out. */
export function AccountMenuPopup({
  kit: { ListItemIcon, ListItemText, Menu, MenuItem },
  id,
  anchor,
  email,
  onClose,
  onShowKeys,
  onSignOut,
}: {
  kit: FullKit;
  id: string;
  anchor: HTMLElement | null;
  email: string;
  onClose(): void;
  onShowKeys(): void;
  onSignOut(): void;
}) {
  return (
    // Rendered inside the top bar (the page's banner), not at the end of the body, so its
    // items belong to a landmark like everything else on the page.
    <Menu id={id} anchorEl={anchor} open={anchor !== null} onClose={onClose} disablePortal>
      <MenuItem disabled>
        <ListItemText primary="Signed in as" secondary={email} />
      </MenuItem>
      <MenuItem
        onClick={() => {
          onClose();
          onShowKeys();
        }}
      >
        <ListItemText inset primary="Keyboard shortcuts" />
      </MenuItem>
      <MenuItem
        onClick={() => {
          onClose();
          onSignOut();
        }}
      >
        <ListItemIcon>
          <LogoutIcon fontSize="small" />
        </ListItemIcon>
        <ListItemText primary="Sign out" />
      </MenuItem>
    </Menu>
  );
}
