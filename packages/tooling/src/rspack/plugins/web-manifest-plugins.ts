import path from 'node:path';
import { rspack } from '@rspack/core';
import type { RspackPluginInstance } from '@rspack/core';
import { emitJson } from './emit-json-plugin';

const MASKABLE_ICON = path.resolve(import.meta.dirname, '../../../assets/icon-maskable.svg');
const WEB_MANIFEST = 'manifest.webmanifest';

/** What an installable app's pages link in their head. */
export const INSTALLABLE_HEAD = `
    <meta name="theme-color" content="#14121a" />
    <link rel="manifest" href="/${WEB_MANIFEST}" />`;

/** The web app manifest of an installable app (icons drawn by the repo, in ../../../assets). */
function webManifest(name: string) {
  return {
    name,
    short_name: name,
    description: `${name}, a lo-fi music dashboard`,
    start_url: '/',
    scope: '/',
    display: 'standalone',
    background_color: '#14121a',
    theme_color: '#14121a',
    // "Share → loofi" on a phone: the host's /share route keeps the link (features/share).
    share_target: {
      action: '/share',
      method: 'GET',
      params: { url: 'url', text: 'text', title: 'title' },
    },
    icons: [
      { src: '/favicon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' },
      { src: '/icon-maskable.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'maskable' },
    ],
  };
}

/** Emit an installable app's web app manifest and the maskable icon it names. */
export function webManifestPlugins(name: string): RspackPluginInstance[] {
  return [
    emitJson(WEB_MANIFEST, webManifest(name)),
    new rspack.CopyRspackPlugin({
      patterns: [{ from: MASKABLE_ICON, to: 'icon-maskable.svg' }],
    }),
  ];
}
