import CheckIcon from '@mui/icons-material/Check';
import type { FullKit } from '../full-kit/full-kit';
import type { SleepChoice } from './sleep-timer';

const CHOICES: readonly { choice: SleepChoice; label: string }[] = [
  { choice: 15, label: '15 minutes' },
  { choice: 30, label: '30 minutes' },
  { choice: 45, label: '45 minutes' },
  { choice: 60, label: '1 hour' },
  { choice: 'end-of-track', label: 'End of track' },
  { choice: 'off', label: 'Off' },
];

/** The sleep timer's menu of choices, the current one checked. */
export function SleepTimerMenu({
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
