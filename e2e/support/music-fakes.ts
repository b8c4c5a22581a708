import { createServer } from 'node:http';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** Headers a public CORS proxy or API sends, so the host page may read the answers. */
const CORS = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Methods': 'GET, OPTIONS',
  'Access-Control-Allow-Headers': '*',
};

/** A small cover any scraped or Jamendo track may point at. */
const COVER_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" width="40" height="40"><rect width="40" height="40" fill="#b39ddb"/></svg>';

function send(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { ...CORS, 'Content-Type': 'application/json; charset=utf-8' });
  res.end(JSON.stringify(body));
}

async function listen(
  handler: (req: IncomingMessage, res: ServerResponse, url: URL) => void,
): Promise<{ server: Server; origin: string }> {
  const server = createServer((req, res) => {
    if (req.method === 'OPTIONS') {
      res.writeHead(204, CORS).end();
      return;
    }
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    if (url.pathname.startsWith('/covers/')) {
      res.writeHead(200, { ...CORS, 'Content-Type': 'image/svg+xml' }).end(COVER_SVG);
      return;
    }
    handler(req, res, url);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { server, origin: `http://127.0.0.1:${port}` };
}

function close(server: Server) {
  return new Promise<void>((resolve) => {
    server.closeAllConnections();
    server.close(() => resolve());
  });
}

/** A Jamendo result as the API sends it (the fields SPEC §7 reads). */
export interface JamendoResult {
  name?: string;
  artist_name?: string;
  audio?: string;
  audiodownload?: string;
  image?: string;
  album_image?: string;
}

/** What the fake Jamendo answers: results, an HTTP error, or nothing until the client leaves. */
export type JamendoAnswer = { results: JamendoResult[] } | { status: number } | 'hold';

export interface MusicFakes {
  /** `SCRAPE_PROXY_URL` for the host build: the fake proxy, with `{url}`. */
  readonly proxyTemplate: string;
  /** `JAMENDO_API_URL` for the host build. */
  readonly jamendoApiUrl: string;
  /** Where covers are served: `${coversUrl}/<anything>.svg` is an image. */
  readonly coversUrl: string;
  /** The address of a fixture page; the proxy answers for it, nothing else serves it. */
  pageUrl(name: string): string;
  /** The target of every proxy request, decoded, in order. */
  readonly scraped: string[];
  /** The raw query string of every `GET /v3.0/tracks/`, in order. */
  readonly jamendoQueries: string[];
  /** The queries of Jamendo requests the browser gave up on before the answer (a cancel). */
  readonly jamendoAborted: string[];
  /** What Jamendo answers next. */
  jamendo: JamendoAnswer;
  close(): Promise<void>;
}

/** The page the fake proxy fails on with a 500. */
export const PROXY_FAILS = 'proxy-fails';

/**
 * Starts the two fake servers the Music tab's dialog talks to, each on a loopback port of
 * its own: a CORS proxy answering `GET /get?url=…` as allorigins does (`{ contents, status }`)
 * for the given pages, and a Jamendo API answering `GET /v3.0/tracks/`.
 */
export async function startMusicFakes(pages: Record<string, string>): Promise<MusicFakes> {
  const scraped: string[] = [];
  const jamendoQueries: string[] = [];
  const jamendoAborted: string[] = [];
  let jamendo: JamendoAnswer = { results: [] };
  // Fixture pages live under the proxy's own origin, so their relative covers load.
  let pagesUrl = '';

  const proxy = await listen((_req, res, url) => {
    if (url.pathname !== '/get') return send(res, 404, { error: 'Not found' });
    const target = url.searchParams.get('url') ?? '';
    scraped.push(target);
    const name = target.startsWith(`${pagesUrl}/`) ? target.slice(pagesUrl.length + 1) : '';
    if (name === PROXY_FAILS) return send(res, 500, { error: 'The proxy failed.' });
    const html = pages[name];
    if (html === undefined) {
      return send(res, 200, { contents: null, status: { url: target, http_code: 404 } });
    }
    send(res, 200, { contents: html, status: { url: target, http_code: 200 } });
  });
  pagesUrl = `${proxy.origin}/pages`;

  const api = await listen((_req, res, url) => {
    if (url.pathname !== '/v3.0/tracks/') return send(res, 404, { error: 'Not found' });
    const query = url.search.slice(1);
    jamendoQueries.push(query);
    const answer = jamendo;
    if (answer === 'hold') {
      res.on('close', () => {
        if (!res.writableEnded) jamendoAborted.push(query);
      });
      return;
    }
    if ('status' in answer) return send(res, answer.status, { error: 'Jamendo failed.' });
    send(res, 200, {
      headers: { status: 'success', code: 0, results_count: answer.results.length },
      results: answer.results,
    });
  });

  return {
    proxyTemplate: `${proxy.origin}/get?url={url}`,
    jamendoApiUrl: `${api.origin}/v3.0`,
    coversUrl: `${api.origin}/covers`,
    pageUrl: (name) => `${pagesUrl}/${name}`,
    scraped,
    jamendoQueries,
    jamendoAborted,
    get jamendo() {
      return jamendo;
    },
    set jamendo(answer) {
      jamendo = answer;
    },
    close: async () => {
      await Promise.all([close(proxy.server), close(api.server)]);
    },
  };
}
