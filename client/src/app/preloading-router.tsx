/**
 * React Router's BrowserRouter, except that a link or `navigate()` changes the URL only once the next
 * page's code has arrived (`preload`), as React Router's data routers do, and the next page is rendered
 * in the same task as the URL changes (`flushSync`: its code is there, so it does not suspend). The
 * address bar and the screen never disagree, so nothing typed in that moment goes into the page being
 * left (rendered in a transition instead, a slow phone showed the old page under the new URL for a
 * while). Back and forward change the URL first (the browser does); the previous page then stays on
 * screen until the next one can show, because that location is updated in a transition.
 */
import { startTransition, useLayoutEffect, useMemo, useState, type ReactNode } from 'react';
import { flushSync } from 'react-dom';
import { type Navigator, Router, type To, UNSAFE_createBrowserHistory as createBrowserHistory } from 'react-router';

const pathnameOf = (to: To) =>
  typeof to === 'string' ? new URL(to, window.location.href).pathname : (to.pathname ?? window.location.pathname);

export function PreloadingBrowserRouter({ preload, children }: { preload: (pathname: string) => Promise<void>; children: ReactNode }) {
  const [history] = useState(() => createBrowserHistory({ v5Compat: true }));
  const [state, setState] = useState({ action: history.action, location: history.location });
  // A push or replace renders as its caller wraps it (below): history calls this listener synchronously.
  useLayoutEffect(
    () =>
      history.listen((update) => {
        if (update.action === 'POP') startTransition(() => setState(update));
        else setState(update);
      }),
    [history],
  );

  const navigator = useMemo<Navigator>(() => {
    let latest = 0;
    // The newest request wins: an earlier link whose code arrives later does not move the URL back.
    const afterPreload = (to: To, go: () => void) => {
      const request = ++latest;
      // A page whose code failed to load still gets its URL: it shows the route error, with a reload.
      void preload(pathnameOf(to))
        .then(
          () => true,
          () => false,
        )
        .then((isLoaded) => {
          if (request !== latest) return;
          // A page whose code failed to download will suspend while the browser may try again: rendered in
          // a transition, the page being left stays on screen until the route error can show, not a blank one.
          if (isLoaded) flushSync(go);
          else startTransition(go);
        });
    };
    return {
      createHref: (to) => history.createHref(to),
      encodeLocation: (to) => history.encodeLocation(to),
      go: (delta) => history.go(delta),
      push: (to, state) => afterPreload(to, () => history.push(to, state)),
      replace: (to, state) => afterPreload(to, () => history.replace(to, state)),
    };
  }, [history, preload]);

  return (
    <Router location={state.location} navigationType={state.action} navigator={navigator}>
      {children}
    </Router>
  );
}
