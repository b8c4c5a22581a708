import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

/**
 * React Router 7 resolves to its development build under every condition a bundler sets
 * (its `production` folder is chosen by nothing): warnings, invariant messages and the
 * dev-only checks the minifier cannot see through. A production build of an app that uses
 * it points `react-router` at that folder's ES build instead.
 */
export function reactRouterProductionAlias(root: string): Record<string, string> {
  const fromApp = createRequire(path.join(root, 'package.json'));
  let routerDom: string;
  try {
    routerDom = fromApp.resolve('react-router-dom');
  } catch {
    return {};
  }
  const development = createRequire(routerDom).resolve('react-router');
  const production = development.replace(
    /([\\/])development([\\/])index\.m?js$/,
    '$1production$2index.mjs',
  );
  if (production === development || !existsSync(production)) {
    throw new Error(`react-router's production build was not found beside ${development}.`);
  }
  return { 'react-router$': production };
}
