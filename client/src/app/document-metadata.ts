/**
 * Keeps the head in step with client-side navigation: the same tags the prerender wrote into the HTML
 * (seo.ts), replaced whenever the path changes. seo.ts loads on demand, so the route table and JSON-LD
 * builders stay out of the first JavaScript the home page needs (its HTML already has them).
 */
import type { HeadTag } from './seo';

const SITE_URL: string | undefined = import.meta.env.VITE_SITE_URL || undefined;

function applyHeadTags(tags: HeadTag[]): void {
  const head = document.head;
  for (const element of head.querySelectorAll('[data-seo]:not(title)')) element.remove();
  for (const tag of tags) {
    if (tag.tag === 'title') {
      document.title = tag.text;
      continue;
    }
    const element = document.createElement(tag.tag);
    element.setAttribute('data-seo', '');
    for (const [key, value] of Object.entries(tag.attrs)) element.setAttribute(key, value);
    if (tag.tag === 'script') element.textContent = tag.text;
    head.appendChild(element);
  }
}

interface RouterLike {
  state: { location: { pathname: string } };
  subscribe(listener: (state: { location: { pathname: string } }) => void): unknown;
}

/** Applies the metadata of the current page now and after every navigation of `router`. */
export function syncDocumentMetadata(router: RouterLike): void {
  let current = router.state.location.pathname;
  const apply = (pathname: string) =>
    import('./seo').then((seo) => {
      // A newer navigation may have finished first.
      if (pathname === current) {
        applyHeadTags(seo.headTagsFor(seo.routeFor(pathname), SITE_URL ?? seo.DEFAULT_SITE_URL, seo.languageFor(pathname)));
      }
    });
  void apply(current);
  router.subscribe((state) => {
    if (state.location.pathname === current) return;
    current = state.location.pathname;
    void apply(current);
  });
}
