import { describe, expect, it } from 'vitest';
import { firstValueFrom } from 'rxjs';
import { createMemoryLibrary } from '@loofi/backend/testing';
import type { LibraryPort, Track } from '@loofi/contracts';
import { addInBatches } from './add-in-batches';

const tracks = (count: number): Track[] =>
  Array.from({ length: count }, (_value, index) => ({
    title: `Track ${index}`,
    author: 'Someone',
    audio: `https://example.org/${index}.mp3`,
    image: '',
  }));

function recordingLibrary() {
  const library = createMemoryLibrary();
  const batches: number[] = [];
  const recording: LibraryPort = {
    ...library,
    addMany(batch) {
      batches.push(batch.length);
      return library.addMany(batch);
    },
  };
  return { library: recording, batches };
}

describe('addInBatches', () => {
  it('adds every track, a batch at a time, and reports the progress', async () => {
    const { library, batches } = recordingLibrary();
    const progress: string[] = [];
    await addInBatches(library, tracks(23), {
      batchSize: 10,
      onProgress: (done, total) => progress.push(`${done}/${total}`),
    });
    expect(batches).toEqual([10, 10, 3]);
    expect(progress).toEqual(['10/23', '20/23', '23/23']);
    expect(await firstValueFrom(library.tracks$)).toHaveLength(23);
  });

  it('stops between two batches when cancelled', async () => {
    const { library, batches } = recordingLibrary();
    const controller = new AbortController();
    await expect(
      addInBatches(library, tracks(30), {
        batchSize: 10,
        signal: controller.signal,
        onProgress: () => controller.abort(),
      }),
    ).rejects.toThrow();
    expect(batches).toEqual([10]);
  });

  it('writes nothing for nothing', async () => {
    const { library, batches } = recordingLibrary();
    await addInBatches(library, []);
    expect(batches).toEqual([]);
  });
});
