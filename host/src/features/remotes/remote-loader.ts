import { isCompatibleContract } from '@loofi/contracts';
import type { RemoteApp, RemoteModule, TabName } from '@loofi/contracts';
import { APPS, EXPOSED_MODULE } from '@loofi/contracts/apps';
import type { RemotesManifest } from '@loofi/contracts/apps';
import { manifestFiles } from './manifest-files';

/** The part of the Module Federation runtime the loader needs; a fake stands in for tests. */
export interface FederationRuntime {
  registerRemotes(remotes: { name: string; entry: string }[], options?: { force?: boolean }): void;
  loadRemote<T>(id: string): Promise<T | null>;
  /** Starts fetching a remote's manifest, for a later `loadRemote` to use. */
  prefetchManifest(url: string): void;
}

export type RemoteFailure =
  | { kind: 'unavailable'; tab: TabName; detail: string }
  | { kind: 'incompatible'; tab: TabName; hostVersion: number; remoteVersion: number | null };

export class RemoteLoadError extends Error {
  override name = 'RemoteLoadError';
  constructor(
    readonly failure: RemoteFailure,
    options?: ErrorOptions,
  ) {
    super(
      failure.kind === 'unavailable'
        ? `The ${failure.tab} remote could not be loaded: ${failure.detail}`
        : `The ${failure.tab} remote speaks contract ${failure.remoteVersion ?? 'unknown'}, the shell speaks ${failure.hostVersion}.`,
      options,
    );
  }
}

const describe = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * The one path by which the host loads a tab's remote: it registers the remotes listed in
 * `remotes.json`, loads `./App`, checks the contract version and remembers what loaded.
 * A failure is never cached, so a later `load` (the Retry button) tries again for real.
 */
export class RemoteLoader {
  private manifest: Promise<RemotesManifest> | null = null;
  private readonly loaded = new Map<TabName, Promise<RemoteApp>>();
  private readonly failed = new Set<TabName>();
  private readonly ready = new Map<TabName, RemoteApp>();
  private readonly contracts = new Map<TabName, number>();
  private othersPrefetched = false;
  private readonly redeployListeners = new Set<(tab: TabName) => void>();

  constructor(
    private readonly runtime: FederationRuntime,
    private readonly fetchManifest: () => Promise<RemotesManifest>,
    private readonly hostContractVersion: number,
  ) {}

  load(tab: TabName): Promise<RemoteApp> {
    let app = this.loaded.get(tab);
    if (!app) {
      app = this.loadFresh(tab);
      this.loaded.set(tab, app);
      app.then(
        (loadedApp) => {
          this.ready.set(tab, loadedApp);
          this.prefetchOtherManifests();
        },
        () => {
          this.loaded.delete(tab);
          this.failed.add(tab);
        },
      );
    }
    return app;
  }

  /** Calls `listener` with each tab whose remote turns out to be redeployed while loaded. */
  onRedeployed(listener: (tab: TabName) => void): () => void {
    this.redeployListeners.add(listener);
    return () => this.redeployListeners.delete(listener);
  }

  /**
   * A script failed to load. If it was one of a loaded remote's files and that remote's
   * manifest, fetched again, no longer lists it, the remote was redeployed while the page was
   * open (its old files are gone): the loaded app is forgotten, so the next load (the tab's
   * Retry, or its next visit) takes the new release, and the tab is told. A failure whose
   * file is still listed, or whose manifest cannot be fetched, is a network failure like any
   * other.
   */
  async checkFailedScript(url: string): Promise<void> {
    const manifest = await this.manifest?.catch(() => null);
    if (!manifest) return;
    const tab = (Object.keys(manifest) as TabName[]).find(
      (name) => this.ready.has(name) && url.startsWith(new URL('.', manifest[name]).href),
    );
    if (!tab) return;
    let current: unknown;
    try {
      const response = await fetch(manifest[tab], { cache: 'no-cache' });
      if (!response.ok) return;
      current = await response.json();
    } catch {
      return;
    }
    const folder = new URL('.', manifest[tab]).href;
    if (manifestFiles(current).some((file) => new URL(file, folder).href === url)) return;
    if (!this.ready.has(tab)) return;
    this.ready.delete(tab);
    this.loaded.delete(tab);
    this.failed.add(tab);
    for (const listener of this.redeployListeners) listener(tab);
  }

  /** The contract version the tab's remote was built against, once it has loaded. */
  contractOf(tab: TabName): number | undefined {
    return this.contracts.get(tab);
  }

  /** The tab's app if it has already loaded: a tab shown again renders it at once. */
  loadedApp(tab: TabName): RemoteApp | undefined {
    return this.ready.get(tab);
  }

  /**
   * Once the first tab has loaded, the other remotes' manifests (a kilobyte or two each) are
   * fetched, so a first switch to their tab starts one round trip further along.
   */
  private prefetchOtherManifests(): void {
    if (this.othersPrefetched || !this.manifest) return;
    this.othersPrefetched = true;
    this.manifest
      .then((manifest) => {
        for (const tab of Object.keys(manifest) as TabName[]) {
          if (!this.loaded.has(tab)) this.runtime.prefetchManifest(manifest[tab]);
        }
      })
      .catch(() => undefined);
  }

  private async loadFresh(tab: TabName): Promise<RemoteApp> {
    const manifest = await this.registeredManifest(tab);
    const { federationName } = APPS[tab];
    if (this.failed.delete(tab)) {
      // The runtime keeps what it fetched for a remote, failures included: forget it.
      this.runtime.registerRemotes([{ name: federationName, entry: manifest[tab] }], {
        force: true,
      });
    }
    let module: Partial<RemoteModule> | null;
    try {
      module = await this.runtime.loadRemote<Partial<RemoteModule>>(
        `${federationName}/${EXPOSED_MODULE.slice(2)}`,
      );
    } catch (cause) {
      throw new RemoteLoadError({ kind: 'unavailable', tab, detail: describe(cause) }, { cause });
    }
    if (!module || typeof module.default !== 'function') {
      throw new RemoteLoadError({
        kind: 'unavailable',
        tab,
        detail: `it does not expose a component as ${EXPOSED_MODULE}`,
      });
    }
    const remoteVersion =
      typeof module.CONTRACT_VERSION === 'number' ? module.CONTRACT_VERSION : null;
    if (remoteVersion === null || !isCompatibleContract(this.hostContractVersion, remoteVersion)) {
      throw new RemoteLoadError({
        kind: 'incompatible',
        tab,
        hostVersion: this.hostContractVersion,
        remoteVersion,
      });
    }
    this.contracts.set(tab, remoteVersion);
    return module.default;
  }

  private async registeredManifest(tab: TabName): Promise<RemotesManifest> {
    if (!this.manifest) {
      this.manifest = this.fetchManifest().then((manifest) => {
        this.runtime.registerRemotes(
          (Object.keys(manifest) as TabName[]).map((name) => ({
            name: APPS[name].federationName,
            entry: manifest[name],
          })),
        );
        return manifest;
      });
      this.manifest.catch(() => {
        this.manifest = null;
      });
    }
    try {
      return await this.manifest;
    } catch (cause) {
      throw new RemoteLoadError({ kind: 'unavailable', tab, detail: describe(cause) }, { cause });
    }
  }
}
