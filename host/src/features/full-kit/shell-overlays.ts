// The shell's parts drawn with the full kit that only show on demand, and the sleep timer's
// engine, which only its menu sets: one chunk, fetched beside the kit (loadShellOverlays), so
// the dashboard's first load carries none of them.
export { AccountMenuPopup } from '../shell-chrome/account-menu-popup';
export { SleepTimerMenu } from '../player/sleep-timer-menu';
export { KeysSheet } from '../keys-sheet/keys-sheet';
export { createSleepTimer } from '../player/sleep-timer';
