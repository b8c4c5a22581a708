// The types of container-startup.mjs (a Rspack loader, which Node runs as JavaScript), for
// the TypeScript that imports it (editors check the file itself by its `@ts-check`).

export interface ContainerStartupTemplate {
  /** The template's code, as the federation plugin writes it. */
  body: string;
  /** The constants it reads, which the plugin declares before it. */
  names: string[];
  /** A digest of `body`: a remote built from another template is refused. */
  digest: string;
}

export function containerStartupTemplate(): ContainerStartupTemplate;
export function containerStartupExpression(): string;
export function rewriteContainerStartup(source: string, global: string): string;
export const CONTAINER_STARTUP_MODULE: RegExp;
export const CONTAINER_STARTUP_LOADER: string;
export default function containerStartupLoader(
  this: { getOptions(): { global: string } },
  source: string,
): string;
