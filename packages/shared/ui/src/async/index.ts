export { memoizeUntilFailure } from './memoize-until-failure';
export { retryUntilLoaded } from './retry-until-loaded';
export { nextTask } from './next-task';
export { yieldToInput } from './yield-to-input';
export { afterNextPaint } from './after-next-paint';
export { whenIdle } from './when-idle';
