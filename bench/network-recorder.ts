import { performance } from 'node:perf_hooks';
import type { CDPSession } from '@playwright/test';

/** One script response, as the browser received it. */
export interface ScriptTransfer {
  url: string;
  /** Body bytes on the wire (gzip where the server compressed it), without headers. */
  bodyBytes: number;
  /** Headers included: what the request really cost on the wire. */
  transferBytes: number;
}

interface RecordedRequest {
  url: string;
  type: string;
  headerBytes: number;
  totalBytes: number;
  state: 'pending' | 'finished' | 'failed';
}

/**
 * Requests that may stay open for the life of the page (Firestore's long poll, the audio
 * stream, a WebSocket) are not what a page waits on; only these types keep the network
 * "busy" while they are in flight.
 */
const BLOCKING_TYPES = new Set(['Document', 'Script', 'Stylesheet', 'Font', 'Image', 'Manifest']);

/**
 * Records a page's network through its own CDP session: which scripts it downloaded and
 * how many bytes each cost, and when the network has gone quiet.
 */
export class NetworkRecorder {
  private readonly requests = new Map<string, RecordedRequest>();
  private lastActivity = performance.now();

  private constructor(cdp: CDPSession) {
    cdp.on('Network.requestWillBeSent', (event) => {
      this.lastActivity = performance.now();
      // A redirect reuses the id: the new request replaces the old one.
      this.requests.set(event.requestId, {
        url: event.request.url,
        type: event.type ?? 'Other',
        headerBytes: 0,
        totalBytes: 0,
        state: 'pending',
      });
    });
    cdp.on('Network.responseReceived', (event) => {
      this.lastActivity = performance.now();
      const request = this.requests.get(event.requestId);
      if (!request) return;
      request.type = event.type;
      request.headerBytes = event.response.encodedDataLength;
    });
    cdp.on('Network.loadingFinished', (event) => {
      this.lastActivity = performance.now();
      const request = this.requests.get(event.requestId);
      if (!request) return;
      request.totalBytes = event.encodedDataLength;
      request.state = 'finished';
    });
    cdp.on('Network.loadingFailed', (event) => {
      this.lastActivity = performance.now();
      const request = this.requests.get(event.requestId);
      if (request) request.state = 'failed';
    });
  }

  static async attach(cdp: CDPSession): Promise<NetworkRecorder> {
    const recorder = new NetworkRecorder(cdp);
    await cdp.send('Network.enable');
    return recorder;
  }

  /** Forgets what was recorded, to measure the next phase of the same page on its own. */
  reset(): void {
    this.requests.clear();
  }

  scripts(): ScriptTransfer[] {
    return [...this.requests.values()]
      .filter((request) => request.type === 'Script' && request.state === 'finished')
      .map((request) => ({
        url: request.url,
        bodyBytes: Math.max(0, request.totalBytes - request.headerBytes),
        transferBytes: request.totalBytes,
      }));
  }

  /** Every URL requested since the last reset. */
  urls(): string[] {
    return [...this.requests.values()].map((request) => request.url);
  }

  failedScripts(): string[] {
    return [...this.requests.values()]
      .filter((request) => request.type === 'Script' && request.state === 'failed')
      .map((request) => request.url);
  }

  private busy(): boolean {
    return [...this.requests.values()].some(
      (request) => request.state === 'pending' && BLOCKING_TYPES.has(request.type),
    );
  }

  /**
   * Resolves once nothing that a page waits on is in flight and nothing has started or
   * ended for `quietMs` (long enough for a lazy import started on idle), and not before
   * `notBefore` (a `performance.now()` time), or at `timeoutMs`. Says whether it really
   * went quiet.
   */
  async quiet(quietMs: number, timeoutMs: number, notBefore = 0): Promise<boolean> {
    const deadline = performance.now() + timeoutMs;
    for (;;) {
      const now = performance.now();
      if (!this.busy() && now - this.lastActivity >= quietMs && now >= notBefore) return true;
      if (now >= deadline) return false;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
}
