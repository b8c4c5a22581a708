import { createTheme } from '@loofi/ui-kit/base';

/** The one MUI theme of loofi: the host and every standalone harness use it. */
export const loofiTheme = createTheme({
  palette: {
    mode: 'dark',
    // 5.2:1 on a dialog's raised background (WCAG AA asks 4.5:1); #b39ddb gave 4.19:1.
    primary: { main: '#c4b3e6' },
    secondary: { main: '#80cbc4' },
    background: { default: '#14121a', paper: '#1e1b26' },
  },
  shape: { borderRadius: 10 },
  components: {
    // MUI's translucent grey let light backdrops show through: white text fell under 4.5:1.
    MuiTooltip: {
      styleOverrides: { tooltip: { backgroundColor: '#3b3547', color: '#ffffff' } },
    },
  },
  typography: {
    fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  },
});
