import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { loadDotEnv, parseEnv } from '../config';
import { APPS } from '@loofi/contracts/apps';
import type { AppId, RemotesManifest } from '@loofi/contracts/apps';
import { WORKSPACE_ROOT, distOf, readBuildFacts } from '../serve/composed-site';
import { hostingConfig } from './hosting-config';

/**
 * Writes the `hosting` section of firebase/firebase.json for a deploy, from the builds in
 * each app's dist/ and the deployed remotes.json. Run by `pnpm deploy:<app>`.
 */
loadDotEnv();
const env = parseEnv(
  z.object({
    HOST_ORIGINS: z
      .string({ error: 'must name the host’s deployed origin, e.g. https://loofi.web.app' })
      .min(1)
      .transform((value) => value.split(', ')),
    REMOTES_JSON: z.string().default(path.join(distOf('host'), 'remotes.json')),
    /** Where browsers send Content Security Policy violation reports (https); optional. */
    CSP_REPORT_URL: z.url({ protocol: /^https$/ }).optional(),
  }),
  process.env,
);

const firebaseDir = path.join(WORKSPACE_ROOT, 'firebase');
const firebaseJsonPath = path.join(firebaseDir, 'firebase.json');
const remotes = JSON.parse(readFileSync(env.REMOTES_JSON, 'utf8')) as RemotesManifest;
// Only the apps that were built get a target: deploying one remote needs only its own.
const facts = Object.fromEntries(
  (Object.keys(APPS) as AppId[])
    .filter((app) => existsSync(distOf(app)))
    .map((app) => [app, readBuildFacts(distOf(app))]),
) as Partial<Record<AppId, ReturnType<typeof readBuildFacts>>>;

const firebaseJson = JSON.parse(readFileSync(firebaseJsonPath, 'utf8')) as Record<string, unknown>;
firebaseJson.hosting = hostingConfig({
  facts,
  remotes,
  hostOrigins: env.HOST_ORIGINS,
  reportUrl: env.CSP_REPORT_URL,
  firebaseDir,
  workspaceRoot: WORKSPACE_ROOT,
});
writeFileSync(firebaseJsonPath, `${JSON.stringify(firebaseJson, null, 2)}\n`);
console.log(`Wrote the hosting targets of ${path.relative(process.cwd(), firebaseJsonPath)}.`);
