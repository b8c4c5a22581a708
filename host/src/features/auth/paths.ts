// SPEC §2's two paths, in a module of their own: the page's inline start script reads them
// too, without the router.
export const SIGN_IN_PATH = '/auth';
export const DASHBOARD_PATH = '/';
