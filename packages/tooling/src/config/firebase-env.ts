import { z } from 'zod';
import type { BackendChoice } from '@loofi/backend';

const optional = z.string().trim().min(1).optional();
const hostPort = z
  .string()
  .regex(/^[\w.-]+:\d{1,5}$/, 'must be host:port, e.g. 127.0.0.1:8080')
  .transform((value) => {
    const [host, port] = value.split(':') as [string, string];
    return { host, port: Number(port) };
  });

/** The Firebase variables: all optional; the backend is Firebase when any FIREBASE_* is set. */
export const firebaseEnvShape = {
  FIREBASE_API_KEY: optional,
  FIREBASE_AUTH_DOMAIN: optional,
  FIREBASE_PROJECT_ID: optional,
  FIREBASE_DATABASE_URL: z.url({ protocol: /^https?$/ }).optional(),
  FIREBASE_APP_ID: optional,
  FIREBASE_STORAGE_BUCKET: optional,
  FIREBASE_MESSAGING_SENDER_ID: optional,
  FIREBASE_EMULATORS: z.stringbool().default(false),
  FIREBASE_AUTH_EMULATOR_URL: z.url({ protocol: /^https?$/ }).default('http://127.0.0.1:9099'),
  FIREBASE_FIRESTORE_EMULATOR_HOST: hostPort.default({ host: '127.0.0.1', port: 8080 }),
  FIREBASE_DATABASE_EMULATOR_HOST: hostPort.default({ host: '127.0.0.1', port: 9000 }),
};

type FirebaseEnv = z.infer<z.ZodObject<typeof firebaseEnvShape>>;

const REQUIRED = [
  'FIREBASE_API_KEY',
  'FIREBASE_AUTH_DOMAIN',
  'FIREBASE_PROJECT_ID',
  'FIREBASE_DATABASE_URL',
  'FIREBASE_APP_ID',
] as const;

/**
 * Local unless Firebase is configured; with FIREBASE_EMULATORS=1 the Firebase adapter talks
 * to local emulators and the project settings default to a demo project.
 */
export function chooseBackend(env: FirebaseEnv, ctx: z.RefinementCtx): BackendChoice {
  const emulators = env.FIREBASE_EMULATORS;
  const anySet = REQUIRED.some((key) => env[key] !== undefined);
  if (!anySet && !emulators) return { kind: 'local' };

  const projectId = env.FIREBASE_PROJECT_ID ?? (emulators ? 'demo-loofi' : undefined);
  const database = env.FIREBASE_DATABASE_EMULATOR_HOST;
  const values = {
    FIREBASE_API_KEY: env.FIREBASE_API_KEY ?? (emulators ? 'demo-api-key' : undefined),
    FIREBASE_AUTH_DOMAIN:
      env.FIREBASE_AUTH_DOMAIN ?? (emulators ? `${projectId}.firebaseapp.com` : undefined),
    FIREBASE_PROJECT_ID: projectId,
    // ws://: the database stand-in (firebase-server) speaks WebSocket only. With an http://
    // address the SDK falls back to long polling once a socket has failed (the stand-in
    // stopped, say) and would never reconnect to it.
    FIREBASE_DATABASE_URL:
      env.FIREBASE_DATABASE_URL ??
      (emulators ? `ws://${database.host}:${database.port}?ns=${projectId}` : undefined),
    FIREBASE_APP_ID: env.FIREBASE_APP_ID ?? (emulators ? 'demo-app-id' : undefined),
  };
  for (const key of REQUIRED) {
    if (values[key] === undefined) {
      ctx.addIssue({
        code: 'custom',
        path: [key],
        message: 'is required once any FIREBASE_* variable is set',
      });
    }
  }
  return {
    kind: 'firebase',
    config: {
      apiKey: values.FIREBASE_API_KEY ?? '',
      authDomain: values.FIREBASE_AUTH_DOMAIN ?? '',
      projectId: values.FIREBASE_PROJECT_ID ?? '',
      databaseURL: values.FIREBASE_DATABASE_URL ?? '',
      appId: values.FIREBASE_APP_ID ?? '',
      ...(env.FIREBASE_STORAGE_BUCKET ? { storageBucket: env.FIREBASE_STORAGE_BUCKET } : {}),
      ...(env.FIREBASE_MESSAGING_SENDER_ID
        ? { messagingSenderId: env.FIREBASE_MESSAGING_SENDER_ID }
        : {}),
    },
    ...(emulators
      ? {
          emulators: {
            authUrl: env.FIREBASE_AUTH_EMULATOR_URL,
            firestore: env.FIREBASE_FIRESTORE_EMULATOR_HOST,
            database,
          },
        }
      : {}),
  };
}
