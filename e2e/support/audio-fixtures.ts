import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect } from '@playwright/test';
import type { Page } from '@playwright/test';
import type { Track } from '@loofi/contracts';

/** A mono 16-bit PCM WAV file of a sine tone at `peak` (full scale 1), made by the test itself. */
export function toneWav(seconds: number, frequency: number, sampleRate = 8000, peak = 0.3): Buffer {
  const samples = Math.round(seconds * sampleRate);
  const data = Buffer.alloc(samples * 2);
  for (let index = 0; index < samples; index += 1) {
    const fade = Math.min(1, index / 400, (samples - index) / 400);
    const value = Math.sin((2 * Math.PI * frequency * index) / sampleRate) * peak * fade;
    data.writeInt16LE(Math.round(value * 32767), index * 2);
  }
  const header = Buffer.alloc(44);
  header.write('RIFF', 0);
  header.writeUInt32LE(36 + data.length, 4);
  header.write('WAVE', 8);
  header.write('fmt ', 12);
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(sampleRate, 24);
  header.writeUInt32LE(sampleRate * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36);
  header.writeUInt32LE(data.length, 40);
  return Buffer.concat([header, data]);
}

export interface AudioServer {
  url: string;
  close(): Promise<void>;
}

/**
 * Serves the given files with byte ranges, as a media server must for seeking; with `cors`,
 * to any page that asks (a host that lets the page read its audio).
 */
export async function serveAudio(
  files: Record<string, Buffer>,
  { cors = false }: { cors?: boolean } = {},
): Promise<AudioServer> {
  const server = createServer((req, res) => {
    const file = files[new URL(req.url ?? '/', 'http://x').pathname.slice(1)];
    if (!file) {
      // With CORS, the page can read that the file is not there (and skip it at once).
      res.writeHead(404, cors ? { 'Access-Control-Allow-Origin': '*' } : {}).end();
      return;
    }
    const range = /^bytes=(\d*)-(\d*)$/.exec(req.headers.range ?? '');
    const headers = {
      'Content-Type': 'audio/wav',
      'Accept-Ranges': 'bytes',
      ...(cors ? { 'Access-Control-Allow-Origin': '*' } : {}),
    };
    if (!range) {
      res.writeHead(200, { ...headers, 'Content-Length': file.length }).end(file);
      return;
    }
    const start = range[1] ? Number(range[1]) : 0;
    const end = range[2] ? Math.min(Number(range[2]), file.length - 1) : file.length - 1;
    res
      .writeHead(206, {
        ...headers,
        'Content-Length': end - start + 1,
        'Content-Range': `bytes ${start}-${end}/${file.length}`,
      })
      .end(file.subarray(start, end + 1));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The library entries "Tone 1", "Tone 2" … of `files`, served at `url`. */
export function toneTracks(url: string, files: readonly string[]): Track[] {
  return files.map((file, index) => ({
    title: `Tone ${index + 1}`,
    author: 'The Test Tones',
    audio: `${url}/${file}`,
    image: '',
  }));
}

/** Minute-long tones, "Tone 1", "Tone 2" …, one per frequency, served as `serveAudio` serves them. */
export async function serveTones(
  frequencies: readonly number[],
): Promise<{ audio: AudioServer; tracks: Track[] }> {
  const files = frequencies.map((_frequency, index) => `${String.fromCharCode(97 + index)}.wav`);
  const audio = await serveAudio(
    Object.fromEntries(files.map((file, index) => [file, toneWav(60, frequencies[index]!)])),
  );
  return { audio, tracks: toneTracks(audio.url, files) };
}

/** Two minute-long tones, "Tone 1" and "Tone 2". */
export const serveTwoTones = () => serveTones([330, 262]);

/**
 * Replaces the signed-in owner's library (the local backend's IndexedDB) with these tracks
 * and reloads, as if they had been added in another tab before this visit.
 */
export async function replaceLibrary(page: Page, tracks: readonly Track[]) {
  await page.evaluate(
    (entries) =>
      new Promise<void>((resolve, reject) => {
        const open = indexedDB.open('loofi');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const transaction = open.result.transaction('loofi-music', 'readwrite');
          const store = transaction.objectStore('loofi-music');
          store.clear();
          for (const entry of entries) store.add(entry);
          transaction.oncomplete = () => {
            open.result.close();
            resolve();
          };
          transaction.onerror = () => reject(transaction.error);
        };
      }),
    tracks,
  );
  await page.reload();
}

/**
 * 'Normalise volume' measures a track on its first play, and a measurement that lands after
 * its first half second is used from its next start (no jump in the middle of a track): this
 * waits for the playing track's measurement, pauses it, and brings it back to 0:00 on a fresh
 * load of the page, ready to start again measured.
 */
export async function measuredThenBackToTheStart(page: Page) {
  await expect
    .poll(
      () =>
        page.evaluate(
          () =>
            (JSON.parse(localStorage.getItem('loofi-loudness') ?? '{}') as { entries?: unknown[] })
              .entries?.length ?? 0,
        ),
      { timeout: 20_000 },
    )
    .toBeGreaterThanOrEqual(1);
  const bar = page.getByRole('region', { name: 'Player' });
  await bar.getByRole('button', { name: 'Pause' }).click();
  const seek = bar.getByRole('slider', { name: 'Seek' });
  await seek.focus();
  await page.keyboard.press('Home');
  await expect(seek).toHaveAttribute('aria-valuenow', '0');
  await page.reload();
}
