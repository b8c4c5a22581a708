export { loofiTheme } from './theme';
export { LoofiThemeProvider } from './loofi-theme-provider';
export { useObservable } from './use-observable';
export { useRetryWhenOnline } from './use-retry-when-online';
export { usePhoneLayout } from './use-phone-layout';
