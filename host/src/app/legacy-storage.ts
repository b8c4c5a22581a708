/**
 * What earlier versions kept in the browser's storage and nothing reads any more: a
 * picture of the owner's last page (its markup, its styles and the owner's titles, up to
 * 120 kB), painted at the start of the next visit.
 */
export const LEGACY_STORAGE_KEYS = ['last-dashboard'] as const;

/** Removes what earlier versions left in `storage`; storage that cannot be used is left. */
export function forgetLegacyStorage(storage: Pick<Storage, 'removeItem'> = localStorage): void {
  try {
    for (const key of LEGACY_STORAGE_KEYS) storage.removeItem(key);
  } catch {
    // Storage unavailable (a privacy mode): there is nothing of ours in it either.
  }
}
