import { z } from 'zod';
import type { ScriptTransfer } from './network-recorder';
import { generatedSizeBySource } from './source-map';

/**
 * Strings that stand in exactly one module of a library (as in e2e/composition.spec.ts): the
 * number of downloaded scripts containing one is the number of copies of it. They work on
 * any copy of the product, with or without source maps.
 */
export const SINGLETON_MARKERS: Record<string, string> = {
  'react-dom': '__reactFiber$',
  rxjs: 'object unsubscribed',
  '@emotion/react': '__EMOTION_TYPE_PLEASE_DO_NOT_USE__',
  '@mui/material/Typography': '"MuiTypography"',
  '@mui/material/ButtonBase': '"MuiButtonBase"',
  '@mui/material/Tabs': '"MuiTabs"',
  '@firebase/app': 'fire-core',
};

/**
 * The libraries the composed site must download exactly once: the singletons the apps share
 * (React, rxjs, Firebase, and MUI with its styling engine through the UI kit) and the
 * federation runtime, which the host provides to every remote.
 */
export const SHARED_LIBRARIES = [
  'react',
  'react-dom',
  '@emotion/react',
  '@emotion/styled',
  '@emotion/cache',
  '@mui/material',
  '@mui/system',
  '@mui/styled-engine',
  '@mui/utils',
  'rxjs',
  'firebase',
  '@module-federation/runtime-core',
] as readonly string[];

/**
 * The federation's layer above its core, which Module Federation bundles into every
 * remote entry and loofi's host provides instead (@loofi/federation's bundler runtime registry).
 */
export const FEDERATION_RUNTIME_LIBRARIES = [
  '@module-federation/webpack-bundler-runtime',
  '@module-federation/runtime',
  '@module-federation/sdk',
  '@module-federation/error-codes',
] as readonly string[];

/** A library's group: every `@firebase/*` package counts as part of `firebase`. */
function libraryOf(pkg: string): string {
  return pkg.startsWith('@firebase/') ? 'firebase' : pkg;
}

export interface ModuleRef {
  /** The module's path inside its package (`@mui/material/Button/Button.js`), or in its app. */
  id: string;
  /** Its npm package, or `(loofi_music code)` for an app's own source. */
  pkg: string;
}

/** Names a source of a source map by its package and path, whatever the bundler prefixes. */
export function moduleOf(source: string): ModuleRef {
  if (source.startsWith('data:')) {
    return { id: '(federation runtime, generated)', pkg: '@module-federation (generated)' };
  }
  const app = /^webpack:\/\/([^/]+)\//.exec(source)?.[1] ?? 'app';
  const path = source.replace(/^webpack:\/\/[^/]*\//, '');
  const inModules = path.lastIndexOf('node_modules/');
  if (inModules >= 0) {
    const id = path.slice(inModules + 'node_modules/'.length);
    const parts = id.split('/');
    const pkg = id.startsWith('@') ? parts.slice(0, 2).join('/') : (parts[0] ?? id);
    return { id, pkg };
  }
  const workspacePackage = /(?:^|\/)packages\/(?:shared\/)?([^/]+)\/(.*)$/.exec(path);
  if (workspacePackage) {
    const [, name = '', file = ''] = workspacePackage;
    return { id: `@loofi/${name}/${file}`, pkg: `@loofi/${name}` };
  }
  if (path.startsWith('webpack/')) return { id: `${app}:${path}`, pkg: '(bundler runtime)' };
  return { id: `${app}:${path.replace(/^\.\//, '')}`, pkg: `(${app} code)` };
}

const sourceMapSchema = z.object({
  sources: z.array(z.string()),
  mappings: z.string(),
});

export interface ScriptAnalysis extends ScriptTransfer {
  /** The libraries whose marker string is in this script. */
  markers: string[];
  /** Estimated wire bytes of each module in this script; null without a source map. */
  modules: Map<string, { pkg: string; bytes: number }> | null;
}

/**
 * Reads the scripts a page downloaded (again, from Node: the page's figures are already
 * taken) and their source maps, once per URL.
 */
export class ScriptAnalyser {
  private readonly cache = new Map<
    string,
    Promise<
      Pick<ScriptAnalysis, 'markers'> & {
        shares: Map<string, { pkg: string; share: number }> | null;
      }
    >
  >();

  analyse(scripts: readonly ScriptTransfer[]): Promise<ScriptAnalysis[]> {
    return Promise.all(
      scripts.map(async (script) => {
        const { markers, shares } = await this.read(script.url);
        const modules = shares
          ? new Map(
              [...shares].map(([id, { pkg, share }]) => [
                id,
                { pkg, bytes: share * script.bodyBytes },
              ]),
            )
          : null;
        return { ...script, markers, modules };
      }),
    );
  }

  private read(url: string) {
    let reading = this.cache.get(url);
    if (!reading) {
      reading = readScript(url);
      this.cache.set(url, reading);
    }
    return reading;
  }
}

async function readScript(url: string) {
  const response = await fetch(url);
  const code = response.ok ? await response.text() : '';
  const markers = Object.entries(SINGLETON_MARKERS)
    .filter(([, marker]) => code.includes(marker))
    .map(([library]) => library);
  return { markers, shares: await moduleShares(url, code) };
}

/** Each module's share of a script's generated code, from the script's source map. */
async function moduleShares(
  url: string,
  code: string,
): Promise<Map<string, { pkg: string; share: number }> | null> {
  const reference = /\/\/# sourceMappingURL=(\S+)\s*$/.exec(code)?.[1];
  if (!reference || reference.startsWith('data:')) return null;
  try {
    const response = await fetch(new URL(reference, url));
    if (!response.ok) return null;
    const map = sourceMapSchema.parse(await response.json());
    const sizes = generatedSizeBySource(code, map);
    const total = [...sizes.values()].reduce((sum, size) => sum + size, 0);
    const shares = new Map<string, { pkg: string; share: number }>();
    for (const [source, size] of sizes) {
      const ref =
        source === null
          ? { id: '(chunk boilerplate)', pkg: '(chunk boilerplate, unmapped)' }
          : moduleOf(source);
      const previous = shares.get(ref.id)?.share ?? 0;
      shares.set(ref.id, { pkg: ref.pkg, share: previous + size / total });
    }
    return shares;
  } catch {
    // A copy without readable source maps is still measured, by its markers only.
    return null;
  }
}

export interface PackageBytes {
  pkg: string;
  bytes: number;
}

/** Wire bytes by package, largest first; scripts without a source map count as one lump. */
export function bytesByPackage(analyses: readonly ScriptAnalysis[]): PackageBytes[] {
  const totals = new Map<string, number>();
  for (const script of analyses) {
    if (!script.modules) {
      totals.set('(no source map)', (totals.get('(no source map)') ?? 0) + script.bodyBytes);
      continue;
    }
    for (const { pkg, bytes } of script.modules.values()) {
      totals.set(pkg, (totals.get(pkg) ?? 0) + bytes);
    }
  }
  return [...totals].map(([pkg, bytes]) => ({ pkg, bytes })).sort((a, b) => b.bytes - a.bytes);
}

export interface DuplicatedModule {
  id: string;
  /** The scripts it was downloaded in. */
  copies: number;
  /**
   * The apps (origins) it came from. Copies from one app share one module instance; copies
   * from two apps are two instances, so a React context among them is two contexts.
   */
  origins: number;
  /** Wire bytes spent on the copies beyond the largest. */
  extraBytes: number;
}

export interface LibraryCopies {
  library: string;
  /** Distinct modules of the library that were downloaded. */
  modules: number;
  /** The most scripts any one of its modules was downloaded in. */
  maxCopies: number;
  /**
   * How many downloaded scripts hold any module of it: copies from different builds of the
   * package (its CommonJS and ES files) have different module names, but not fewer scripts.
   */
  scripts: number;
  duplicated: DuplicatedModule[];
  extraBytes: number;
}

/** How many times each module of each library was downloaded, from the source maps. */
export function libraryCopies(analyses: readonly ScriptAnalysis[]): LibraryCopies[] {
  const copies = new Map<string, { pkg: string; bytes: number[]; origins: Set<string> }>();
  const scriptsOf = new Map<string, Set<string>>();
  for (const script of analyses) {
    for (const [id, { pkg, bytes }] of script.modules ?? []) {
      const library = libraryOf(pkg);
      scriptsOf.set(library, (scriptsOf.get(library) ?? new Set()).add(script.url));
      const entry = copies.get(id) ?? { pkg, bytes: [], origins: new Set<string>() };
      entry.bytes.push(bytes);
      entry.origins.add(new URL(script.url).origin);
      copies.set(id, entry);
    }
  }
  const byLibrary = new Map<string, LibraryCopies>();
  for (const [id, { pkg, bytes, origins }] of copies) {
    if (pkg.startsWith('(')) continue;
    const library = libraryOf(pkg);
    const entry = byLibrary.get(library) ?? {
      library,
      modules: 0,
      maxCopies: 0,
      scripts: scriptsOf.get(library)?.size ?? 0,
      duplicated: [],
      extraBytes: 0,
    };
    entry.modules += 1;
    entry.maxCopies = Math.max(entry.maxCopies, bytes.length);
    if (bytes.length > 1) {
      const extraBytes = bytes.reduce((total, size) => total + size, 0) - Math.max(...bytes);
      entry.duplicated.push({ id, copies: bytes.length, origins: origins.size, extraBytes });
      entry.extraBytes += extraBytes;
    }
    byLibrary.set(library, entry);
  }
  for (const entry of byLibrary.values()) {
    entry.duplicated.sort((a, b) => b.extraBytes - a.extraBytes);
  }
  return [...byLibrary.values()].sort((a, b) => b.extraBytes - a.extraBytes);
}

/** React context modules that more than one app instantiated: two providers, two contexts. */
export function contextsInSeveralApps(libraries: readonly LibraryCopies[]): string[] {
  return libraries.flatMap((library) =>
    library.duplicated
      .filter((module) => module.origins > 1 && /Context\.m?[jt]sx?$/.test(module.id))
      .map((module) => module.id),
  );
}

/** How many downloaded scripts contain each marker (0: not downloaded). */
export function markerCopies(analyses: readonly ScriptAnalysis[]): Record<string, number> {
  return Object.fromEntries(
    Object.keys(SINGLETON_MARKERS).map((library) => [
      library,
      analyses.filter((script) => script.markers.includes(library)).length,
    ]),
  );
}
