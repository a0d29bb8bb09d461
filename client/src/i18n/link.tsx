/**
 * react-router's Link, NavLink, Navigate and useNavigate that keep the reader in their language: on a
 * Kiswahili page, `to="/pricing"` goes to `/sw/pricing`. Public and auth pages import these instead of
 * react-router's, so every internal link stays in the page's language without each one saying so.
 */
import { forwardRef, useEffect } from 'react';
import {
  Link as RouterLink,
  Navigate as RouterNavigate,
  useLocation,
  useNavigate as useRouterNavigate,
  type LinkProps,
  type NavigateOptions,
  type NavigateProps,
  type To,
} from 'react-router';
import { DEFAULT_LANGUAGE, languageOfPath, useT } from './index';
import { isLocalizedPath, pathInLanguage, pathWithoutLanguage } from './paths';

function localTo(to: To, language: 'en' | 'sw'): To {
  if (typeof to === 'string') return pathInLanguage(to, language);
  return to.pathname ? { ...to, pathname: pathInLanguage(to.pathname, language) } : to;
}

/** `to` in the current page's language. */
export function useLocalPath(): (to: string) => string {
  const { language } = useT();
  return (to) => pathInLanguage(to, language);
}

export const Link = forwardRef<HTMLAnchorElement, LinkProps>(function Link({ to, ...props }, ref) {
  const { language } = useT();
  return <RouterLink ref={ref} to={localTo(to, language)} {...props} />;
});

export function Navigate({ to, ...props }: NavigateProps) {
  const { language } = useT();
  return <RouterNavigate to={localTo(to, language)} {...props} />;
}

export function useNavigate() {
  const navigate = useRouterNavigate();
  const { language } = useT();
  return (to: To | number, options?: NavigateOptions) => (typeof to === 'number' ? navigate(to) : navigate(localTo(to, language), options));
}

/**
 * Keeps the language in step with the path on pages that have a Kiswahili twin (back and forward
 * included): `/sw/…` Kiswahili, the rest English. Not a new choice, so nothing is saved.
 */
export function useLanguageOfPage(): void {
  const { pathname } = useLocation();
  const { language, setLanguage } = useT();
  useEffect(() => {
    if (!isLocalizedPath(pathname)) return;
    const wanted = languageOfPath(pathname) ?? DEFAULT_LANGUAGE;
    if (wanted !== language) void setLanguage(wanted, { remember: false });
  }, [pathname, language, setLanguage]);
}

/** The current path without its language prefix (`/sw/pricing` → `/pricing`), to compare with links. */
export function usePagePath(): string {
  return pathWithoutLanguage(useLocation().pathname);
}
