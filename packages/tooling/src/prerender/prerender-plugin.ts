import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { rspack } from '@rspack/core';
import type { RspackPluginInstance } from '@rspack/core';
import { z } from 'zod';

const require = createRequire(import.meta.url);
const RENDER_PAGE = path.join(import.meta.dirname, 'render-page.ts');
/** The workspace's compiler options (JSX included) for every package the page imports. */
const TSCONFIG = path.resolve(import.meta.dirname, '../../../../tsconfig.base.json');

const pageSchema = z.object({ html: z.string().min(1), styles: z.string() });
export type PrerenderedPage = z.infer<typeof pageSchema>;

/** The container every page template has; the prerendered markup goes inside it. */
const ROOT_CONTAINER = '<div id="root"></div>';

/** Renders `exportName` of `module` (a path) in a child Node process. */
function renderPage(module: string, exportName: string): PrerenderedPage {
  const tsx = pathToFileURL(require.resolve('tsx')).href;
  const output = execFileSync(
    process.execPath,
    ['--import', tsx, RENDER_PAGE, module, exportName],
    {
      encoding: 'utf8',
      env: { ...process.env, NODE_ENV: 'production', TSX_TSCONFIG_PATH: TSCONFIG },
      maxBuffer: 16 << 20,
    },
  );
  return pageSchema.parse(JSON.parse(output));
}

/** Puts a prerendered page into an HTML document: its styles in the head, its markup in #root. */
export function injectPage(document: string, page: PrerenderedPage): string {
  if (!document.includes(ROOT_CONTAINER) || !document.includes('</head>')) {
    throw new Error(`The page template has no ${ROOT_CONTAINER} to prerender into.`);
  }
  return document
    .replace('</head>', `${page.styles}</head>`)
    .replace(ROOT_CONTAINER, `<div id="root">${page.html}</div>`);
}

/**
 * Writes the page a module renders (`html` + `styles`) into the HTML files named, so the
 * first screen paints from the document itself, before any script has arrived.
 */
export function prerenderPlugin({
  module,
  exportName,
  filenames,
}: {
  module: string;
  exportName: string;
  filenames: readonly string[];
}): RspackPluginInstance {
  return {
    apply(compiler) {
      compiler.hooks.thisCompilation.tap('LoofiPrerender', (compilation) => {
        let page: PrerenderedPage | null = null;
        rspack.HtmlRspackPlugin.getCompilationHooks(compilation).beforeEmit.tap(
          'LoofiPrerender',
          (data) => {
            if (!filenames.includes(data.outputName)) return data;
            page ??= renderPage(module, exportName);
            return { ...data, html: injectPage(data.html, page) };
          },
        );
      });
    },
  };
}
