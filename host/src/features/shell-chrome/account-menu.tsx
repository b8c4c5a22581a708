import AccountCircleIcon from '@mui/icons-material/AccountCircle';
import LogoutIcon from '@mui/icons-material/Logout';
import { IconButton, ListItemIcon, ListItemText, Menu, MenuItem } from '@loofi/ui-kit';
import { useId, useState } from 'react';
import { Hint } from './hint';

/** The account button of the top bar: who is signed in, and Sign out. */
export function AccountMenu({ email, onSignOut }: { email: string; onSignOut(): void }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  const close = () => setAnchor(null);
  return (
    <>
      <Hint title={email}>
        <IconButton
          aria-label="Account"
          aria-haspopup="menu"
          aria-controls={anchor ? menuId : undefined}
          aria-expanded={anchor ? 'true' : undefined}
          onClick={(event) => setAnchor(event.currentTarget)}
        >
          <AccountCircleIcon />
        </IconButton>
      </Hint>
      <Menu id={menuId} anchorEl={anchor} open={anchor !== null} onClose={close}>
        <MenuItem disabled>
          <ListItemText primary="Signed in as" secondary={email} />
        </MenuItem>
        <MenuItem
          onClick={() => {
            close();
            onSignOut();
          }}
        >
          <ListItemIcon>
            <LogoutIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText primary="Sign out" />
        </MenuItem>
      </Menu>
    </>
  );
}
