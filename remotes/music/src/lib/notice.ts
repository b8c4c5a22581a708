/** A button a notice offers, such as Undo after a delete. */
export interface NoticeAction {
  label: string;
  onClick(): void;
}

/** A message for the owner, shown by the tab (a snackbar), whichever feature sends it. */
export interface Notice {
  message: string;
  severity: 'success' | 'info' | 'error';
  action?: NoticeAction;
}
