import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';

/** After an in-app navigation: scroll to the top and move focus to the new page's heading. */
export function useFocusHeadingOnNavigate() {
  const location = useLocation();
  const isFirst = useRef(true);
  useEffect(() => {
    if (isFirst.current) {
      isFirst.current = false;
      return;
    }
    window.scrollTo({ top: 0 });
    document.querySelector<HTMLElement>('main h1')?.focus({ preventScroll: true });
  }, [location.pathname]);
}
