import { memo } from 'react';
import BedtimeIcon from '@mui/icons-material/Bedtime';
import BedtimeOutlinedIcon from '@mui/icons-material/BedtimeOutlined';
import CheckIcon from '@mui/icons-material/Check';
import { IconButton } from '@loofi/ui-kit/base';
import { useObservable } from '@loofi/ui';
import { useFullKitMenu } from '../full-kit/full-kit';
import type { FullKit } from '../full-kit/full-kit';
import { Hint } from '../shell-chrome/hint';
import type { SleepChoice, SleepTimer, SleepTimerState } from './sleep-timer';

const OFF: SleepTimerState = { kind: 'off' };

const CHOICES: readonly { choice: SleepChoice; label: string }[] = [
  { choice: 15, label: '15 minutes' },
  { choice: 30, label: '30 minutes' },
  { choice: 45, label: '45 minutes' },
  { choice: 60, label: '1 hour' },
  { choice: 'end-of-track', label: 'End of track' },
  { choice: 'off', label: 'Off' },
];

function chosen(state: SleepTimerState): SleepChoice {
  return state.kind === 'timed' ? state.minutes : state.kind;
}

/**
 * The sleep timer's button and its menu of choices. Its name says how long is left; only it
 * re-renders as the minutes go down, never the bar around it. The menu is drawn with the
 * full kit, fetched as soon as the owner points at, focuses or presses the button.
 */
export const SleepTimerButton = memo(function SleepTimerButton({ timer }: { timer: SleepTimer }) {
  const state = useObservable(timer.state$, OFF);
  const name = useObservable(timer.name$, 'Sleep timer');
  const { kit, menuId, anchor, close, buttonProps, failure } = useFullKitMenu('sleep timer');
  return (
    <>
      <Hint title={name}>
        <IconButton
          aria-label={name}
          color={state.kind === 'off' ? 'default' : 'primary'}
          {...buttonProps}
        >
          {state.kind === 'off' ? <BedtimeOutlinedIcon /> : <BedtimeIcon />}
        </IconButton>
      </Hint>
      {kit.status === 'ready' && (
        <SleepTimerMenu
          kit={kit.kit}
          id={menuId}
          anchor={anchor}
          active={chosen(state)}
          onChoose={(choice) => {
            close();
            timer.set(choice);
          }}
          onClose={close}
        />
      )}
      {failure}
    </>
  );
});

function SleepTimerMenu({
  kit: { ListItemIcon, ListItemText, Menu, MenuItem },
  id,
  anchor,
  active,
  onChoose,
  onClose,
}: {
  kit: FullKit;
  id: string;
  anchor: HTMLElement | null;
  active: SleepChoice;
  onChoose(choice: SleepChoice): void;
  onClose(): void;
}) {
  return (
    // Rendered inside the player (a landmark), not at the end of the body, so its items
    // belong to a landmark like everything else on the page.
    <Menu
      id={id}
      anchorEl={anchor}
      open={anchor !== null}
      onClose={onClose}
      disablePortal
      anchorOrigin={{ vertical: 'top', horizontal: 'center' }}
      transformOrigin={{ vertical: 'bottom', horizontal: 'center' }}
      slotProps={{ list: { 'aria-label': 'Sleep timer' } }}
    >
      {CHOICES.map(({ choice, label }) => (
        <MenuItem
          key={choice}
          role="menuitemradio"
          aria-checked={choice === active}
          selected={choice === active}
          onClick={() => onChoose(choice)}
        >
          {choice === active && (
            <ListItemIcon>
              <CheckIcon fontSize="small" />
            </ListItemIcon>
          )}
          <ListItemText inset={choice !== active} primary={label} />
        </MenuItem>
      ))}
    </Menu>
  );
}
