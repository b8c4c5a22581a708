/**
 * `pnpm deploy:app <app>`: builds one app, writes the hosting section of
 * firebase/firebase.json and deploys that app's hosting target, touching no other. The
 * host's build names loopback remotes; its deploy puts the deployed `remotes.json`
 * (`REMOTES_JSON`) in their place first.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { APPS, APP_IDS } from '@loofi/contracts/apps';
import type { AppId, RemotesManifest } from '@loofi/contracts/apps';
import { loadDotEnv } from '../config';
import { WORKSPACE_ROOT, distOf } from '../serve/composed-site';
import { readDeployedRemotes, writeDeployedRemotes } from './deployed-remotes';

const isApp = (value: string | undefined): value is AppId =>
  value !== undefined && (APP_IDS as readonly string[]).includes(value);

export type DeployStep =
  | { kind: 'command'; argv: string[] }
  /** The deployed `remotes.json` written over the one the host's build wrote. */
  | { kind: 'remotes'; manifest: RemotesManifest };

const command = (...argv: string[]): DeployStep => ({ kind: 'command', argv });

/**
 * The steps that deploy `app`, in order; each must succeed before the next. The host needs
 * `remotes`, the deployed `remotes.json`: without it, it would look for its tabs on loopback.
 */
export function deploySteps(app: AppId, remotes?: RemotesManifest): DeployStep[] {
  const placeRemotes = (): DeployStep[] => {
    if (!remotes) {
      throw new Error(
        'Deploying the host needs REMOTES_JSON: the deployed remotes.json (each tab → the https URL of its mf-manifest.json).',
      );
    }
    return [{ kind: 'remotes', manifest: remotes }];
  };
  return [
    command('pnpm', '--filter', APPS[app].packageName, 'build'),
    ...(app === 'host' ? placeRemotes() : []),
    command('pnpm', 'hosting:config'),
    command(
      'pnpm',
      '--filter',
      '@loofi/firebase',
      'exec',
      'firebase',
      'deploy',
      '--only',
      `hosting:${app}`,
    ),
  ];
}

function run(step: DeployStep): number {
  if (step.kind === 'remotes') {
    writeDeployedRemotes(step.manifest, distOf('host'));
    console.log("Wrote the deployed remotes.json into the host's build.");
    return 0;
  }
  const [program = '', ...args] = step.argv;
  return spawnSync(program, args, { cwd: WORKSPACE_ROOT, stdio: 'inherit' }).status ?? 1;
}

function main(app: string | undefined): number {
  if (!isApp(app)) {
    console.error(`Which app? pnpm deploy:app <${APP_IDS.join(' | ')}>`);
    return 2;
  }
  loadDotEnv();
  // The steps run in the workspace root: a relative path is the caller's.
  const source = process.env.REMOTES_JSON && path.resolve(process.env.REMOTES_JSON);
  if (source) process.env.REMOTES_JSON = source;
  try {
    // Read and checked before the build, which takes a while: a bad file stops it at once.
    const remotes = app === 'host' && source ? readDeployedRemotes(source) : undefined;
    for (const step of deploySteps(app, remotes)) {
      const status = run(step);
      if (status !== 0) return status;
    }
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    return 1;
  }
  return 0;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) process.exitCode = main(process.argv[2]);
