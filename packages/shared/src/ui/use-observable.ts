import { useEffect, useState } from 'react';
import type { Observable } from 'rxjs';

/**
 * The latest value of an rxjs stream, `initial` until it emits. The subscription follows
 * the component's life and the stream's identity.
 */
export function useObservable<T>(source$: Observable<T>, initial: T): T {
  const [value, setValue] = useState<T>(initial);
  useEffect(() => {
    const subscription = source$.subscribe(setValue);
    return () => subscription.unsubscribe();
  }, [source$]);
  return value;
}
