import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { APPS } from '@loofi/contracts/apps';
import type { AppId } from '@loofi/contracts/apps';
import { WORKSPACE_ROOT } from '@loofi/tooling/serve';
import type { Page } from '@playwright/test';

/** Builds a workspace package (an app, or an app of the tests) into a new temporary folder. */
export async function buildPackage(
  packageName: string,
  env: Record<string, string> = {},
): Promise<string> {
  const label = packageName.replace(/^@loofi\//, '');
  const outDir = await mkdtemp(path.join(tmpdir(), `loofi-${label}-build-`));
  await new Promise<void>((resolve, reject) => {
    const child = spawn('pnpm', ['--filter', packageName, 'build'], {
      cwd: WORKSPACE_ROOT,
      env: { ...process.env, ...env, OUT_DIR: outDir },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`The ${label} build failed:\n${stderr}`)),
    );
  });
  return outDir;
}

/**
 * Builds an app again with other build-time variables (no whitelist, the Beta flag, another
 * contract version …) into a folder of its own, to serve beside the normal builds.
 */
export function buildVariant(app: AppId, env: Record<string, string>): Promise<string> {
  return buildPackage(APPS[app].packageName, env);
}

/** The host, built again with other build-time variables. */
export function buildHostVariant(env: Record<string, string>): Promise<string> {
  return buildVariant('host', env);
}

/** A release of a remote's exposed `./App`: the script that holds it, and its text's digest. */
export interface ExposedRelease {
  /** The script's path in the remote's folder. */
  file: string;
  digest: string;
}

export const digestOf = (text: string | Buffer): string =>
  createHash('sha256').update(text).digest('hex');

/**
 * Where a remote's build (its folder) puts its exposed `./App`: the first script its manifest
 * lists for it. That is the remote's entry, which keeps its name from one release to the next
 * (./App is built into it), so the digest is what tells two releases apart.
 */
export async function exposedRelease(root: string): Promise<ExposedRelease> {
  const manifest = JSON.parse(await readFile(path.join(root, 'mf-manifest.json'), 'utf8')) as {
    exposes: { assets: { js: { sync: string[] } } }[];
  };
  const file = manifest.exposes[0]!.assets.js.sync[0]!;
  return { file, digest: digestOf(await readFile(path.join(root, file))) };
}

/** The scripts a page receives from the moment this is called, each as its URL and digest. */
export class ReceivedScripts {
  private received: Promise<{ url: string; digest: string | null }>[] = [];

  constructor(page: Page) {
    page.on('response', (response) => {
      if (response.request().resourceType() !== 'script') return;
      this.received.push(
        response.body().then(
          (body) => ({ url: response.url(), digest: digestOf(body) }),
          // A response whose page went away before its body was read.
          () => ({ url: response.url(), digest: null }),
        ),
      );
    });
  }

  /** Forgets what was received so far. */
  clear(): void {
    this.received = [];
  }

  /** The digests of what was received from `url`, in order. */
  async digestsOf(url: string): Promise<(string | null)[]> {
    const scripts = await Promise.all(this.received);
    return scripts.filter((script) => script.url === url).map((script) => script.digest);
  }
}
