import AccountCircleIcon from '@mui/icons-material/AccountCircle';
import LogoutIcon from '@mui/icons-material/Logout';
import { IconButton } from '@loofi/ui-kit/base';
import { useFullKitMenu } from '../full-kit/full-kit';
import type { FullKit } from '../full-kit/full-kit';
import { Hint } from './hint';

/**
 * The account button of the top bar: who is signed in, the keyboard shortcuts, and Sign out.
 * The menu is drawn with the full kit, fetched as soon as the owner points at, focuses or
 * presses the button.
 */
export function AccountMenu({
  email,
  onShowKeys,
  onSignOut,
}: {
  email: string;
  onShowKeys(): void;
  onSignOut(): void;
}) {
  const { kit, menuId, anchor, close, buttonProps, failure } = useFullKitMenu('account menu');
  return (
    <>
      <Hint title={email}>
        <IconButton aria-label="Account" {...buttonProps}>
          <AccountCircleIcon />
        </IconButton>
      </Hint>
      {kit.status === 'ready' && (
        <AccountMenuPopup
          kit={kit.kit}
          id={menuId}
          anchor={anchor}
          email={email}
          onClose={close}
          onShowKeys={onShowKeys}
          onSignOut={onSignOut}
        />
      )}
      {failure}
    </>
  );
}

function AccountMenuPopup({
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
