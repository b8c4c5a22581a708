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
  /**
   * The notice's action takes the keyboard's focus, where what had it is gone (the row of a
   * track just deleted): focus on the page's body would leave a keyboard user nowhere.
   */
  focusAction?: boolean;
  /** Where the focus goes when the notice holding it is closed without its action. */
  focusOnClose?(): void;
}
