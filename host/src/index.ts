// Everything the first screen needs is shared eagerly, so the host's entry needs no
// asynchronous boundary before it renders. Its modules are all in this first script, but
// they run in stages, a task each, so that the browser can paint and answer input in
// between (on a phone, running them in one go was the page's longest task): React, the
// styling engine and the theme, the router and the screens, then the start itself.
// (Promises rather than a top-level await: an async module costs the first script the
// bundler's async-module runtime.)
import { nextTask } from '@loofi/ui/async';

void import(/* webpackMode: "eager" */ './start/react-stage')
  .then(nextTask)
  .then(() => import(/* webpackMode: "eager" */ './start/theme-stage'))
  .then(nextTask)
  .then(() => import(/* webpackMode: "eager" */ './start/app-stage'))
  .then(nextTask)
  .then(() => import(/* webpackMode: "eager" */ './bootstrap'));
