import { lazy, Suspense } from 'react';
import type { ComponentType } from 'react';
import type { ShareReceiverProps } from './share-receiver';

/**
 * The share's code, fetched only when a share waits. Where it cannot be fetched, the share
 * waits on for the next load.
 */
const ShareReceiver = lazy<ComponentType<ShareReceiverProps>>(() =>
  import(/* webpackChunkName: "share" */ './share-receiver').catch(() => ({
    default: () => null,
  })),
);

export function LazyShareReceiver(props: ShareReceiverProps) {
  return (
    <Suspense fallback={null}>
      <ShareReceiver {...props} />
    </Suspense>
  );
}
