export { startStaticServer } from './static-server';
export type { RunningServer, StaticServerOptions } from './static-server';
export {
  distOf,
  readBuildFacts,
  serveApp,
  startComposedSite,
  WORKSPACE_ROOT,
} from './composed-site';
export type { ComposedSite } from './composed-site';
