// Vitest setup for every app: DOM matchers, and a clean document after each test.
import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// Testing Library drives React through act(); React wants to be told it runs under it.
Object.assign(globalThis, { IS_REACT_ACT_ENVIRONMENT: true });

afterEach(cleanup);

// `findBy…` and `waitFor` wait for what a test awaits, often code loaded on demand (the
// full UI kit, a panel's chunk): compiled by Vitest on first import, it took over the
// default second on a loaded 2-core machine. A wait ends as soon as its condition holds;
// nothing here measures speed (the bench does).
configure({ asyncUtilTimeout: 5_000 });
