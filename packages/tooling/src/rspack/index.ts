export { defineHost } from './define-host';
export type { HostOptions } from './define-host';
export { defineRemote } from './define-remote';
export type { RemoteOptions } from './define-remote';
export type { HostFederationConfig, RemoteFederationConfig } from './federation-config';
