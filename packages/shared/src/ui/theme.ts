import { createTheme } from '@loofi/ui-kit/base';

/** The one MUI theme of loofi: the host and every standalone harness use it. */
export const loofiTheme = createTheme({
  palette: {
    mode: 'dark',
    primary: { main: '#b39ddb' },
    secondary: { main: '#80cbc4' },
    background: { default: '#14121a', paper: '#1e1b26' },
  },
  shape: { borderRadius: 10 },
  typography: {
    fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  },
});
