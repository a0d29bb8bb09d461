/**
 * Every path of docs/product-rules.md §2. Pages load lazily, so the admin dashboard's code never ships with the public
 * pages (the budget in docs/ARCHITECTURE.md "Conventions").
 */
import { createBrowserRouter, matchRoutes, type RouteObject } from 'react-router';
import { PublicLayout } from '@/layouts/public-layout';
import { RouteError } from '@/components/route-error';
import { loadWholeCatalogs } from '@/i18n';
import { syncDocumentMetadata } from './document-metadata';

type PageModule = { default: React.ComponentType };
const page = (load: () => Promise<PageModule>) => async () => ({ Component: (await load()).default });

/**
 * A page that uses TanStack Query, inside its provider, loaded with it: the provider is not at the root so
 * that the public pages' first load carries no Query code (lib/query-provider.tsx).
 */
const queryPage = (load: () => Promise<PageModule>) => async () => {
  const [{ default: Page }, { QueryProvider }] = await Promise.all([load(), import('@/lib/query-provider')]);
  return {
    Component: () => (
      <QueryProvider>
        <Page />
      </QueryProvider>
    ),
  };
};

/**
 * A page that is not prerendered: it renders inside the Chakra system with every recipe, loaded with it
 * (the public pages' system has only theirs, ./theme.ts), and with the whole language catalog (the
 * prerendered pages' first load has only their texts, client/src/i18n/en-first-load.ts). Each of them uses
 * TanStack Query too.
 */
const fullThemePage = (load: () => Promise<PageModule>) => async () => {
  const [{ default: Page }, { FullThemeProvider }, { QueryProvider }] = await Promise.all([
    load(),
    import('./full-theme'),
    import('@/lib/query-provider'),
    loadWholeCatalogs(),
  ]);
  return {
    Component: () => (
      <FullThemeProvider>
        <QueryProvider>
          <Page />
        </QueryProvider>
      </FullThemeProvider>
    ),
  };
};

/** The public site and the auth pages; built twice, for English (`/x`) and Kiswahili (`/sw/x`). */
const localizedRoutes = (): RouteObject[] => [
  {
    element: <PublicLayout />,
    errorElement: <RouteError />,
    children: [
      { index: true, lazy: page(() => import('@/pages/home')) },
      { path: 'standard-escrow', lazy: page(() => import('@/pages/standard-escrow')) },
      { path: 'lipa-mdogo-mdogo', lazy: page(() => import('@/pages/lipa-mdogo-mdogo')) },
      { path: 'dispute-resolution', lazy: page(() => import('@/pages/dispute-resolution')) },
      { path: 'pricing', lazy: page(() => import('@/pages/pricing')) },
      { path: 'about-us', lazy: page(() => import('@/pages/about-us')) },
      { path: 'refund-policy', lazy: page(() => import('@/pages/refund-policy')) },
      { path: 'terms-of-service', lazy: page(() => import('@/pages/terms-of-service')) },
      { path: 'privacy-policy', lazy: page(() => import('@/pages/privacy-policy')) },
      { path: 'data-protection', lazy: page(() => import('@/pages/data-protection')) },
      { path: 'ussd-simulator', lazy: fullThemePage(() => import('@/pages/ussd-simulator')) },
      { path: '*', lazy: page(() => import('@/pages/not-found')) },
    ],
  },
  // No public header or footer on these (docs/product-rules.md §2).
  { path: 'login', errorElement: <RouteError />, lazy: queryPage(() => import('@/pages/login')) },
  { path: 'signup', errorElement: <RouteError />, lazy: queryPage(() => import('@/pages/signup')) },
  { path: 'verify-phone', errorElement: <RouteError />, lazy: queryPage(() => import('@/pages/verify-phone')) },
  { path: 'forgot-password', errorElement: <RouteError />, lazy: fullThemePage(() => import('@/pages/forgot-password')) },
  { path: 'reset-password', errorElement: <RouteError />, lazy: fullThemePage(() => import('@/pages/reset-password')) },
];

export const routes: RouteObject[] = [
  ...localizedRoutes(),
  // The Kiswahili twins (client/src/i18n/paths.ts): the same pages, in the path's language.
  { path: 'sw', children: localizedRoutes() },
  { path: 'dashboard/*', errorElement: <RouteError />, lazy: fullThemePage(() => import('@/pages/dashboard')) },
  // Per link, so never prerendered: the server puts the link's own title and Open Graph tags in the shell.
  { path: 'pay/:code', errorElement: <RouteError />, lazy: fullThemePage(() => import('@/pages/pay')) },
];

/**
 * The paths the app has a page for, as patterns (`/pricing`, `/dashboard/*`): the server answers them
 * with 200 and anything else with 404 (the catch-all route only renders the not-found page).
 */
export function routePatterns(table: RouteObject[] = routes, parent = ''): string[] {
  return table.flatMap((route) => {
    if (route.path === '*') return [];
    const path = route.index ? parent || '/' : route.path ? `${parent}/${route.path}` : parent;
    const own = route.index || route.path ? [path || '/'] : [];
    return [...own, ...routePatterns(route.children ?? [], path)];
  });
}

/**
 * The browser's router. The lazy pages matching the current URL are loaded first, so that hydrating the
 * prerendered HTML renders the same tree the server did (no loading state in between).
 */
export async function createRouter() {
  for (const { route } of matchRoutes(routes, window.location) ?? []) {
    if (typeof route.lazy === 'function') Object.assign(route, await route.lazy(), { lazy: undefined });
  }
  const router = createBrowserRouter(routes);
  // Title, description, canonical and JSON-LD follow client-side navigation (the prerender set them for the first page).
  syncDocumentMetadata(router);
  return router;
}
