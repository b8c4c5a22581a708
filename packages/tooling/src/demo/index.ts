export { DEMO_ASSETS_PLUGIN, demoAssetsPlugin } from './demo-assets-plugin';
export { synthesizeTrack } from './synthesize-track';
export { drawCover } from './draw-cover';
