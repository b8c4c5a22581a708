export { startStaticServer } from './static-server';
export type { RunningServer, StaticServerOptions } from './static-server';
export { startComposedSite, serveApp, distOf, WORKSPACE_ROOT } from './composed-site';
export type { ComposedSite } from './composed-site';
