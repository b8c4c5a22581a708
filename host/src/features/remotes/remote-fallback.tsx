import { Alert, AlertTitle, Button } from '@loofi/ui-kit/base';
import { TAB_LABELS } from '@loofi/contracts';
import type { TabName } from '@loofi/contracts';
import type { RemoteFailure } from './remote-loader';

export function describeFailure(failure: RemoteFailure): string {
  if (failure.kind === 'incompatible') {
    const remote =
      failure.remoteVersion === null ? 'an unknown version' : `version ${failure.remoteVersion}`;
    return `This tab was built for contract ${remote}, but this shell speaks contract version ${failure.hostVersion}. It will work again once both are deployed from the same release.`;
  }
  // Not "did not answer": a server that answered 500 did answer. The detail says which step.
  return `Its code could not be loaded: ${failure.detail.replace(/\.$/, '')}. Check your connection, then retry.`;
}

/** Shown in place of a tab whose remote failed: the rest of the shell keeps working. */
export function RemoteFallback({
  tab,
  message,
  onRetry,
  title = `The ${TAB_LABELS[tab]} tab could not be loaded.`,
}: {
  tab: TabName;
  message: string;
  onRetry(): void;
  title?: string;
}) {
  return (
    <Alert
      severity="error"
      action={
        <Button color="inherit" size="small" onClick={onRetry}>
          Retry
        </Button>
      }
    >
      <AlertTitle>{title}</AlertTitle>
      {message}
    </Alert>
  );
}

/** Shown in place of a tab whose remote was redeployed while it was open (its old files gone). */
export function RedeployedFallback({ tab, onRetry }: { tab: TabName; onRetry(): void }) {
  return (
    <RemoteFallback
      tab={tab}
      title={`The ${TAB_LABELS[tab]} tab was updated while it was open.`}
      message="Part of it was replaced on the server. Retry loads the new version; what was open in this tab is closed."
      onRetry={onRetry}
    />
  );
}
