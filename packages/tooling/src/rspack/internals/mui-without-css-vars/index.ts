import path from 'node:path';
import { rspack } from '@rspack/core';
import type { RspackPluginInstance } from '@rspack/core';

/** The MUI modules left out (in `@mui/material/styles/`), each with what stands in for it. */
export const LEFT_OUT = {
  'createThemeWithVars.mjs': path.join(import.meta.dirname, 'create-theme-with-vars.js'),
  'ThemeProviderWithVars.mjs': path.join(import.meta.dirname, 'theme-provider-with-vars.js'),
} as const;

/**
 * MUI 9's `createTheme` and `ThemeProvider` import the CSS-variables theme and provider
 * statically and pick them at run time, so no bundler can tree-shake them although loofi's
 * theme never enables `cssVariables`. These plugins swap the two modules, once resolved,
 * for small stand-ins that throw if ever called, which takes several kilobytes gzip off
 * every page's first script (measured with `pnpm bench`; see docs/architecture.md). A theme
 * that did turn CSS variables on would fail at start-up naming this folder, never render
 * wrongly.
 */
export function muiWithoutCssVarsPlugins(): RspackPluginInstance[] {
  return Object.entries(LEFT_OUT).map(
    ([file, standIn]) =>
      new rspack.NormalModuleReplacementPlugin(
        new RegExp(`[\\\\/]@mui[\\\\/]material[\\\\/]styles[\\\\/]${file.replace('.', '\\.')}$`),
        standIn,
      ),
  );
}
