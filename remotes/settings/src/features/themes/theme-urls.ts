import type { Theme, ThemeType } from '@loofi/contracts';
import type { ThemeImages } from './theme-images';

/** The theme of that name as this build stores it: Default has no image (SPEC §3). */
export function themeOf(type: ThemeType, images: ThemeImages): Theme {
  return type === 'Default' ? { type, image: false } : { type, image: images[type] };
}

/**
 * The stored theme with this build's image URL, or null when it already has it. Asset
 * names carry a content hash, so after a redeploy a stored URL can point at a file that is
 * gone; the theme's name is what the owner chose, and it still names the right picture.
 */
export function refreshedTheme(stored: Theme, images: ThemeImages): Theme | null {
  const current = themeOf(stored.type, images);
  return current.image === stored.image ? null : current;
}
