import { describe, expect, it } from 'vitest';
import type { StoredTrack } from '@loofi/contracts';
import {
  createExport,
  exportFileName,
  ImportFileError,
  importSummary,
  planImport,
  readImportFile,
} from './library-file';

const track = (title: string, author = 'Cat') => ({
  title,
  author,
  audio: `https://example.org/${encodeURIComponent(title)}.mp3`,
  image: '',
});
const stored = (key: string, title: string): StoredTrack => ({ ...track(title), key });

describe('createExport', () => {
  it('writes the tracks without their keys, marked as a loofi library', () => {
    const now = new Date('2025-03-04T05:06:07Z');
    expect(createExport([stored('7', 'Rain')], now)).toEqual({
      format: 'loofi-library',
      version: 1,
      exportedAt: '2025-03-04T05:06:07.000Z',
      tracks: [track('Rain')],
    });
    expect(exportFileName(now)).toBe('loofi-library-2025-03-04.json');
  });
});

describe('readImportFile', () => {
  it('reads an export and a bare list of tracks', () => {
    const file = JSON.stringify(createExport([stored('1', 'Rain')]));
    expect(readImportFile(file)).toEqual([track('Rain')]);
    expect(readImportFile('[1, 2]')).toEqual([1, 2]);
  });

  it('refuses what is not JSON or has no list of tracks, saying why', () => {
    expect(() => readImportFile('{oops')).toThrow(ImportFileError);
    expect(() => readImportFile('{oops')).toThrow('not valid JSON');
    expect(() => readImportFile('{"songs": []}')).toThrow('no list of tracks');
    expect(() => readImportFile('null')).toThrow(ImportFileError);
  });
});

describe('planImport', () => {
  it('skips duplicates of the library and of the file, and invalid entries', async () => {
    const plan = await planImport(
      [
        track('Rain'),
        track(' RAIN '),
        track('Snow'),
        track('snow'),
        track('Fog'),
        { title: 'No audio', author: 'Cat' },
        { ...track('Script'), audio: 'javascript:alert(1)' },
        'not a track',
        { title: 'Sans image', author: 'Owl', audio: 'https://example.org/s.mp3' },
      ],
      [stored('0', 'Rain')],
    );
    expect(plan.tracks.map((entry) => entry.title)).toEqual(['Snow', 'Fog', 'Sans image']);
    expect(plan.tracks[2]!.image).toBe('');
    expect(plan.duplicates).toBe(3);
    expect(plan.invalid).toBe(3);
  });

  it('checks a large file a slice at a time, and stops when cancelled', async () => {
    const entries = Array.from({ length: 10_000 }, (_, index) => track(`Track ${index}`));
    const plan = await planImport(entries, []);
    expect(plan.tracks).toHaveLength(10_000);
    const controller = new AbortController();
    const planned = planImport(entries, [], controller.signal);
    controller.abort();
    await expect(planned).rejects.toThrow();
  });
});

describe('importSummary', () => {
  it('counts what was imported and what was skipped, in words', () => {
    expect(importSummary(3, { duplicates: 2, invalid: 1 })).toBe(
      'Imported 3 tracks; skipped 2 duplicates and 1 invalid entry.',
    );
    expect(importSummary(1, { duplicates: 0, invalid: 0 })).toBe('Imported 1 track.');
    expect(importSummary(0, { duplicates: 1, invalid: 0 })).toBe(
      'Imported 0 tracks; skipped 1 duplicate.',
    );
    expect(importSummary(2, { duplicates: 0, invalid: 4 })).toBe(
      'Imported 2 tracks; skipped 4 invalid entries.',
    );
  });
});
