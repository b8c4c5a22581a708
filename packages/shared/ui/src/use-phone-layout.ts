import { useSyncExternalStore } from 'react';
import { PHONE_QUERY } from './phone-query';

function subscribe(onChange: () => void): () => void {
  const query = window.matchMedia(PHONE_QUERY);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

/**
 * Whether the screen is phone-sized, live as it turns or resizes. Markup rendered ahead of
 * time (the prerendered sign-in page) assumes a wide screen.
 */
export function usePhoneLayout(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(PHONE_QUERY).matches,
    () => false,
  );
}
