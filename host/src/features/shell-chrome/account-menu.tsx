import AccountCircleIcon from '@mui/icons-material/AccountCircle';
import { IconButton } from '@loofi/ui-kit/base';
import { useFullKitMenu } from '../full-kit/full-kit';
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
  const { menu, menuId, anchor, close, buttonProps, failure } = useFullKitMenu('account menu');
  return (
    <>
      <Hint title={email}>
        <IconButton aria-label="Account" {...buttonProps}>
          <AccountCircleIcon />
        </IconButton>
      </Hint>
      {menu.status === 'ready' && (
        <menu.value.overlays.AccountMenuPopup
          kit={menu.value.kit}
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
