import { lazy, Suspense } from 'react';
import type { ComponentType } from 'react';

/**
 * The Beta entry's code, fetched only by a build that allows Beta: most builds never need
 * it. Where it cannot be fetched the sidebar goes on without it until the next load.
 */
const BetaEntry = lazy<ComponentType<{ betaUrl: string }>>(() =>
  import(/* webpackChunkName: "beta-entry" */ './beta-entry').then(
    ({ BetaEntry }) => ({ default: BetaEntry }),
    () => ({ default: () => null }),
  ),
);

/** The sidebar's Beta entry (builds with BETA_ALLOWED), once its code is here. */
export function LazyBetaEntry({ betaUrl }: { betaUrl: string }) {
  return (
    <Suspense fallback={null}>
      <BetaEntry betaUrl={betaUrl} />
    </Suspense>
  );
}
