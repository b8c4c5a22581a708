export { memoizeUntilFailure } from './memoize-until-failure';
export { retryUntilLoaded } from './retry-until-loaded';
export { nextTask } from './next-task';
export { afterNextPaint } from './after-next-paint';
export { whenIdle } from './when-idle';
