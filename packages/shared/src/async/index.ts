export { memoizeUntilFailure } from './memoize-until-failure';
