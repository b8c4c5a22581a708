/**
 * What a remote's build records about itself in its `mf-manifest.json`, under
 * `metaData.loofi` (written through the manifest plugin's public `additionalData` option).
 */
export interface RemoteBuild {
  /** The version of `@rspack/core` that built the remote. */
  rspack: string;
  /**
   * The version of `@module-federation/webpack-bundler-runtime` its entry asks the page for,
   * and the remote's own runtime script (a path beside the manifest) that provides a copy of
   * it where the page has none of that major.
   */
  bundlerRuntime: { version: string; script: string };
}

export const REMOTE_BUILD_FIELD = 'loofi';

const isString = (value: unknown): value is string => typeof value === 'string' && value !== '';

/** The remote's build record, if its manifest has a well-formed one. */
export function remoteBuildOf(manifest: unknown): RemoteBuild | undefined {
  const metaData = (manifest as { metaData?: Record<string, unknown> } | null)?.metaData;
  const build = metaData?.[REMOTE_BUILD_FIELD] as Partial<RemoteBuild> | undefined;
  const runtime = build?.bundlerRuntime;
  if (!isString(build?.rspack) || !isString(runtime?.version) || !isString(runtime.script)) {
    return undefined;
  }
  return {
    rspack: build.rspack,
    bundlerRuntime: { version: runtime.version, script: runtime.script },
  };
}
