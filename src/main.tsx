import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from '@tanstack/react-router';
import { createQueryClient } from './api/query-client';
import { startLayoutMode } from './platform/layout-mode';
import { initOperatorCode, initPlatform } from './platform/session';
import { installNativeBridge } from './platform/native-bridge';
import { captureAttribution } from './platform/attribution';
import { createAppRouter } from './router';
import './styles.css';

// Read once at start (spec section 2): the platform and operator queries and the layout mode meta.
const platform = initPlatform();
initOperatorCode();
startLayoutMode();
// A native host gets its global hook and hears that the page is ready.
installNativeBridge(platform);
// The landing URL's ads code and the linking page, for the reservations of this visit and later ones.
captureAttribution();

const queryClient = createQueryClient();
const router = createAppRouter(queryClient);

const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('#root tidak ditemukan');
const root: HTMLElement = rootElement;

// The route is resolved first (its code and loaders), then drawn in a transition: React renders the
// first screen in short slices, so a slow phone's main thread is never blocked for long while the
// page starts. Rendering before the route had resolved made the router finish its load during that
// render, and the store change it made threw the slices away for one long synchronous render.
function render(): void {
  startTransition(() => {
    createRoot(root).render(
      <StrictMode>
        <RouterProvider router={router} />
      </StrictMode>,
    );
  });
}
router.load().then(render, (error: unknown) => {
  // The route's own error screen shows what failed; the app still starts.
  console.error(error);
  render();
});
