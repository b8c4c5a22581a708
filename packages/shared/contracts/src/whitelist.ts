/**
 * The whitelist (SPEC §4, §5): one string in WHITELISTED_EMAILS, entries separated by a
 * comma and a space, each compared exactly with the signed-in e-mail. Read by the host's
 * build and by the security rules' generator, so both hold the same entries.
 */
export const WHITELIST_VARIABLE = 'WHITELISTED_EMAILS';
export const WHITELIST_SEPARATOR = ', ';

/** The entries as written (no trimming or case folding: the comparison is exact), once each. */
export function parseWhitelist(value: string): string[] {
  return [...new Set(value.split(WHITELIST_SEPARATOR).filter((entry) => entry.length > 0))];
}

/** SPEC §5: access only for an e-mail that exactly equals a whitelist entry. */
export function isWhitelisted(email: string, whitelist: readonly string[]): boolean {
  return whitelist.includes(email);
}
