/**
 * The apps of the composed site, written once: the host, and one remote per tab in
 * sidebar order. Everything else that names the apps is derived from this list — tab names
 * and labels, packages, federation names, folders, ports and their variables, origins,
 * `remotes.json`'s fields, the hosting targets, the lint zones, the end-to-end URLs and the
 * bench's tabs. A new tab is one entry here and one folder `remotes/<name>/` (the host's
 * typecheck then asks for its sidebar icons).
 */
export const TAB_MANIFEST = {
  home: { label: 'Home', defaultPort: 3001 },
  music: { label: 'Music', defaultPort: 3002 },
  settings: { label: 'Settings', defaultPort: 3003 },
} as const satisfies Record<string, { label: string; defaultPort: number }>;

export const HOST_MANIFEST = { defaultPort: 3000 } as const;
