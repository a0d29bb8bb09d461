/**
 * Build-time rendering of the real React tree (scripts/prerender.ts runs this module, built by
 * `vite build --ssr`): each public page's HTML and the Chakra (emotion) styles it uses, so the text
 * paints before any JavaScript runs; main.tsx then hydrates it.
 */
import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import createEmotionServer from '@emotion/server/create-instance';
import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import { AppProviders } from '@/app/providers';
import { DEFAULT_LANGUAGE, languageOfPath, loadLanguage } from '@/i18n';
import { AppRoutes, preloadPages, routePatterns } from '@/app/router';

export { routePatterns };

export interface RenderedPage {
  /** The inside of `<div id="root">`. */
  html: string;
  /** `<style data-emotion>` tags for the head; emotion on the client adopts them instead of inserting its own. */
  styles: string;
}

/** A script the browser would run (JSON data blocks, like next-themes' inert one, are fine). */
const EXECUTABLE_SCRIPT = /<script(?![^>]*type="application\/(?:ld\+)?json")/;

async function streamToString(stream: NodeJS.ReadableStream): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks).toString('utf8');
}

export async function render(pathname: string): Promise<RenderedPage> {
  await preloadPages(pathname);

  // The key must be emotion's default ("css"): the browser's default cache adopts tags with that key.
  const language = languageOfPath(pathname) ?? DEFAULT_LANGUAGE;
  await loadLanguage(language);
  const cache = createCache({ key: 'css' });
  const emotion = createEmotionServer(cache);
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <CacheProvider value={cache}>
        <AppProviders language={language}>
          <StaticRouter location={pathname}>
            <AppRoutes />
          </StaticRouter>
        </AppProviders>
      </CacheProvider>
    </StrictMode>,
    // React moves a large finished section out of line, revealed later by an inline script; keep it in place.
    { progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  const html = await streamToString(prelude);
  // prerender (unlike renderToString) waits for lazy sections; they must be written in place, without
  // the inline script that would reveal them (the content security policy refuses inline scripts).
  if (EXECUTABLE_SCRIPT.test(html)) throw new Error(`The HTML of ${pathname} needs a script to show: render it in place`);
  return { html, styles: emotion.constructStyleTagsFromChunks(emotion.extractCriticalToChunks(html)) };
}
