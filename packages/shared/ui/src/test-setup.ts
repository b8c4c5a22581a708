// Vitest setup for every app: DOM matchers, and a clean document after each test.
import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

// Testing Library drives React through act(); React wants to be told it runs under it.
Object.assign(globalThis, { IS_REACT_ACT_ENVIRONMENT: true });

// The apps' and this package's tests run a worker's files in one process and one document
// (`isolate: false`). Each file still starts as in a document of its own: our modules are
// evaluated afresh (so a `vi.mock` of the file applies, and no module state of another file
// is seen), nothing is stored and nothing is on the page. What stays loaded is what Node
// loads itself, the dependencies: React, MUI, happy-dom.
vi.resetModules();
localStorage.clear();
sessionStorage.clear();
document.body.replaceChildren();

afterEach(cleanup);

// `findBy…` and `waitFor` wait for what a test awaits, often code loaded on demand (the
// full UI kit, a panel's chunk): compiled by Vitest on first import, it took over the
// default second on a loaded 2-core machine. A wait ends as soon as its condition holds;
// nothing here measures speed (the bench does).
configure({ asyncUtilTimeout: 5_000 });
