import { useCallback, useEffect, useRef, useState } from 'react';

export type CopyStatus = 'idle' | 'copied' | 'failed';

/** SPEC §9: how long 'Copied' or the failure stays before the button offers to copy again. */
export const COPY_RESET_MS = 5000;

/** SPEC §2 and §8, spelled exactly so. */
const COPY_MESSAGES: Readonly<Record<CopyStatus, string>> = {
  idle: 'Copy to Clipboard',
  copied: 'Copied',
  failed: 'An error occured while copying the text. Please try again.',
};

/** Copies text with the Clipboard API and says how it went, for five seconds. */
export function useCopyToClipboard() {
  const [status, setStatus] = useState<CopyStatus>('idle');
  const reset = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const mounted = useRef(true);

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
      clearTimeout(reset.current);
    };
  }, []);

  const copy = useCallback(async (text: string) => {
    let outcome: CopyStatus;
    try {
      // Missing outside a secure context, and denied when the owner refused the permission.
      if (!navigator.clipboard) throw new Error('The Clipboard API is not available here.');
      await navigator.clipboard.writeText(text);
      outcome = 'copied';
    } catch {
      outcome = 'failed';
    }
    if (!mounted.current) return;
    setStatus(outcome);
    clearTimeout(reset.current);
    reset.current = setTimeout(() => setStatus('idle'), COPY_RESET_MS);
  }, []);

  return { status, message: COPY_MESSAGES[status], copy };
}
