// Starts the offline emulators on the ports of firebase.json for a FIREBASE_EMULATORS=1
// session, until Ctrl-C:  pnpm --filter @loofi/firebase exec tsx emulators/cli.ts
// (`firebase emulators:start` can only run the Auth emulator offline: its Firestore and
// Realtime Database emulators are downloaded on first use.)
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { emulatorsUnavailableReason, startEmulators } from './index';

const port = z.object({ port: z.number().int().positive() });
const firebaseJson = z.object({
  emulators: z.object({ auth: port, firestore: port, database: port }),
});

const configPath = join(dirname(fileURLToPath(import.meta.url)), '..', 'firebase.json');
const { emulators: ports } = firebaseJson.parse(JSON.parse(readFileSync(configPath, 'utf8')));

const reason = emulatorsUnavailableReason();
if (reason !== null) {
  console.error(reason);
  process.exit(1);
}

const running = await startEmulators({
  ports: { auth: ports.auth.port, firestore: ports.firestore.port, database: ports.database.port },
});
console.log(`Firebase emulators for ${running.projectId} are running:`);
console.log(JSON.stringify(running.hosts, null, 2));
console.log('Ctrl-C stops them.');

const stop = (): void => {
  void running.stop().finally(() => process.exit(0));
};
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
