/**
 * `GET /pay/{code}`: the app shell served with that link's own <title>, description and Open Graph
 * tags in the HTML itself, so a link pasted in WhatsApp or Facebook shows a preview card (their
 * crawlers run no JavaScript). Every value is HTML-escaped: the product name and description are the
 * seller's free text. The page is per link, so it is never prerendered; the client renders it lazily.
 */
import type { FastifyPluginAsync } from 'fastify';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { AppContext } from '../../context.ts';
import { formatKes, parseAmount } from '@escrow/core/domain/money';
import { readPublicPaymentLink } from './use-cases/read-payment-links.ts';

const SITE_NAME = 'Escrow Kenya';
/** Used when the client is not built (API-only runs, tests): a valid page with the same head. */
const BARE_SHELL = `<!doctype html>\n<html lang="en-KE">\n  <head>\n    <meta charset="UTF-8" />\n    <title>${SITE_NAME}</title>\n  </head>\n  <body>\n    <div id="root"></div>\n  </body>\n</html>\n`;

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => ESCAPES[char]!);
}

export interface LinkHead {
  title: string;
  description: string;
  url: string;
}

/** Takes the shell's own title, description, canonical and Open Graph tags out and puts the link's in. */
export function injectLinkHead(shell: string, head: LinkHead): string {
  const tags = [
    `<title>${escapeHtml(head.title)}</title>`,
    `<meta name="description" content="${escapeHtml(head.description)}" />`,
    `<meta name="robots" content="noindex" />`,
    `<meta property="og:title" content="${escapeHtml(head.title)}" />`,
    `<meta property="og:description" content="${escapeHtml(head.description)}" />`,
    `<meta property="og:url" content="${escapeHtml(head.url)}" />`,
    `<meta property="og:type" content="product" />`,
    `<meta property="og:site_name" content="${SITE_NAME}" />`,
    `<meta name="twitter:card" content="summary" />`,
  ].join('\n    ');
  const stripped = shell
    .replace(/<title>[\s\S]*?<\/title>/g, '')
    .replace(/\s*<meta\s+(?:[^>]*\s)?(?:name|property)="(?:description|robots|og:[^"]*|twitter:[^"]*)"[^>]*>/g, '')
    .replace(/\s*<link\s+(?:[^>]*\s)?rel="canonical"[^>]*>/g, '');
  // A function replacement: "$&" in a product name must stay text.
  return stripped.replace('</head>', () => `    ${tags}\n  </head>`);
}

function readIfExists(file: string): string | null {
  return existsSync(file) ? readFileSync(file, 'utf8') : null;
}

const payPage: FastifyPluginAsync<{ ctx: AppContext; distDir: string }> = async (app, { ctx, distDir }) => {
  const page = (name: string) => readIfExists(path.join(distDir, name));

  app.get<{ Params: { code: string } }>('/pay/:code', { schema: { hide: true } }, async (request, reply) => {
    reply.header('Cache-Control', 'no-cache').type('text/html; charset=utf-8');
    // Read per request: a rebuilt client shows at once, as with the static files.
    const shell = page('shell.html') ?? page('index.html') ?? BARE_SHELL;
    const link = await readPublicPaymentLink(ctx, request.params.code);
    if (!link) return reply.status(404).send(page('404.html') ?? BARE_SHELL);
    const price = formatKes(parseAmount(link.amount) ?? 0n);
    const seller = `${link.seller.display_name}${link.seller.is_verified ? ' (verified)' : ''}`;
    // The buyer may pay by either rail: the preview names both.
    const summary = `${price} from ${seller}, paid into escrow by M-Pesa or Airtel Money: the seller is paid only when you have the item.`;
    return reply.send(
      injectLinkHead(shell, {
        title: `${link.product_name} — ${price} | ${SITE_NAME}`,
        description: link.description ? `${link.description} · ${summary}` : summary,
        url: link.url,
      }),
    );
  });
};

export default payPage;
