import { useEffect } from 'react';
import { take } from 'rxjs';
import type { PreferencesStore } from '@loofi/contracts';
import { refreshedTheme } from './theme-urls';
import type { ThemeImages } from './theme-images';

/**
 * Once, when Settings mounts: if the stored theme's image is not this build's URL for it,
 * store this build's. Only once, so two open tabs of different releases cannot take turns
 * rewriting each other's choice.
 */
export function useRefreshStoredTheme(preferences: PreferencesStore, images: ThemeImages) {
  useEffect(() => {
    const subscription = preferences.preferences$.pipe(take(1)).subscribe(({ theme }) => {
      const refreshed = refreshedTheme(theme, images);
      if (refreshed) preferences.set({ theme: refreshed });
    });
    return () => subscription.unsubscribe();
  }, [preferences, images]);
}
