// The second of the host entry's stages (../index.ts): emotion, MUI's styling engine and the
// loofi theme, built as its module runs.
export { ThemeProvider } from '@loofi/ui-kit/base';
export { loofiTheme } from '@loofi/ui';
