import type { TabName } from '..';

/** The four apps of the composed site: their packages, federation names and default ports. */
export const APPS = {
  host: {
    packageName: '@loofi/host',
    federationName: 'loofi_host',
    dir: 'host',
    defaultPort: 3000,
  },
  home: {
    packageName: '@loofi/home',
    federationName: 'loofi_home',
    dir: 'remotes/home',
    defaultPort: 3001,
  },
  music: {
    packageName: '@loofi/music',
    federationName: 'loofi_music',
    dir: 'remotes/music',
    defaultPort: 3002,
  },
  settings: {
    packageName: '@loofi/settings',
    federationName: 'loofi_settings',
    dir: 'remotes/settings',
    defaultPort: 3003,
  },
} as const satisfies Record<'host' | TabName, AppDefinition>;

export interface AppDefinition {
  packageName: string;
  federationName: string;
  /** The app's folder, relative to the workspace root. */
  dir: string;
  defaultPort: number;
}

export type AppId = keyof typeof APPS;

export const REMOTE_IDS = ['home', 'music', 'settings'] as const satisfies readonly TabName[];

/** The file each remote publishes and the host's `remotes.json` points at. */
export const MANIFEST_FILE = 'mf-manifest.json';

/** The one module every remote exposes. */
export const EXPOSED_MODULE = './App';

/** Where each tab's remote manifest lives: the content of the host's `remotes.json`. */
export type RemotesManifest = Record<TabName, string>;

export function remotesManifestFor(origins: Record<TabName, string>): RemotesManifest {
  return {
    home: `${origins.home}/${MANIFEST_FILE}`,
    music: `${origins.music}/${MANIFEST_FILE}`,
    settings: `${origins.settings}/${MANIFEST_FILE}`,
  };
}
