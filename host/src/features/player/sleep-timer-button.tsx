import { memo } from 'react';
import BedtimeIcon from '@mui/icons-material/Bedtime';
import BedtimeOutlinedIcon from '@mui/icons-material/BedtimeOutlined';
import { IconButton } from '@loofi/ui-kit/base';
import { useObservable } from '@loofi/ui';
import { useFullKitMenu } from '../full-kit/full-kit';
import { Hint } from '../shell-chrome/hint';
import type { SleepChoice, SleepTimer, SleepTimerState } from './sleep-timer';

const OFF: SleepTimerState = { kind: 'off' };

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
  const { menu, menuId, anchor, close, buttonProps, failure } = useFullKitMenu('sleep timer');
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
      {menu.status === 'ready' && (
        <menu.value.overlays.SleepTimerMenu
          kit={menu.value.kit}
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
