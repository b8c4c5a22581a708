// @ts-check
// Plain JavaScript: Rspack loads this file as a loader in Node, which runs no TypeScript.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { rspack } from '@rspack/core';

/**
 * Rspack's federation plugin starts every container with the same code: the body of its
 * template `moduleFederationDefaultRuntime.js`, written into each remote's entry after a few
 * constants (the container's name, its share strategy, its tree-shaken fallbacks…). It is
 * about 4.6 kB (1.6 kB gzip) of each `remoteEntry.js`. The host builds the same template
 * into a function of those constants (`containerStartupExpression`), and this loader turns a
 * remote's copy into a call of the page's function (`rewriteContainerStartup`), so a page
 * downloads that code once, as it does the runtime above it (see bundler-runtime-plugin.ts).
 */

/** Where the template's code reads the bundler's `require`, which the plugin fills in. */
const REQUIRE_PLACEHOLDER = '__module_federation_runtime_require__';

const require = createRequire(import.meta.url);
const TEMPLATE_FILE = path.join(
  path.dirname(require.resolve('@rspack/core')),
  'moduleFederationDefaultRuntime.js',
);

/**
 * @typedef {object} ContainerStartupTemplate
 * @property {string} body The template's code, as the federation plugin writes it.
 * @property {string[]} names The constants it reads, which the plugin declares before it.
 * @property {string} digest A digest of `body`: a remote built from another template is refused.
 */

/** @type {ContainerStartupTemplate | undefined} */
let template;

/**
 * Rspack's template, read as its federation plugin reads it: the body of the file's default
 * export (`Template.getFunctionContent`, which reads only the function's text).
 * @returns {ContainerStartupTemplate}
 */
export function containerStartupTemplate() {
  if (template) return template;
  const text = readFileSync(TEMPLATE_FILE, 'utf8');
  const declared = /^var ([\w$]+(?:,[\w$]+)*);export default (function\(\)\{[\s\S]*\})\s*$/.exec(
    text,
  );
  const fn = declared?.[2];
  // The function's text is all `getFunctionContent` reads of it.
  const functionText = /** @type {Function} */ (/** @type {unknown} */ ({ toString: () => fn }));
  const body = fn === undefined ? '' : rspack.Template.getFunctionContent(functionText);
  if (!declared?.[1] || body.split(REQUIRE_PLACEHOLDER).length !== 2) {
    throw new Error(
      `Rspack's federation start-up template (${TEMPLATE_FILE}) has changed shape: ` +
        'packages/tooling/src/federation/container-startup.mjs must learn the new one.',
    );
  }
  template = {
    body,
    names: declared[1].split(','),
    digest: createHash('sha256').update(body).digest('hex').slice(0, 12),
  };
  return template;
}

/**
 * The host's copy of the start-up: an expression (for a DefinePlugin constant) of an object
 * with the template's digest and `start(require, constants)`, the template's code with what
 * it reads as parameters.
 * @returns {string}
 */
export function containerStartupExpression() {
  const { body, names, digest } = containerStartupTemplate();
  return (
    `({digest:${JSON.stringify(digest)},` +
    `start:function(${REQUIRE_PLACEHOLDER},{${names.join(',')}}){${body}}})`
  );
}

/**
 * A remote's start-up module with the template's code replaced by a call of the page's copy
 * (`global` is the page's provider of the federation's bundler runtime). The constants the
 * plugin declared before it are passed by name. A module that does not end with the
 * template's code is an error: the build must not ship a start-up it cannot vouch for.
 * @param {string} source
 * @param {string} global
 * @returns {string}
 */
export function rewriteContainerStartup(source, global) {
  const { body, names, digest } = containerStartupTemplate();
  const [before = '', after = ''] = body.split(REQUIRE_PLACEHOLDER);
  const start = source.lastIndexOf(before, source.length - after.length);
  if (!source.endsWith(after) || start < 0 || !source.slice(0, start).endsWith(';')) {
    throw new Error(
      "This federation start-up module does not end with Rspack's template " +
        '(packages/tooling/src/federation/container-startup.mjs).',
    );
  }
  const requireExpression = source.slice(start + before.length, source.length - after.length);
  return (
    `${source.slice(0, start)}globalThis[${JSON.stringify(global)}].startContainer(` +
    `${JSON.stringify(digest)},${requireExpression},{${names.join(',')}});`
  );
}

/** The module the federation plugin starts a remote's entry with, as module rules see it. */
export const CONTAINER_STARTUP_MODULE = /(^|[\\/])@module-federation[\\/]runtime[\\/]rspack\.js$/;

/** This file, as the loader of that module. */
export const CONTAINER_STARTUP_LOADER = fileURLToPath(import.meta.url);

/**
 * The loader (options: `{ global }`), for the module the federation plugin starts a
 * remote's entry with.
 * @this {{ getOptions(): { global: string } }}
 * @param {string} source
 */
export default function containerStartupLoader(source) {
  return rewriteContainerStartup(source, this.getOptions().global);
}
