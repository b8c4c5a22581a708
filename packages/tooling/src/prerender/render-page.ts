/**
 * Runs in a child Node process (with tsx): imports an app's prerender module, calls its
 * render function and prints the page as JSON. A process of its own keeps React, MUI and
 * emotion's server builds out of the bundler's process.
 */
import { pathToFileURL } from 'node:url';

const [modulePath, exportName] = process.argv.slice(2);
if (!modulePath || !exportName) throw new Error('usage: render-page <module> <export>');

const module = (await import(pathToFileURL(modulePath).href)) as Record<string, unknown>;
const render = module[exportName];
if (typeof render !== 'function') throw new Error(`${modulePath} has no function ${exportName}`);
process.stdout.write(JSON.stringify(await (render as () => unknown)()));
