import { Box } from '@loofi/ui-kit/base';
import type { PreferencesStore } from '@loofi/contracts';
import { DEFAULT_PREFERENCES } from '@loofi/contracts';
import { useObservable } from '@loofi/ui';

/** The backdrop image chosen in Settings, behind every tab; none for the Default theme. */
export function ThemeBackdrop({ preferences }: { preferences: PreferencesStore }) {
  const { theme } = useObservable(preferences.preferences$, DEFAULT_PREFERENCES);
  if (theme.image === false) return null;
  return (
    <Box
      aria-hidden
      data-testid="theme-backdrop"
      data-theme={theme.type}
      sx={{
        position: 'fixed',
        inset: 0,
        zIndex: -1,
        backgroundImage: `linear-gradient(rgba(20, 18, 26, 0.72), rgba(20, 18, 26, 0.72)), url("${theme.image}")`,
        backgroundSize: 'cover',
        backgroundPosition: 'center',
      }}
    />
  );
}
