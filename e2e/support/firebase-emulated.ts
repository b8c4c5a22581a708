import type { Page, WebSocket } from '@playwright/test';
import type { RunningEmulators } from '@loofi/firebase/emulators';

/**
 * The account the local account chooser offers first, which a Firebase build against the
 * emulators whitelists by default (host/config/env.ts).
 */
export const EMULATED_OWNER = 'owner@loofi.local';

/** The build-time variables of a host built for running emulators (a Firebase build, offline). */
export function emulatedFirebaseEnv(emulators: RunningEmulators): Record<string, string> {
  const { authUrl, firestore, database } = emulators.hosts;
  return {
    FIREBASE_EMULATORS: '1',
    FIREBASE_PROJECT_ID: emulators.projectId,
    FIREBASE_AUTH_EMULATOR_URL: authUrl,
    FIREBASE_FIRESTORE_EMULATOR_HOST: `${firestore.host}:${firestore.port}`,
    FIREBASE_DATABASE_EMULATOR_HOST: `${database.host}:${database.port}`,
  };
}

/** A Realtime Database message between the page and the emulator, as the SDK frames it. */
interface DatabaseMessage {
  t?: string;
  d?: { r?: number; a?: string; b?: { p?: string; d?: unknown; s?: string } };
}

const parse = (payload: string | Buffer): DatabaseMessage | null => {
  try {
    return JSON.parse(payload.toString()) as DatabaseMessage;
  } catch {
    return null;
  }
};

/** A value at a path of the database, as a page wrote or heard it. */
export interface DatabaseValue {
  path: string;
  value: unknown;
}

/** What one page's Realtime Database connection said about one path and what it heard. */
export interface DatabaseTraffic {
  /** Values the page wrote under the path that the emulator accepted ("ok"), in order. */
  readonly accepted: DatabaseValue[];
  /** Statuses of the writes under the path that the emulator refused. */
  readonly refused: string[];
  /** Values under the path the emulator sent the page (answers to its reads). */
  readonly received: DatabaseValue[];
}

const trimmed = (path: string | undefined) => (path ?? '').replace(/^\/+|\/+$/g, '');

/** The values a write sets: a put sets its path, a merge (`update`) each of its children. */
function written(action: string | undefined, path: string, data: unknown): DatabaseValue[] {
  if (action === 'p') return [{ path, value: data }];
  if (action !== 'm' || typeof data !== 'object' || data === null) return [];
  return Object.entries(data).map(([child, value]) => ({ path: `${path}/${child}`, value }));
}

/**
 * Follows the page's Realtime Database traffic under `path` (e.g. `loofi-listening`): what
 * the emulator accepted of its writes and what it sent it. Call before the page connects.
 */
export function followDatabase(page: Page, path: string): DatabaseTraffic {
  const traffic = {
    accepted: [] as DatabaseValue[],
    refused: [] as string[],
    received: [] as DatabaseValue[],
  };
  const under = (at: string) => at === path || at.startsWith(`${path}/`);
  page.on('websocket', (socket: WebSocket) => {
    const pending = new Map<number, DatabaseValue[]>();
    socket.on('framesent', ({ payload }) => {
      const message = parse(payload)?.d;
      if (message?.r === undefined || !message.b) return;
      const values = written(message.a, trimmed(message.b.p), message.b.d).filter((entry) =>
        under(entry.path),
      );
      if (values.length > 0) pending.set(message.r, values);
    });
    socket.on('framereceived', ({ payload }) => {
      const message = parse(payload)?.d;
      const body = message?.b;
      if (!message || !body) return;
      const request = message.r === undefined ? undefined : pending.get(message.r);
      if (request) {
        if (body.s === 'ok') traffic.accepted.push(...request);
        else traffic.refused.push(String(body.s));
        pending.delete(message.r!);
      } else if ((message.a === 'd' || message.a === 'm') && under(trimmed(body.p))) {
        traffic.received.push({ path: trimmed(body.p), value: body.d });
      }
    });
  });
  return traffic;
}
