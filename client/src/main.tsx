import { startTransition, StrictMode, useEffect } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { AppProviders } from '@/app/providers';
import { PreloadingBrowserRouter } from '@/app/preloading-router';
import { AppRoutes, preloadPages } from '@/app/router';
import { fieldsTypedBeforeHydration, handTypedValuesToReact, type TypedField } from '@/lib/typed-before-hydration';
import { initialLanguage, LANGUAGE_TAGS, loadLanguage, savedLanguageRedirect } from '@/i18n';

/** Runs once the root has committed: for a hydrated page, after its HTML became React's. */
function AfterFirstCommit({ run }: { run: () => void }) {
  useEffect(run, [run]);
  return null;
}

// Someone who chose Kiswahili in this browser and opens an English page gets its /sw twin instead.
const twin = savedLanguageRedirect(window.location.pathname);
if (twin) window.location.replace(`${twin}${window.location.search}${window.location.hash}`);
const container = document.getElementById('root')!;
const language = initialLanguage(window.location.pathname);
// A page that is not prerendered (/sw/ussd-simulator, the dashboard) comes in the shell, whose lang is English.
document.documentElement.lang = LANGUAGE_TAGS[language];
// The page's language catalog is loaded before the first render, so hydration sees the prerendered text.
if (!twin)
  void Promise.all([preloadPages(window.location.pathname), loadLanguage(language)]).then(() => {
    // What the visitor typed into the prerendered forms while the scripts loaded (./lib/typed-before-hydration.ts):
    // looked for before hydrating and again once hydrated, for what was typed while hydration ran.
    let typed: TypedField[] = [];
    const handOver = () => {
      if (container.firstElementChild) handTypedValuesToReact([...typed, ...fieldsTypedBeforeHydration(container)]);
      typed = [];
    };
    const app = (
      <StrictMode>
        <AppProviders language={language}>
          <PreloadingBrowserRouter preload={preloadPages}>
            <AppRoutes />
          </PreloadingBrowserRouter>
        </AppProviders>
        <AfterFirstCommit run={handOver} />
      </StrictMode>
    );
    // Public pages arrive prerendered (scripts/prerender.ts): take over their HTML instead of repainting
    // it, as a transition so React hydrates in slices and a slow phone's main thread never blocks long.
    if (container.firstElementChild) {
      typed = fieldsTypedBeforeHydration(container);
      startTransition(() => void hydrateRoot(container, app));
    } else createRoot(container).render(app);
  });
