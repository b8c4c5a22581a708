import { useCallback, useState } from 'react';
import type { Notice } from '../lib/notice';

/** One message at a time for the owner, each new one replacing the last. */
export function useNotices() {
  const [current, setCurrent] = useState<(Notice & { id: number }) | null>(null);
  const show = useCallback(
    (notice: Notice) => setCurrent((previous) => ({ ...notice, id: (previous?.id ?? 0) + 1 })),
    [],
  );
  const dismiss = useCallback(() => setCurrent(null), []);
  return { notice: current, show, dismiss };
}
