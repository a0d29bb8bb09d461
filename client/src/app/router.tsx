/**
 * Every path of docs/product-rules.md §2. Pages load lazily, so the admin dashboard's code never ships with the public
 * pages (the budget in docs/ARCHITECTURE.md "Conventions").
 */
import { Component, lazy, Suspense, useEffect, type ReactNode } from 'react';
import { matchRoutes, useLocation, useRoutes, type RouteObject } from 'react-router';
import { PublicLayout } from '@/layouts/public-layout';
import { RouteError } from '@/components/route-error';
import { type LaterEnglishTexts, loadEnglishTexts, loadWholeCatalogs } from '@/i18n';
import { syncDocumentMetadata } from './document-metadata';

type PageModule = { default: React.ComponentType };

/** What a route's `handle` holds: the loader of its page's code, run before the page is first shown. */
interface RouteHandle {
  preload: () => Promise<void>;
}

/**
 * A page whose code loads on first use. Once `preload` has run the page renders at once, without
 * suspending: hydration then sees the tree the prerender wrote. Before that it suspends, and because
 * React Router navigates in a transition the previous page stays on screen until the code has arrived.
 */
function lazyRoute(load: () => Promise<React.ComponentType>): Pick<RouteObject, 'element' | 'handle'> {
  let Loaded: React.ComponentType | undefined;
  let loading: Promise<void> | undefined;
  const preload = () =>
    (loading ??= load().then(
      (page) => void (Loaded = page),
      (error: unknown) => {
        // Asked again on the next visit; a browser that keeps a failed module in its module map (Chromium
        // does) answers from it until the page reloads, which the route error's "Reload the page" offers.
        loading = undefined;
        throw error;
      },
    ));
  const Suspending = lazy(async () => {
    await preload();
    return { default: Loaded! };
  });
  const Page = () => (Loaded ? <Loaded /> : <Suspending />);
  return { element: <Page />, handle: { preload } satisfies RouteHandle };
}

const page = (load: () => Promise<PageModule>) => lazyRoute(async () => (await load()).default);

/** A page's code with the English texts that the first load leaves out for it. */
const withTexts =
  (part: LaterEnglishTexts, load: () => Promise<PageModule>): (() => Promise<PageModule>) =>
  async () =>
    (await Promise.all([load(), loadEnglishTexts(part)]))[0];

/**
 * A page that uses TanStack Query, inside its provider, loaded with it: the provider is not at the root so
 * that the public pages' first load carries no Query code (lib/query-provider.tsx).
 */
const queryPage = (load: () => Promise<PageModule>) =>
  lazyRoute(async () => {
    const [{ default: Page }, { QueryProvider }] = await Promise.all([load(), import('@/lib/query-provider')]);
    return () => (
      <QueryProvider>
        <Page />
      </QueryProvider>
    );
  });

/**
 * A page that is not prerendered: it renders inside the Chakra system with every recipe, loaded with it
 * (the public pages' system has only theirs, ./theme.ts), and with the whole language catalog (the
 * prerendered pages' first load has only their texts, client/src/i18n/en-first-load.ts). Each of them uses
 * TanStack Query too.
 */
const fullThemePage = (load: () => Promise<PageModule>) =>
  lazyRoute(async () => {
    const [{ default: Page }, { FullThemeProvider }, { QueryProvider }] = await Promise.all([
      load(),
      import('./full-theme'),
      import('@/lib/query-provider'),
      loadWholeCatalogs(),
    ]);
    return () => (
      <FullThemeProvider>
        <QueryProvider>
          <Page />
        </QueryProvider>
      </FullThemeProvider>
    );
  });

/** The public site and the auth pages; built twice, for English (`/x`) and Kiswahili (`/sw/x`). */
const localizedRoutes = (): RouteObject[] => [
  {
    element: <PublicLayout />,
    children: [
      { index: true, ...page(() => import('@/pages/home')) },
      { path: 'standard-escrow', ...page(() => import('@/pages/standard-escrow')) },
      { path: 'lipa-mdogo-mdogo', ...page(() => import('@/pages/lipa-mdogo-mdogo')) },
      { path: 'dispute-resolution', ...page(() => import('@/pages/dispute-resolution')) },
      { path: 'pricing', ...page(withTexts('pricing', () => import('@/pages/pricing'))) },
      { path: 'about-us', ...page(() => import('@/pages/about-us')) },
      { path: 'refund-policy', ...page(() => import('@/pages/refund-policy')) },
      { path: 'terms-of-service', ...page(() => import('@/pages/terms-of-service')) },
      { path: 'privacy-policy', ...page(() => import('@/pages/privacy-policy')) },
      { path: 'data-protection', ...page(() => import('@/pages/data-protection')) },
      { path: 'ussd-simulator', ...fullThemePage(() => import('@/pages/ussd-simulator')) },
      { path: '*', ...page(() => import('@/pages/not-found')) },
    ],
  },
  // No public header or footer on these (docs/product-rules.md §2).
  { path: 'login', ...queryPage(withTexts('auth', () => import('@/pages/login'))) },
  { path: 'signup', ...queryPage(withTexts('auth', () => import('@/pages/signup'))) },
  { path: 'verify-phone', ...queryPage(withTexts('auth', () => import('@/pages/verify-phone'))) },
  { path: 'forgot-password', ...fullThemePage(() => import('@/pages/forgot-password')) },
  { path: 'reset-password', ...fullThemePage(() => import('@/pages/reset-password')) },
];

export const routes: RouteObject[] = [
  ...localizedRoutes(),
  // The Kiswahili twins (client/src/i18n/paths.ts): the same pages, in the path's language.
  { path: 'sw', children: localizedRoutes() },
  { path: 'dashboard/*', ...fullThemePage(() => import('@/pages/dashboard')) },
  // Per link, so never prerendered: the server puts the link's own title and Open Graph tags in the shell.
  { path: 'pay/:code', ...fullThemePage(() => import('@/pages/pay')) },
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

/** Loads the code of the pages `pathname` shows, so that they render without suspending. */
export async function preloadPages(pathname: string): Promise<void> {
  const matches = matchRoutes(routes, pathname) ?? [];
  await Promise.all(matches.map(({ route }) => (route.handle as RouteHandle | undefined)?.preload()));
}

/** Shows RouteError instead of a blank screen when a page throws or its code cannot be downloaded (React logs the error). */
class RouteErrorBoundary extends Component<{ pathname: string; children: ReactNode }, { error: unknown; pathname: string }> {
  override state = { error: undefined as unknown, pathname: this.props.pathname };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  // Navigating elsewhere leaves the error behind.
  static getDerivedStateFromProps(props: { pathname: string }, state: { error: unknown; pathname: string }) {
    return props.pathname === state.pathname ? null : { error: undefined, pathname: props.pathname };
  }

  override render() {
    return this.state.error === undefined ? this.props.children : <RouteError />;
  }
}

/** The page of the current URL (inside a BrowserRouter, or the prerender's StaticRouter). */
export function AppRoutes() {
  const { pathname } = useLocation();
  // Title, description, canonical and JSON-LD follow client-side navigation (the prerender set them for the first page).
  useEffect(() => syncDocumentMetadata(pathname), [pathname]);
  return (
    <RouteErrorBoundary pathname={pathname}>
      <Suspense fallback={null}>{useRoutes(routes)}</Suspense>
    </RouteErrorBoundary>
  );
}
