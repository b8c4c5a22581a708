import { TAB_NAMES } from '../tab';
import type { TabName } from '../tab';
import { HOST_MANIFEST, TAB_MANIFEST } from './manifest';

/** An app of the composed site, derived from the manifest by the conventions below. */
export interface AppDefinition {
  /** `@loofi/<id>` */
  packageName: string;
  /** `loofi_<id>`, the Module Federation name. */
  federationName: string;
  /** The app's folder, relative to the workspace root: `host` or `remotes/<id>`. */
  dir: string;
  defaultPort: number;
  /** The variable that overrides the port: `<ID>_PORT`. */
  portVariable: string;
}

export type AppId = 'host' | TabName;

function appOf(id: AppId, dir: string, defaultPort: number): AppDefinition {
  return {
    packageName: `@loofi/${id}`,
    federationName: `loofi_${id}`,
    dir,
    defaultPort,
    portVariable: `${id.toUpperCase()}_PORT`,
  };
}

/** The four apps, the host first. */
export const APPS = Object.fromEntries([
  ['host', appOf('host', 'host', HOST_MANIFEST.defaultPort)],
  ...TAB_NAMES.map((tab) => [tab, appOf(tab, `remotes/${tab}`, TAB_MANIFEST[tab].defaultPort)]),
]) as Record<AppId, AppDefinition>;

export const APP_IDS = Object.keys(APPS) as readonly AppId[];

/** The remotes: one per tab, named as the tab. */
export const REMOTE_IDS: readonly TabName[] = TAB_NAMES;

/** The file each remote publishes and the host's `remotes.json` points at. */
export const MANIFEST_FILE = 'mf-manifest.json';

/** The one module every remote exposes. */
export const EXPOSED_MODULE = './App';

/** Where each tab's remote manifest lives: the content of the host's `remotes.json`. */
export type RemotesManifest = Record<TabName, string>;

export function remotesManifestFor(origins: Record<TabName, string>): RemotesManifest {
  return Object.fromEntries(
    REMOTE_IDS.map((tab) => [tab, `${origins[tab]}/${MANIFEST_FILE}`]),
  ) as RemotesManifest;
}

/**
 * The global array through which an app's chunks reach its runtime (Rspack's
 * `output.chunkLoadingGlobal`): a remote loaded again starts from a fresh one.
 */
export const chunkLoadingGlobal = (federationName: string) => `rspackChunk${federationName}`;
