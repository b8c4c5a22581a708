import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import {
  DATABASE_RULES_FILE,
  FIREBASE_DIR,
  FIRESTORE_RULES_FILE,
  databaseRulesText,
} from './generate-rules';
import {
  FIRESTORE_WHITELIST_LINE,
  WhitelistError,
  databaseRules,
  firestoreRules,
  parseWhitelist,
} from './rules-source';

const run = promisify(execFile);
const GENERATOR = fileURLToPath(new URL('./generate-rules.ts', import.meta.url));
const TSX = join(FIREBASE_DIR, 'node_modules', '.bin', 'tsx');

async function generate(
  whitelist: string,
  outDir: string,
): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run(TSX, [GENERATOR, '--out', outDir], {
      // Set even when empty, so a developer's .env cannot fill it in.
      env: { ...process.env, WHITELISTED_EMAILS: whitelist },
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    return { code: failed.code ?? -1, stdout: failed.stdout ?? '', stderr: failed.stderr ?? '' };
  }
}

describe('parseWhitelist', () => {
  it('splits on comma plus space and keeps entries exactly', () => {
    expect(parseWhitelist('a@x.org, b@y.org')).toEqual(['a@x.org', 'b@y.org']);
    expect(parseWhitelist('Owner@Example.org')).toEqual(['Owner@Example.org']);
  });

  it.each([undefined, ''])('fails loudly, naming the variable, for %j', (value) => {
    expect(() => parseWhitelist(value)).toThrow(WhitelistError);
    expect(() => parseWhitelist(value)).toThrow(/WHITELISTED_EMAILS/);
  });

  it.each([
    ['a comma without a space', 'a@x.org,b@y.org'],
    ['a trailing space', 'a@x.org '],
    ['no at-sign', 'owner'],
    ['two at-signs', 'a@b@x.org'],
    ['a rules-language break-out', "x@y.org'] || true || ['"],
    ['a JSON break-out', 'x"@y.org'],
    ['a backslash', 'x\\@y.org'],
    ['a slash, which no document id may hold', 'a/b@x.org'],
    ['a newline', 'a@x.org\n// allow read'],
  ])('refuses an entry with %s', (_reason, value) => {
    expect(() => parseWhitelist(value)).toThrow(WhitelistError);
  });
});

describe('rules text', () => {
  it('quotes an apostrophe in both languages instead of ending the string', () => {
    const email = "o'neil@x.org";
    expect(firestoreRules([email])).toContain(String.raw`in ['o\'neil@x.org']`);
    expect(databaseRules([email]).rules['loofi-music']).toMatchObject({
      '.read': expect.stringContaining(String.raw`auth.token.email === 'o\'neil@x.org'`),
    });
  });

  it('refuses to build rules for an empty whitelist', () => {
    expect(() => databaseRules([])).toThrow(/WHITELISTED_EMAILS/);
    expect(() => firestoreRules([])).toThrow(/WHITELISTED_EMAILS/);
  });

  it('puts every whitelisted address in both rule sets', () => {
    const emails = ['a@x.org', 'b@y.org'];
    const text = firestoreRules(emails);
    const database = JSON.stringify(databaseRules(emails));
    for (const email of emails) {
      expect(text).toContain(`'${email}'`);
      expect(database).toContain(`auth.token.email === '${email}'`);
    }
  });
});

describe('generate-rules script', () => {
  it('writes both files for the whitelist in WHITELISTED_EMAILS', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'loofi-rules-'));
    try {
      const result = await generate('a@x.org, b@y.org', dir);
      expect(result.code).toBe(0);
      const emails = ['a@x.org', 'b@y.org'];
      expect(await readFile(join(dir, DATABASE_RULES_FILE), 'utf8')).toBe(
        databaseRulesText(emails),
      );
      expect(await readFile(join(dir, FIRESTORE_RULES_FILE), 'utf8')).toBe(firestoreRules(emails));
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('fails with the variable name and writes nothing when the whitelist is empty', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'loofi-rules-'));
    try {
      const result = await generate('', dir);
      expect(result.code).toBe(1);
      expect(result.stderr).toMatch(/WHITELISTED_EMAILS/);
      await expect(readFile(join(dir, FIRESTORE_RULES_FILE), 'utf8')).rejects.toThrow(/ENOENT/);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('committed rules files', () => {
  it('match the generator for the whitelist they were generated from', async () => {
    const firestore = await readFile(join(FIREBASE_DIR, FIRESTORE_RULES_FILE), 'utf8');
    const line = firestore.split('\n').find((entry) => entry.startsWith(FIRESTORE_WHITELIST_LINE));
    expect(line, 'firestore.rules names its whitelist').toBeDefined();
    const emails = parseWhitelist(line?.slice(FIRESTORE_WHITELIST_LINE.length));
    expect(firestore, 'regenerate with generate-rules.ts').toBe(firestoreRules(emails));
    expect(await readFile(join(FIREBASE_DIR, DATABASE_RULES_FILE), 'utf8')).toBe(
      databaseRulesText(emails),
    );
  });
});
