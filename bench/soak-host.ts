import { createServer } from 'node:http';
import { crc32, deflateSync } from 'node:zlib';
import type { AddressInfo, Socket } from 'node:net';

/**
 * A grey PNG of `size` × `size` pixels, one shade per row: a few hundred kilobytes on the
 * wire that a browser decodes to `size`² pixels, as an owner's scanned cover would.
 */
export function hugePng(size: number): Buffer {
  const row = Buffer.alloc(size + 1);
  const rows = Buffer.alloc((size + 1) * size);
  for (let y = 0; y < size; y += 1) {
    row.fill(Math.round((y / size) * 255), 1);
    row.copy(rows, y * (size + 1));
  }
  const chunk = (type: string, data: Buffer) => {
    const head = Buffer.alloc(8);
    head.writeUInt32BE(data.length, 0);
    head.write(type, 4, 'ascii');
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
    return Buffer.concat([head, data, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8; // bit depth
  header[9] = 0; // greyscale
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A PCM WAV file as its header (up to its data) and its samples. */
interface WavParts {
  header: Buffer;
  data: Buffer;
  byteRate: number;
}

function wavParts(file: Buffer): WavParts {
  if (file.toString('ascii', 0, 4) !== 'RIFF' || file.toString('ascii', 8, 12) !== 'WAVE') {
    throw new Error('Not a WAV file.');
  }
  let offset = 12;
  let byteRate = 0;
  while (offset + 8 <= file.length) {
    const id = file.toString('ascii', offset, offset + 4);
    const size = file.readUInt32LE(offset + 4);
    if (id === 'fmt ') byteRate = file.readUInt32LE(offset + 16);
    if (id === 'data' && byteRate > 0) {
      return {
        header: file.subarray(0, offset + 8),
        data: file.subarray(offset + 8, offset + 8 + size),
        byteRate,
      };
    }
    offset += 8 + size + (size % 2);
  }
  throw new Error('The WAV file has no audio data.');
}

/** A real recording played over and over to at least `seconds`, as one longer track. */
export function loopedWav(file: Buffer, seconds: number): Buffer {
  const { header, data, byteRate } = wavParts(file);
  const copies = Math.max(1, Math.ceil((seconds * byteRate) / data.length));
  const body = Buffer.concat(Array.from({ length: copies }, () => data));
  const head = Buffer.from(header);
  head.writeUInt32LE(head.length - 8 + body.length, 4);
  head.writeUInt32LE(body.length, head.length - 4);
  return Buffer.concat([head, body]);
}

export interface SoakHost {
  url: string;
  /** The host stops sending body bytes (connections stay open) until `resume`. */
  stall(): void;
  resume(): void;
  /** Network off: every open connection is cut and new ones are reset, until `online`. */
  offline(): void;
  online(): void;
  close(): Promise<void>;
}

/** What a remote host sends at once before it trickles at the audio's own speed. */
const BURST_SECONDS = 4;
const TICK_MS = 250;

/**
 * A remote music host behind a scripted proxy: byte ranges, CORS (a host that lets the page
 * read its audio), each answer sent at real-time speed after a short burst, as a slow host
 * streams, so the player holds only seconds ahead and a stall or an outage is heard.
 */
export async function serveSoakHost(
  files: Record<string, Buffer>,
  extra: Record<string, { body: Buffer; type: string }> = {},
): Promise<SoakHost> {
  let stalled = false;
  let down = false;
  const sockets = new Set<Socket>();
  const server = createServer((req, res) => {
    if (down) {
      req.socket.destroy();
      return;
    }
    const name = new URL(req.url ?? '/', 'http://x').pathname.slice(1);
    const cors = { 'Access-Control-Allow-Origin': '*' };
    const asset = extra[name];
    if (asset) {
      res
        .writeHead(200, {
          ...cors,
          'Content-Type': asset.type,
          'Content-Length': asset.body.length,
        })
        .end(asset.body);
      return;
    }
    const file = files[name];
    if (!file) {
      res.writeHead(404, cors).end();
      return;
    }
    const { byteRate } = wavParts(file);
    const range = /^bytes=(\d*)-(\d*)$/.exec(req.headers.range ?? '');
    const start = range?.[1] ? Number(range[1]) : 0;
    const end = range?.[2] ? Math.min(Number(range[2]), file.length - 1) : file.length - 1;
    if (start > end) {
      res.writeHead(416, { ...cors, 'Content-Range': `bytes */${file.length}` }).end();
      return;
    }
    const headers = {
      ...cors,
      'Content-Type': 'audio/wav',
      'Accept-Ranges': 'bytes',
      'Content-Length': end - start + 1,
    };
    res.writeHead(
      range ? 206 : 200,
      range ? { ...headers, 'Content-Range': `bytes ${start}-${end}/${file.length}` } : headers,
    );
    let sent = start;
    const send = (bytes: number) => {
      const upTo = Math.min(end + 1, sent + bytes);
      res.write(file.subarray(sent, upTo));
      sent = upTo;
      if (sent > end) {
        clearInterval(timer);
        res.end();
      }
    };
    // The burst too waits out a stall: a request made during one gets nothing either.
    let owed = byteRate * BURST_SECONDS;
    const tick = () => {
      if (stalled) return;
      send(owed + Math.ceil((byteRate * TICK_MS) / 1000));
      owed = 0;
    };
    const timer = setInterval(tick, TICK_MS);
    res.on('close', () => clearInterval(timer));
    tick();
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    stall: () => {
      stalled = true;
    },
    resume: () => {
      stalled = false;
    },
    offline: () => {
      down = true;
      for (const socket of sockets) socket.destroy();
    },
    online: () => {
      down = false;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
