// Stands in for @mui/material/styles/ThemeProviderWithVars.mjs in every loofi build (see
// ./index.ts): MUI's ThemeProvider renders its CSS-variables provider only for a theme made
// with CSS variables, which loofi's is not.
const unavailable = () => {
  throw new Error(
    "loofi's builds leave out MUI's CSS-variables provider (CssVarsProvider, useColorScheme): see packages/tooling/src/rspack/mui-without-css-vars.",
  );
};

export const CssVarsProvider = unavailable;
export const Experimental_CssVarsProvider = unavailable;
export const useColorScheme = unavailable;
export const getInitColorSchemeScript = unavailable;
