import { CssBaseline, ThemeProvider } from '@loofi/ui-kit/base';
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
