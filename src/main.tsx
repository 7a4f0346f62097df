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

const root = document.getElementById('root');
if (!root) throw new Error('#root tidak ditemukan');

// A transition lets React render the first screen in short slices, so a slow phone's main thread
// is never blocked for long while the page starts (a tap or scroll is handled in between).
startTransition(() => {
  createRoot(root).render(
    <StrictMode>
      <RouterProvider router={router} />
    </StrictMode>,
  );
});
