/** The service worker's registration and its notice: one chunk, fetched once the dashboard is idle. */
export { ServiceWorkerUpdates } from './service-worker-updates';
export { UpdateSnackbar } from './update-snackbar';
