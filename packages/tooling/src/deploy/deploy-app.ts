/**
 * `pnpm deploy:app <app>`: builds one app, writes the hosting section of
 * firebase/firebase.json and deploys that app's hosting target, touching no other.
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { APPS, APP_IDS } from '@loofi/contracts/apps';
import type { AppId } from '@loofi/contracts/apps';
import { WORKSPACE_ROOT } from '../serve/composed-site';

const isApp = (value: string | undefined): value is AppId =>
  value !== undefined && (APP_IDS as readonly string[]).includes(value);

/** The commands that deploy `app`, in order; each must succeed before the next. */
export function deployCommands(app: AppId): string[][] {
  return [
    ['pnpm', '--filter', APPS[app].packageName, 'build'],
    ['pnpm', 'hosting:config'],
    [
      'pnpm',
      '--filter',
      '@loofi/firebase',
      'exec',
      'firebase',
      'deploy',
      '--only',
      `hosting:${app}`,
    ],
  ];
}

function main(app: string | undefined): number {
  if (!isApp(app)) {
    console.error(`Which app? pnpm deploy:app <${APP_IDS.join(' | ')}>`);
    return 2;
  }
  for (const [command = '', ...args] of deployCommands(app)) {
    const { status } = spawnSync(command, args, { cwd: WORKSPACE_ROOT, stdio: 'inherit' });
    if (status !== 0) return status ?? 1;
  }
  return 0;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) process.exitCode = main(process.argv[2]);
