/** The dashboard's tabs, in sidebar order. Each one is served by the remote of the same name. */
export const TAB_NAMES = ['home', 'music', 'settings'] as const;

/** A tab of the dashboard, as stored in `tab-session`. */
export type TabName = (typeof TAB_NAMES)[number];

export function isTabName(value: unknown): value is TabName {
  return typeof value === 'string' && (TAB_NAMES as readonly string[]).includes(value);
}
