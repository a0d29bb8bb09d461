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

let current: string | undefined;

/** Applies the metadata of the page at `pathname` (run at hydration and after every navigation). */
export function syncDocumentMetadata(pathname: string): void {
  if (pathname === current) return;
  current = pathname;
  void import('./seo').then((seo) => {
    // A newer navigation may have finished first.
    if (pathname === current) {
      applyHeadTags(seo.headTagsFor(seo.routeFor(pathname), SITE_URL ?? seo.DEFAULT_SITE_URL, seo.languageFor(pathname)));
    }
  });
}
