import { request as httpRequest } from 'node:http';
import { createServer } from 'node:net';

export const EMULATOR_HOST = '127.0.0.1';

export interface HttpResponse {
  status: number;
  body: string;
}

/**
 * A plain HTTP request to a local emulator. node:http rather than fetch: in a test
 * environment such as happy-dom the global fetch is the DOM's, with CORS checks the
 * emulators' admin endpoints do not answer.
 */
export function http(
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  options: { body?: unknown; headers?: Record<string, string>; timeoutMs?: number } = {},
): Promise<HttpResponse> {
  const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      url,
      {
        method,
        headers: {
          ...(payload === undefined
            ? {}
            : { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }),
          ...options.headers,
        },
        timeout: options.timeoutMs ?? 10_000,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }),
        );
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new Error(`${method} ${url} timed out`)));
    req.on('error', reject);
    req.end(payload);
  });
}

/** Like http(), but rejects unless the emulator answered 2xx. */
export async function httpOk(
  method: Parameters<typeof http>[0],
  url: string,
  options?: Parameters<typeof http>[2],
): Promise<string> {
  const response = await http(method, url, options);
  if (response.status < 200 || response.status >= 300) {
    throw new Error(`${method} ${url} answered ${response.status}: ${response.body.slice(0, 500)}`);
  }
  return response.body;
}

/** Whether an emulator answers a GET at `url` with a 2xx: false while it is not listening yet. */
export async function answers(url: string): Promise<boolean> {
  try {
    const response = await http('GET', url, { timeoutMs: 2_000 });
    return response.status >= 200 && response.status < 300;
  } catch {
    return false;
  }
}

/** Binds `port` (0 lets the system choose) for a moment and returns the port the system gave. */
export async function claimPort(port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(port, EMULATOR_HOST, () => {
      const address = server.address();
      const bound = typeof address === 'object' && address ? address.port : 0;
      server.close(() => (bound ? resolve(bound) : reject(new Error('No free port was given.'))));
    });
  });
}
