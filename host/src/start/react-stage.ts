// The first of the host entry's stages (../index.ts): React and its DOM renderer.
export { createRoot, hydrateRoot } from 'react-dom/client';
