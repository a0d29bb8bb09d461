import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { AppProviders } from '@/app/providers';
import { createRouter } from '@/app/router';

const container = document.getElementById('root')!;
void createRouter().then((router) => {
  const app = (
    <StrictMode>
      <AppProviders>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>
  );
  // Public pages arrive prerendered (scripts/prerender.ts): take over their HTML instead of repainting
  // it, as a transition so React hydrates in slices and a slow phone's main thread never blocks long.
  if (container.firstElementChild) startTransition(() => void hydrateRoot(container, app));
  else createRoot(container).render(app);
});
