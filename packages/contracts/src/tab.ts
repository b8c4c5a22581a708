/** The dashboard's tabs, in sidebar order. Each one is served by the remote of the same name. */
export const TAB_NAMES = ['home', 'music', 'settings'] as const;

/** A tab of the dashboard, as stored in `tab-session`. */
export type TabName = (typeof TAB_NAMES)[number];

export function isTabName(value: unknown): value is TabName {
  return typeof value === 'string' && (TAB_NAMES as readonly string[]).includes(value);
}

/** The name each tab shows in the sidebar and in messages about it (SPEC §2). */
export const TAB_LABELS: Record<TabName, string> = {
  home: 'Home',
  music: 'Music',
  settings: 'Settings',
};
