import {
  BehaviorSubject,
  NEVER,
  Observable,
  Subject,
  catchError,
  combineLatest,
  distinctUntilChanged,
  filter,
  from,
  fromEvent,
  map,
  merge,
  of,
  startWith,
  switchMap,
  take,
} from 'rxjs';
import type * as Rxjs from 'rxjs';
import type { RxjsSharedExport } from '@loofi/contracts/apps';

/**
 * rxjs as the host offers it to a remote whose build uses only `RXJS_SHARED_EXPORTS`: the
 * very objects the host's own code runs with, so a remote's `BehaviorSubject` is the shell's.
 * The type holds it to that list, each entry rxjs's own export of that name. The names are
 * imported one by one, not picked from `import * as`, which would keep all of rxjs.
 */
export const RXJS_SHARED: { readonly [K in RxjsSharedExport]: (typeof Rxjs)[K] } = Object.freeze({
  BehaviorSubject,
  NEVER,
  Observable,
  Subject,
  catchError,
  combineLatest,
  distinctUntilChanged,
  filter,
  from,
  fromEvent,
  map,
  merge,
  of,
  startWith,
  switchMap,
  take,
});
