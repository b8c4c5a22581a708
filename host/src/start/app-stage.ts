// The third of the host entry's stages (../index.ts): the router and the app's screens.
export { App, createCompositionRoot } from '../app/app';
