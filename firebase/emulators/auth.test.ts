import { createServer } from 'node:net';
import { describe, expect, it, vi } from 'vitest';
import { authEmulatorUnavailableReason, startAuthEmulator } from './auth';
import { EMULATOR_HOST, http } from './network';
import type { HttpResponse } from './network';

const PROJECT_ID = 'demo-auth-handover';

/** Whether another server could listen on `port` now. */
function bindable(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, EMULATOR_HOST, () => server.close(() => resolve(true)));
  });
}

describe.skipIf(authEmulatorUnavailableReason() !== null)('startAuthEmulator', () => {
  it('holds its port from before it serves, and answers what was asked meanwhile', async () => {
    let askedEarly: Promise<HttpResponse> | null = null;
    let port = 0;
    const starting = startAuthEmulator({
      projectId: PROJECT_ID,
      onBound: (url) => {
        port = Number(new URL(url).port);
        askedEarly = http('GET', `${url}/emulator/v1/projects/${PROJECT_ID}/config`, {
          timeoutMs: 60_000,
        });
      },
    });
    await vi.waitFor(() => expect(askedEarly).not.toBeNull(), { timeout: 30_000 });
    expect(await bindable(port)).toBe(false);

    const emulator = await starting;
    try {
      expect(emulator.url).toBe(`http://${EMULATOR_HOST}:${port}`);
      expect((await askedEarly!).status).toBe(200);
    } finally {
      await emulator.stop();
    }
    expect(await bindable(port)).toBe(true);
  }, 90_000);
});
