import { createServer } from 'node:http';
import type { ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * How the host answers a file: in full (with byte ranges), not at all (the request hangs),
 * with 503 (a server in trouble), or trickling at `bytesPerSecond` and dropping the
 * connection after `dropAfterBytes`, after which it answers 503 until told otherwise.
 */
export type HostBehaviour =
  'serve' | 'hang' | 'fail' | { bytesPerSecond: number; dropAfterBytes: number };

export interface UnsteadyHost {
  url: string;
  /** From the next request on, `file` is answered so. */
  behave(file: string, behaviour: HostBehaviour): void;
  /** How many requests for `file` were answered 503 so far. */
  refusals(file: string): number;
  close(): Promise<void>;
}

/**
 * A loopback audio host that lets the page read its answers (CORS), whose answers a test
 * changes as it runs: a host that never answers, one that drops, one that recovers.
 */
export async function serveUnsteadily(files: Record<string, Buffer>): Promise<UnsteadyHost> {
  const behaviours = new Map<string, HostBehaviour>();
  const refused = new Map<string, number>();
  const headers = {
    'Content-Type': 'audio/wav',
    'Accept-Ranges': 'bytes',
    'Access-Control-Allow-Origin': '*',
    'Access-Control-Allow-Headers': 'Range',
  };
  const server = createServer((req, res) => {
    const name = new URL(req.url ?? '/', 'http://x').pathname.slice(1);
    const file = files[name];
    if (req.method === 'OPTIONS') return void res.writeHead(204, headers).end();
    if (!file) return void res.writeHead(404, headers).end();
    const range = /^bytes=(\d*)-(\d*)$/.exec(req.headers.range ?? '');
    // Only ranged requests (the audio element's, the player's probe) meet the behaviour: a
    // whole download (the loudness meter's) is answered in full.
    const behaviour = range ? (behaviours.get(name) ?? 'serve') : 'serve';
    if (behaviour === 'hang') return;
    if (behaviour === 'fail') {
      refused.set(name, (refused.get(name) ?? 0) + 1);
      return void res.writeHead(503, headers).end();
    }
    const start = range?.[1] ? Number(range[1]) : 0;
    const end = range?.[2] ? Math.min(Number(range[2]), file.length - 1) : file.length - 1;
    const body = file.subarray(start, end + 1);
    const head = range
      ? { ...headers, 'Content-Range': `bytes ${start}-${end}/${file.length}` }
      : headers;
    res.writeHead(range ? 206 : 200, { ...head, 'Content-Length': body.length });
    if (behaviour === 'serve') return void res.end(body);
    // Drops mid-answer: the bytes promised never all arrive, and the host is down after.
    trickleThenDrop(res, body.subarray(0, behaviour.dropAfterBytes), behaviour.bytesPerSecond, () =>
      behaviours.set(name, 'fail'),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    behave: (file, behaviour) => behaviours.set(file, behaviour),
    refusals: (file) => refused.get(file) ?? 0,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Sends `part` ten times a second at `bytesPerSecond`, then drops the connection. */
function trickleThenDrop(
  res: ServerResponse,
  part: Buffer,
  bytesPerSecond: number,
  dropped: () => void,
) {
  const step = Math.max(1, Math.round(bytesPerSecond / 10));
  let sent = 0;
  const timer = setInterval(() => {
    if (res.destroyed) return clearInterval(timer);
    const chunk = part.subarray(sent, sent + step);
    sent += chunk.length;
    if (sent < part.length) return void res.write(chunk);
    clearInterval(timer);
    dropped();
    res.write(chunk, () => res.socket?.destroy());
  }, 100);
}
