export { BOTTOM_CHROME_PROPERTY, aboveBottomChrome, loofiTheme } from './theme';
export { LoofiThemeProvider } from './loofi-theme-provider';
export { useObservable, useObservableInStep } from './use-observable';
export { useRetryWhenOnline } from './use-retry-when-online';
export { useRetryableLoad } from './use-retryable-load';
export type { RetryableLoadState } from './use-retryable-load';
export { usePhoneLayout } from './use-phone-layout';
export { tabLinks } from './tab-links';
export { focusLost, rescueFocus } from './focus';
