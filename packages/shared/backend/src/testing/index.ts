export { createFakeRemoteProps, FAKE_CONFIG } from './fake-remote-props';
export type { FakeRemoteProps } from './fake-remote-props';
export { createMemoryBackend } from './memory-backend';
export type { MemoryBackend } from './memory-backend';
export { createMemoryLibrary } from './memory-library';
export { createMemoryOffline } from './memory-offline';
export type { MemoryOffline, MemoryOfflineOptions } from './memory-offline';
export { createMemoryPreferences } from './memory-preferences';
