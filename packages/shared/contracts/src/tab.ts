import { TAB_MANIFEST } from './apps/manifest';

/** A tab of the dashboard, as stored in `tab-session`; each is served by the remote of the same name. */
export type TabName = keyof typeof TAB_MANIFEST;

/** The dashboard's tabs, in sidebar order (the order of the app manifest). */
export const TAB_NAMES = Object.keys(TAB_MANIFEST) as readonly TabName[];

export function isTabName(value: unknown): value is TabName {
  return typeof value === 'string' && Object.hasOwn(TAB_MANIFEST, value);
}

/** The name each tab shows in the sidebar and in messages about it (SPEC §2). */
export const TAB_LABELS = Object.fromEntries(
  TAB_NAMES.map((tab) => [tab, TAB_MANIFEST[tab].label]),
) as Record<TabName, string>;
