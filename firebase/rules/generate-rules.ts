/**
 * Writes firebase/database.rules.json and firebase/firestore.rules for the whitelist in
 * WHITELISTED_EMAILS (or the workspace .env), e.g.
 *   WHITELISTED_EMAILS='a@x.org, b@y.org' pnpm exec tsx firebase/rules/generate-rules.ts
 * `--out <dir>` writes them elsewhere (the tests use it to leave the committed files alone).
 */
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { WHITELIST_VARIABLE } from '@loofi/contracts';
import { databaseRules, firestoreRules, parseWhitelist } from './rules-source';

export const FIREBASE_DIR = fileURLToPath(new URL('..', import.meta.url));
export const DATABASE_RULES_FILE = 'database.rules.json';
export const FIRESTORE_RULES_FILE = 'firestore.rules';

export function databaseRulesText(emails: readonly string[]): string {
  return `${JSON.stringify(databaseRules(emails), null, 2)}\n`;
}

function outputDir(args: readonly string[]): string {
  const flag = args.indexOf('--out');
  if (flag === -1) return FIREBASE_DIR;
  const dir = args[flag + 1];
  if (!dir) throw new Error('--out needs a directory.');
  return dir;
}

function main(args: readonly string[]): void {
  const dir = outputDir(args);
  // Same source as the host build: the environment first, then the workspace's .env.
  const dotEnv = join(FIREBASE_DIR, '..', '.env');
  if (existsSync(dotEnv)) process.loadEnvFile(dotEnv);
  const emails = parseWhitelist(process.env[WHITELIST_VARIABLE]);
  const written = [
    [DATABASE_RULES_FILE, databaseRulesText(emails)],
    [FIRESTORE_RULES_FILE, firestoreRules(emails)],
  ].map(([file = '', text = '']) => {
    const path = join(dir, file);
    writeFileSync(path, text);
    return path;
  });
  console.log(`Wrote ${written.join(' and ')} for ${emails.length} whitelisted e-mail(s).`);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  try {
    main(process.argv.slice(2));
  } catch (error) {
    console.error(`generate-rules: ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = 1;
  }
}
