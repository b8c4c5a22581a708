import { Alert, Snackbar } from '@loofi/ui-kit/base';
import { useEffect, useRef, useState } from 'react';
import type { PublicConfig, SharedLinksSource, TabName } from '@loofi/contracts';
import { useNoticeStack } from '@loofi/ui';
import { audioReadable } from '../player/audio-readable';
import type { RemoteLoader } from '../remotes/remote-loader';
import { KEPT_SHARE_KEY, keptShare } from './kept-share';
import { linkKind } from './link-kind';
import { receiveShare } from './receive-share';

export interface ShareReceiverProps {
  shared: SharedLinksSource;
  navigate(tab: TabName): void;
  loader: Pick<RemoteLoader, 'load' | 'contractOf'>;
  config: PublicConfig;
}

/**
 * Receives the kept share once the owner is signed in (receive-share.ts), and says in the
 * page's notice stack what could not be done with it.
 */
export default function ShareReceiver({ shared, navigate, loader, config }: ShareReceiverProps) {
  const [message, setMessage] = useState<string | null>(null);
  // Once per page: development's second run of the effect finds it received.
  const received = useRef(false);
  useEffect(() => {
    const query = keptShare();
    if (received.current || query === null) return;
    received.current = true;
    const readable = audioReadable(config);
    void receiveShare({
      query,
      shared,
      navigate,
      musicContract: () => loader.load('music').then(() => loader.contractOf('music')),
      kindOf: (url, audioByName) =>
        linkKind(url, audioByName, {
          mayRead: (audio) => readable({ title: '', author: '', audio, image: '' }),
        }),
      notify: setMessage,
      // Read a moment ago, the storage is there to forget it.
      forget: () => sessionStorage.removeItem(KEPT_SHARE_KEY),
    });
  }, [shared, navigate, loader, config]);

  const stack = useNoticeStack();
  return stack.place(
    <Snackbar
      open={message !== null}
      onClose={(_, reason) => reason !== 'clickaway' && setMessage(null)}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
      sx={stack.sx}
    >
      <Alert severity="warning" variant="filled" onClose={() => setMessage(null)}>
        {message}
      </Alert>
    </Snackbar>,
  );
}
