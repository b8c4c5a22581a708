import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import type { ReactNode } from 'react';
import { loofiTheme } from './theme';

export function LoofiThemeProvider({ children }: { children: ReactNode }) {
  return (
    <ThemeProvider theme={loofiTheme}>
      <CssBaseline />
      {children}
    </ThemeProvider>
  );
}
