// Stands in for @mui/material/styles/createThemeWithVars.mjs in every loofi build (see
// ./index.ts): loofi's theme does not use CSS variables, so MUI's CSS-variables theme is
// not shipped. Asking for it is a build mistake, said loudly rather than rendered wrongly.
const unavailable = () => {
  throw new Error(
    "loofi's builds leave out MUI's CSS-variables theme (createTheme({ cssVariables }), extendTheme): see packages/tooling/src/rspack/mui-without-css-vars.",
  );
};

export const createGetCssVar = unavailable;
export default unavailable;
