import path from 'node:path';
import { rspack } from '@rspack/core';
import type { RspackPluginInstance } from '@rspack/core';

const FAVICON = path.resolve(import.meta.dirname, '../../../assets/favicon.svg');

function pageTemplate(title: string, head = ''): string {
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <meta name="color-scheme" content="dark" />
    <meta name="description" content="loofi, a lo-fi music dashboard" />
    <title>${title}</title>${head}
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>
`;
}

/**
 * The app's index.html, which loads the `main` entry only: a remote's own page is its
 * standalone harness and must not load its remoteEntry.js. `head` goes into its head.
 */
export function mainPagePlugin(title: string, head = ''): RspackPluginInstance {
  return new rspack.HtmlRspackPlugin({
    templateContent: pageTemplate(title, head),
    favicon: FAVICON,
    chunks: ['main'],
  });
}

/** Another page of the app, `<name>.html`, which loads the entry of the same name. */
export interface ExtraPage {
  name: string;
  /** The page's script, relative to the app's folder. */
  entry: string;
  title: string;
}

export function extraPagePlugin(page: ExtraPage): RspackPluginInstance {
  return new rspack.HtmlRspackPlugin({
    templateContent: pageTemplate(page.title),
    favicon: FAVICON,
    filename: `${page.name}.html`,
    chunks: [page.name],
  });
}
