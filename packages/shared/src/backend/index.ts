export { createMemoryLibrary } from './memory/memory-library';
export { createMemoryPreferences } from './memory/memory-preferences';
