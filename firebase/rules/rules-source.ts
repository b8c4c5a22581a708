/**
 * Security rules for both Firebase databases, generated from the whitelist. The client
 * checks the whitelist too (SPEC §5), but anyone can call the Firebase APIs directly with
 * the public config, so these rules are the check that actually protects the data.
 */
import {
  PHASE_MINUTES,
  TRACK_LIMITS,
  WHITELIST_SEPARATOR,
  WHITELIST_VARIABLE,
  parseWhitelist as splitWhitelist,
} from '@loofi/contracts';

const TRACK_FIELDS = ['title', 'author', 'audio', 'image'] as const;
/** The log sizes are also `LOG_LIMITS` in packages/shared/backend/src/bounded-log.ts (the client cuts entries to them). */
export const LIMITS = {
  /**
   * A title or author: the clients keep it within TRACK_LIMITS.text characters (code points,
   * `textTooLong`), which is at most twice as many UTF-16 units, what the rules' `length` counts.
   */
  trackText: TRACK_LIMITS.text * 2,
  trackUrl: TRACK_LIMITS.url,
  tokenHexLength: 264,
  logMessage: 2000,
  logUrl: 2048,
  logError: 10_000,
  /** Seconds into a track; also `MAX_SESSION_POSITION` in the backend's firebase-listening-session.ts. */
  sessionPosition: 86_400,
  /** A focus phase's minutes (the contracts' PHASE_MINUTES). */
  focusMinutes: PHASE_MINUTES,
  /**
   * What is left of a paused focus phase, at most its longest length in ms; also
   * `MAX_FOCUS_LEFT_MS` in the backend's firebase-focus-session.ts.
   */
  focusLeftMs: PHASE_MINUTES.max * 60_000,
  /**
   * The saved mixes the rules check, each by its place (the language has no loops), and a
   * name's length; also `MAX_SAVED_MIXES` and `MAX_MIX_NAME` in the backend's ports.ts.
   */
  savedMixes: 24,
  mixName: 60,
} as const;

/**
 * The ambience's layers as its kept settings name them; also `AMBIENCE_LAYER_IDS` in the
 * backend's firestore-ambience.ts.
 */
export const AMBIENCE_LAYER_IDS = ['rain', 'cafe', 'fireplace', 'wind', 'vinyl', 'brown'] as const;

/**
 * The layers' sliders as kept: whole numbers from 0 to 100 in the order above, joined by
 * commas ("55,45,0,0,15,0"); a saved mix is its layers, a space and its name ("55,45,0,0,15,0
 * Rainy café"). One string is one expression for the rules, where a map of six layers costs
 * dozens and a write may evaluate 1,000. Also in the backend's firestore-ambience.ts.
 */
const AMBIENCE_LEVELS = `(100|[1-9]?[0-9])(,(100|[1-9]?[0-9])){${AMBIENCE_LAYER_IDS.length - 1}}`;
export const AMBIENCE_LEVELS_PATTERN = `^${AMBIENCE_LEVELS}$`;
export const SAVED_MIX_PATTERN = `^${AMBIENCE_LEVELS} .{1,${LIMITS.mixName}}$`;

/**
 * What an e-mail may look like to be put into the rules: one `@`, no whitespace, quotes
 * other than `'`, backslashes or slashes. Anything stranger is refused rather than escaped,
 * and the prefix before `@` must also be usable as a Firestore document id.
 */
const SAFE_EMAIL = /^[A-Za-z0-9!#$%&'*+=?^_`{|}~.-]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*$/;

export class WhitelistError extends Error {
  override name = 'WhitelistError';
}

/** Splits the whitelist as the host's build does (the contracts' parser) and checks it. */
export function parseWhitelist(value: string | undefined): string[] {
  return assertWhitelist(splitWhitelist(value ?? ''));
}

export function assertWhitelist(emails: readonly string[]): string[] {
  if (emails.length === 0) {
    throw new WhitelistError(
      `${WHITELIST_VARIABLE} is empty or unset: the rules would lock every account out. ` +
        `Set it to the owner's e-mail(s), separated by ", " (e.g. ${WHITELIST_VARIABLE}='a@x.org, b@y.org').`,
    );
  }
  for (const email of emails) {
    if (!SAFE_EMAIL.test(email)) {
      throw new WhitelistError(
        `${WHITELIST_VARIABLE} entry ${JSON.stringify(email)} is not an e-mail address the rules can hold ` +
          '(one "@", no spaces, quotes, slashes or backslashes; entries are separated by ", ").',
      );
    }
  }
  return [...new Set(emails)];
}

/**
 * A single-quoted string literal. Both rules languages accept `\\` and `\'` escapes;
 * SAFE_EMAIL already rules out everything else that could end or bend a literal.
 */
function quote(value: string): string {
  return `'${value.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
}

// ---------------------------------------------------------------- Realtime Database

export interface DatabaseRuleNode {
  '.read'?: string | boolean;
  '.write'?: string | boolean;
  '.validate'?: string | boolean;
  [child: string]: DatabaseRuleNode | string | boolean | undefined;
}

export interface DatabaseRules {
  rules: DatabaseRuleNode;
}

function databaseOwner(emails: readonly string[]): string {
  const whitelisted = emails.map((email) => `auth.token.email === ${quote(email)}`).join(' || ');
  return [
    'auth != null',
    "auth.token.firebase.sign_in_provider === 'google.com'",
    'auth.token.email_verified === true',
    `(${whitelisted})`,
  ].join(' && ');
}

const databaseText = [
  'newData.isString()',
  'newData.val().length >= 1',
  `newData.val().length <= ${LIMITS.trackText}`,
  // The client trims before writing; a blank title or author is never legitimate.
  '!newData.val().matches(/^\\s*$/)',
].join(' && ');

/**
 * An absolute http(s) URL, or a path on this site. `//host` and `/\host` are refused because
 * browsers load them from another origin, like the client's isSafeMediaUrl; so is whitespace
 * after the first slash, since browsers drop tabs and newlines and `/<tab>/host` becomes
 * `//host`. The backslash test is a separate `matches`: targaryen mis-parses `\\` inside a set.
 */
const databaseUrl =
  `newData.val().length <= ${LIMITS.trackUrl} && (` +
  String.raw`newData.val().matches(/^https?:\/\/[^\/\s]/i) || ` +
  String.raw`newData.val() === '/' || ` +
  String.raw`(newData.val().matches(/^\/[^\/\s]/) && !newData.val().matches(/^\/\\/))` +
  ')';

const hasTrackFields = `newData.hasChildren([${TRACK_FIELDS.map(quote).join(', ')}])`;

/** A track's four fields and nothing else: a library entry, and the track of a session. */
const trackFieldRules = {
  title: { '.validate': databaseText },
  author: { '.validate': databaseText },
  audio: {
    '.validate': `newData.isString() && newData.val().length >= 1 && ${databaseUrl}`,
  },
  // SPEC §5 keeps scraped tracks without a cover, stored as ''.
  image: { '.validate': `newData.isString() && (newData.val() === '' || ${databaseUrl})` },
  $other: { '.validate': false },
} satisfies DatabaseRuleNode;

/** A whole number of a focus phase's minutes. */
const focusMinutes = {
  '.validate': `newData.isNumber() && newData.val() % 1 === 0 && newData.val() >= ${LIMITS.focusMinutes.min} && newData.val() <= ${LIMITS.focusMinutes.max}`,
} satisfies DatabaseRuleNode;

/**
 * A focus session: its plan, block and phase, and either the deadline of a running phase or
 * what is left of a paused one, never both.
 */
const focusSessionRules = {
  '.validate': [
    "newData.hasChildren(['plan', 'block', 'phase'])",
    "(newData.hasChild('endsAt') || newData.hasChild('leftMs'))",
    "!(newData.hasChild('endsAt') && newData.hasChild('leftMs'))",
  ].join(' && '),
  plan: {
    '.validate': "newData.hasChildren(['focus', 'break', 'longBreak'])",
    focus: focusMinutes,
    break: focusMinutes,
    longBreak: focusMinutes,
    $other: { '.validate': false },
  },
  block: { '.validate': 'newData.isNumber() && newData.val() % 1 === 0 && newData.val() >= 1' },
  phase: { '.validate': "newData.val() === 'focus' || newData.val() === 'break'" },
  endsAt: { '.validate': 'newData.isNumber()' },
  leftMs: {
    '.validate': `newData.isNumber() && newData.val() >= 0 && newData.val() <= ${LIMITS.focusLeftMs}`,
  },
  $other: { '.validate': false },
} satisfies DatabaseRuleNode;

export function databaseRules(emails: readonly string[]): DatabaseRules {
  const owner = databaseOwner(assertWhitelist(emails));
  return {
    rules: {
      '.read': false,
      '.write': false,
      'loofi-music': {
        '.read': owner,
        // Entry by entry only (SPEC §7: set 'loofi-music/{index}'): an add claims its index
        // on 'loofi-music-next' and never rewrites the list, so one old entry that today's
        // rules would refuse cannot block every add.
        $index: {
          '.write': owner,
          '.validate': `$index.matches(/^(0|[1-9][0-9]*)$/) && ${hasTrackFields}`,
          ...trackFieldRules,
        },
      },
      // The next free index, claimed by a transaction (two clients adding at once each get
      // their own range).
      'loofi-music-next': {
        '.read': owner,
        '.write': owner,
        '.validate': 'newData.isNumber() && newData.val() >= 0 && newData.val() % 1 === 0',
      },
      // Which index holds which music, by a hash of its normalised title and author.
      'loofi-music-identities': {
        '.read': owner,
        $identity: {
          '.write': owner,
          '.validate': `$identity.matches(/^[0-9a-f]{28}$/) && newData.hasChildren(['index', 'at'])`,
          index: {
            '.validate': 'newData.isNumber() && newData.val() >= 0 && newData.val() % 1 === 0',
          },
          at: { '.validate': 'newData.isNumber()' },
          $other: { '.validate': false },
        },
      },
      // Where the owner's listening was, for 'Continue where you left off' on another
      // device: each account reads and writes only its own, and only while whitelisted.
      'loofi-listening': {
        $uid: {
          '.read': `${owner} && auth.uid === $uid`,
          '.write': `${owner} && auth.uid === $uid`,
          // A session older than the stored one (a write queued offline, sent hours later)
          // is refused rather than put over a newer one from another device.
          '.validate': [
            "newData.hasChildren(['track', 'position', 'at'])",
            "(!data.child('at').isNumber() || newData.child('at').val() >= data.child('at').val())",
          ].join(' && '),
          track: { '.validate': hasTrackFields, ...trackFieldRules },
          position: {
            '.validate': `newData.isNumber() && newData.val() >= 0 && newData.val() <= ${LIMITS.sessionPosition}`,
          },
          at: { '.validate': 'newData.isNumber()' },
          $other: { '.validate': false },
        },
      },
      // The owner's focus session, followed by their other devices: the last change made to
      // it (`at`) and the session after it, absent once stopped. Each account has only its own.
      'loofi-focus': {
        $uid: {
          '.read': `${owner} && auth.uid === $uid`,
          '.write': `${owner} && auth.uid === $uid`,
          // A change older than the stored one (queued offline, sent late) is refused.
          '.validate': [
            "newData.hasChildren(['at'])",
            "(!data.child('at').isNumber() || newData.child('at').val() >= data.child('at').val())",
          ].join(' && '),
          at: { '.validate': 'newData.isNumber()' },
          session: focusSessionRules,
          $other: { '.validate': false },
        },
      },
    },
  };
}

// ---------------------------------------------------------------- Firestore

/** The whitelist is repeated in the header so a test can tell a stale generated file. */
export const FIRESTORE_WHITELIST_LINE = '// Whitelist: ';

export function firestoreRules(emails: readonly string[]): string {
  const checked = assertWhitelist(emails);
  const whitelist = checked.map(quote).join(', ');
  return `// Generated by firebase/rules/generate-rules.ts from ${WHITELIST_VARIABLE}. Do not edit.
${FIRESTORE_WHITELIST_LINE}${checked.join(WHITELIST_SEPARATOR)}
rules_version = '2';

service cloud.firestore {
  match /databases/{database}/documents {
    // A verified Google account on the whitelist: the product's only role (SPEC §6).
    function isOwner() {
      return request.auth != null
        && request.auth.token.firebase.sign_in_provider == 'google.com'
        && request.auth.token.email_verified == true
        && request.auth.token.email in [${whitelist}];
    }

    // SPEC §3: the id is the part of the e-mail before the at-sign, then '-token'.
    function isOwnCredentialId(docId) {
      return docId == request.auth.token.email.split('@')[0] + '-token';
    }

    function isCredential(data) {
      return data.keys().hasOnly(['email', 'token'])
        && data.keys().hasAll(['email', 'token'])
        && data.email is string
        && data.email == request.auth.token.email
        && data.token is string
        && data.token.matches('^[0-9a-f]{${LIMITS.tokenHexLength}}$');
    }

    function isLogEntry(data) {
      return data.keys().hasOnly(['message', 'url', 'location', 'error'])
        && data.keys().hasAll(['message', 'url', 'location', 'error'])
        && data.message is string && data.message.size() <= ${LIMITS.logMessage}
        && data.url is string && data.url.size() <= ${LIMITS.logUrl}
        && data.error is string && data.error.size() <= ${LIMITS.logError}
        && data.location is map
        && data.location.keys().hasOnly(['line', 'column'])
        && data.location.keys().hasAll(['line', 'column'])
        && data.location.line is int && data.location.line >= 0
        && data.location.column is int && data.location.column >= 0;
    }

    match /loofi-dashboard/{docId} {
      // get covers the live subscription to one document; list stays denied.
      allow get, delete: if isOwner() && isOwnCredentialId(docId);
      allow create, update: if isOwner() && isOwnCredentialId(docId)
        && isCredential(request.resource.data);
    }

    // Write-only: a log may hold page details, so nobody reads it back through the client.
    match /logs/{logId} {
      allow create: if isOwner() && isLogEntry(request.resource.data);
    }
${ambienceRules()}  }
}
`;
}

/** The owner's ambience settings: the mix, the saved mixes and the breaks' setting. */
function ambienceRules(): string {
  const eachSaved = Array.from(
    { length: LIMITS.savedMixes },
    (_, index) => `        && (data.saved.size() <= ${index} || isSavedMix(data.saved[${index}]))`,
  ).join('\n');
  return `
    // The layers' sliders (${AMBIENCE_LAYER_IDS.join(', ')}) and a saved mix, each one string.
    function isLevels(levels) {
      return levels is string && levels.matches('${AMBIENCE_LEVELS_PATTERN}');
    }

    function isSavedMix(mix) {
      return mix is string && mix.matches('${SAVED_MIX_PATTERN}');
    }

    // The rules language has no loops: each saved mix is checked by its place.
    function isAmbience(data) {
      return data.keys().hasOnly(['mix', 'saved', 'lowerWithBreaks', 'at'])
        && data.keys().hasAll(['mix', 'saved', 'lowerWithBreaks', 'at'])
        && data.mix is map
        && data.mix.keys().hasOnly(['levels', 'master'])
        && data.mix.keys().hasAll(['levels', 'master'])
        && isLevels(data.mix.levels)
        && data.mix.master is int && data.mix.master >= 0 && data.mix.master <= 100
        && data.lowerWithBreaks is bool
        && data.at is number
        && data.saved is list
        && data.saved.size() <= ${LIMITS.savedMixes}
${eachSaved};
    }

    // The owner's ambience settings, followed by their other devices: their own only, and a
    // save older than the kept one (queued offline, sent late) is refused.
    match /loofi-ambience/{uid} {
      allow get: if isOwner() && request.auth.uid == uid;
      allow create, update: if isOwner() && request.auth.uid == uid
        && isAmbience(request.resource.data)
        && (resource == null
          || !(resource.data.get('at', null) is number)
          || request.resource.data.at >= resource.data.at);
    }
`;
}
