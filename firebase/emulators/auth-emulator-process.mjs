// The Auth emulator of firebase-tools, alone in its own process; started by auth.ts.
// Arguments: host, port (0 picks a free one), project id. Prints "listening <port>" once
// it answers, and exits when its parent closes stdin (so also when the parent dies).
import { createRequire } from 'node:module';

const load = createRequire(import.meta.url);
// The emulator's express app, as `firebase emulators:start --only auth` builds it, minus
// the CLI around it: no hub, no logging emulator, no update or MOTD requests.
const { createApp } = load('firebase-tools/lib/emulator/auth/server.js');
const { SingleProjectMode } = load('firebase-tools/lib/emulator/auth/index.js');

const [host = '127.0.0.1', port = '0', projectId = 'demo-loofi'] = process.argv.slice(2);

const app = await createApp(projectId, SingleProjectMode.NO_WARNING);
const server = app.listen(Number(port), host, () => {
  const address = server.address();
  process.stdout.write(
    `listening ${typeof address === 'object' && address ? address.port : port}\n`,
  );
});
server.on('error', (error) => {
  process.stderr.write(`${error.stack ?? error}\n`);
  process.exit(1);
});

const quit = () => process.exit(0);
process.stdin.on('end', quit);
process.stdin.on('close', quit);
process.stdin.resume();
process.on('SIGTERM', quit);
process.on('SIGINT', quit);
