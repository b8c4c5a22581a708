/** Where the deploy-time list of remotes lives, next to the host's index.html. */
export const REMOTES_MANIFEST_PATH = '/remotes.json';

/** An absolute http(s) URL; anything else (javascript:, relative, not a string) is not. */
export function isHttpUrl(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  try {
    return ['http:', 'https:'].includes(new URL(value).protocol);
  } catch {
    return false;
  }
}
