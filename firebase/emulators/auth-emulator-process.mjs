// The Auth emulator of firebase-tools, alone in its own process; started by auth.ts.
// Arguments: host, port (0 picks a free one), project id. Prints "bound <port>" as soon as
// the port is its own and "listening <port>" once it answers; what is asked in between
// waits and is answered then. Exits when its parent closes stdin (so also when it dies).
import { createServer } from 'node:http';
import { createRequire } from 'node:module';

const [host = '127.0.0.1', port = '0', projectId = 'demo-loofi'] = process.argv.slice(2);

// The port first: loading firebase-tools and compiling its API's schema take seconds, and
// a port picked and only bound then could be taken by another process meanwhile.
const waiting = [];
const server = createServer((request, response) => waiting.push([request, response]));
server.on('error', (error) => {
  process.stderr.write(`${error.stack ?? error}\n`);
  process.exit(1);
});
await new Promise((resolve) => server.listen(Number(port), host, resolve));
const address = server.address();
const bound = typeof address === 'object' && address ? address.port : port;
process.stdout.write(`bound ${bound}\n`);

const load = createRequire(import.meta.url);
// The emulator's express app, as `firebase emulators:start --only auth` builds it, minus
// the CLI around it: no hub, no logging emulator, no update or MOTD requests.
const { createApp } = load('firebase-tools/lib/emulator/auth/server.js');
const { SingleProjectMode } = load('firebase-tools/lib/emulator/auth/index.js');

const app = await createApp(projectId, SingleProjectMode.NO_WARNING);
server.removeAllListeners('request');
server.on('request', app);
for (const [request, response] of waiting.splice(0)) app(request, response);
process.stdout.write(`listening ${bound}\n`);

const quit = () => process.exit(0);
process.stdin.on('end', quit);
process.stdin.on('close', quit);
process.stdin.resume();
process.on('SIGTERM', quit);
process.on('SIGINT', quit);
