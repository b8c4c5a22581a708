export { createFakeRemoteProps, FAKE_CONFIG } from './fake-remote-props';
export type { FakeRemoteProps } from './fake-remote-props';
export { createMemoryBackend } from './memory-backend';
export type { MemoryBackend } from './memory-backend';
export { createMemoryLibrary } from './memory-library';
export { createMemoryPreferences } from './memory-preferences';
