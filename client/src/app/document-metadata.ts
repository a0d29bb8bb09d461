/**
 * Keeps the head in step with client-side navigation: the same tags the prerender wrote into the HTML
 * (seo.ts), replaced whenever the path changes.
 */
import { DEFAULT_SITE_URL, headTagsFor, routeFor, type HeadTag } from './seo';

const SITE_URL: string = import.meta.env.VITE_SITE_URL || DEFAULT_SITE_URL;

export function applyDocumentMetadata(pathname: string): void {
  const tags = headTagsFor(routeFor(pathname), SITE_URL);
  const head = document.head;
  for (const element of head.querySelectorAll('[data-seo]:not(title)')) element.remove();
  for (const tag of tags) {
    if (tag.tag === 'title') {
      document.title = tag.text;
      continue;
    }
    head.appendChild(createElement(tag));
  }
}

function createElement(tag: Exclude<HeadTag, { tag: 'title' }>): HTMLElement {
  const element = document.createElement(tag.tag);
  element.setAttribute('data-seo', '');
  for (const [key, value] of Object.entries(tag.attrs)) element.setAttribute(key, value);
  if (tag.tag === 'script') element.textContent = tag.text;
  return element;
}

/** Applies the metadata now and after every navigation of `router`. */
export function syncDocumentMetadata(router: {
  state: { location: { pathname: string } };
  subscribe(fn: (state: { location: { pathname: string } }) => void): unknown;
}) {
  let current = router.state.location.pathname;
  applyDocumentMetadata(current);
  router.subscribe((state) => {
    if (state.location.pathname === current) return;
    current = state.location.pathname;
    applyDocumentMetadata(current);
  });
}
