import { ThemeProvider } from '@loofi/ui-kit/base';
import { Activity } from 'react';
import { createRoot } from 'react-dom/client';
import type { RemoteApp, RemoteProps } from '@loofi/shared/contracts';
import { loofiTheme } from '@loofi/shared/ui';
import { ErrorBoundary } from '../errors/error-boundary';

/** Tells, from the render phase, that the tree before it has rendered. */
function Rendered({ onRendered }: { onRendered: () => void }) {
  onRendered();
  return null;
}

/**
 * Renders a preloaded remote once, hidden, in a detached root, then throws the result away:
 * the code of its first render is compiled and its styles are generated while the browser
 * is idle, so the owner's first switch to the tab costs what a second one does. Inside a
 * hidden `<Activity>` no effect of the remote runs: it subscribes to nothing, fetches
 * nothing and leaves nothing in the page.
 */
export function warmUp(App: RemoteApp, props: RemoteProps): void {
  const root = createRoot(document.createElement('div'));
  let unmounted = false;
  const unmount = () => {
    if (unmounted) return;
    unmounted = true;
    // Not from inside the render that signalled it.
    window.setTimeout(() => root.unmount(), 0);
  };
  root.render(
    <ThemeProvider theme={loofiTheme}>
      {/* A remote that throws is shown its fallback when the owner opens its tab, not here. */}
      <ErrorBoundary fallback={() => null} onError={unmount}>
        <Activity mode="hidden">
          <App {...props} />
          <Rendered onRendered={unmount} />
        </Activity>
      </ErrorBoundary>
    </ThemeProvider>,
  );
}
