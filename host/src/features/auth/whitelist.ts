/** SPEC §4: the whitelist is one string, entries separated by a comma and a space. */
export const WHITELIST_SEPARATOR = ', ';

export function parseWhitelist(value: string): string[] {
  return value.split(WHITELIST_SEPARATOR).filter((entry) => entry.length > 0);
}

/** SPEC §5: access only for an e-mail that exactly equals a whitelist entry. */
export function isWhitelisted(email: string, whitelist: readonly string[]): boolean {
  return whitelist.includes(email);
}
