/**
 * Search and social metadata of every page (docs/product-rules.md §1): title, description, keywords, canonical, Open
 * Graph, Twitter, hreflang (en-KE with sw-KE), geo region and JSON-LD (breadcrumb, organization,
 * service). Pure: the build-time prerender (scripts/prerender.ts) writes these tags into each page's
 * HTML, and the client applies the same tags on navigation (document-metadata.ts).
 */
import { LANGUAGE_TAGS, languageOfPath, pathInLanguage, pathWithoutLanguage, type Language } from '../i18n/paths';
import { PUBLIC_ROUTES, type PublicRoute } from './public-routes';
import { DEFAULT_SITE_URL, SITE_NAME, SOCIAL_PROFILES, SUPPORT_EMAIL, SUPPORT_PHONE_TEL } from './site';

export { DEFAULT_SITE_URL, SITE_NAME };

export type HeadTag =
  | { tag: 'title'; text: string }
  | { tag: 'meta'; attrs: Record<string, string> }
  | { tag: 'link'; attrs: Record<string, string> }
  | { tag: 'script'; attrs: Record<string, string>; text: string };

const NOT_FOUND_ROUTE: PublicRoute = {
  path: '/404',
  name: 'Page Not Found',
  title: `Page Not Found | ${SITE_NAME}`,
  description: 'The page you are looking for does not exist. Go back to Escrow Kenya: secure M-Pesa escrow and Lipa Mdogo Mdogo.',
  keywords: [],
  indexable: false,
  sw: {
    name: 'Ukurasa Haupatikani',
    title: `Ukurasa Haupatikani | ${SITE_NAME}`,
    description: 'Ukurasa unaoutafuta haupo. Rudi Escrow Kenya: lipa kwa M-Pesa, pesa inashikiliwa salama, na Lipa Mdogo Mdogo.',
  },
};

const DASHBOARD_ROUTE: PublicRoute = {
  path: '/dashboard',
  name: 'Dashboard',
  title: `Dashboard | ${SITE_NAME}`,
  description: 'Your Escrow Kenya transactions.',
  keywords: [],
  indexable: false,
  sw: { name: 'Akaunti Yangu', title: `Akaunti Yangu | ${SITE_NAME}`, description: 'Malipo yako ya Escrow Kenya.' },
};

/** Pages outside the public list that still deserve a proper title (never indexed). */
const OTHER_ROUTES: PublicRoute[] = [
  [
    '/ussd-simulator',
    'USSD Simulator',
    'Try *384*40# in the browser: the USSD menu of Escrow Kenya on a simulated phone.',
    'Jaribu USSD',
    'Jaribu *384*40# kwenye kivinjari: menyu ya USSD ya Escrow Kenya kwenye simu ya majaribio.',
  ],
  ['/forgot-password', 'Forgot Password', 'Get a reset code by SMS.', 'Umesahau Nenosiri', 'Pata nambari ya kubadilisha nenosiri kwa SMS.'],
  [
    '/reset-password',
    'Reset Password',
    'Choose a new password with the code we sent by SMS.',
    'Badilisha Nenosiri',
    'Chagua nenosiri jipya ukitumia nambari tuliyokutumia kwa SMS.',
  ],
].map(([path, name, description, swName, swDescription]) => ({
  path: path!,
  name: name!,
  title: `${name} | ${SITE_NAME}`,
  description: description!,
  keywords: [],
  indexable: false,
  sw: { name: swName!, title: `${swName} | ${SITE_NAME}`, description: swDescription! },
}));

/** The route entry that describes `pathname` (trailing slashes ignored); unknown paths get "not found". */
export function routeFor(pathname: string): PublicRoute {
  const bare = pathWithoutLanguage(pathname);
  const path = bare.length > 1 ? bare.replace(/\/+$/, '') : bare;
  const known = PUBLIC_ROUTES.find((route) => route.path === path) ?? OTHER_ROUTES.find((route) => route.path === path);
  if (known) return known;
  if (path === '/dashboard' || path.startsWith('/dashboard/')) return DASHBOARD_ROUTE;
  return NOT_FOUND_ROUTE;
}

/** The language a page is in, by its path (`/sw/…` Kiswahili). */
export function languageFor(pathname: string): Language {
  return languageOfPath(pathname) ?? 'en';
}

/** A route's name, title and description in `language`. */
export function textsOf(route: PublicRoute, language: Language): Pick<PublicRoute, 'name' | 'title' | 'description'> {
  return language === 'sw' ? route.sw : route;
}

export function absoluteUrl(siteUrl: string, path: string): string {
  return `${siteUrl.replace(/\/+$/, '')}${path === '/' ? '/' : path}`;
}

function organization(siteUrl: string) {
  return {
    '@type': 'FinancialService',
    '@id': `${absoluteUrl(siteUrl, '/')}#organization`,
    name: SITE_NAME,
    url: absoluteUrl(siteUrl, '/'),
    logo: absoluteUrl(siteUrl, '/favicon.svg'),
    description: 'Escrow and installment (Lipa Mdogo Mdogo) payments for Kenya, by web and USSD *384*40#.',
    email: SUPPORT_EMAIL,
    telephone: SUPPORT_PHONE_TEL,
    areaServed: { '@type': 'Country', name: 'Kenya' },
    address: { '@type': 'PostalAddress', addressLocality: 'Nairobi', addressCountry: 'KE' },
    currenciesAccepted: 'KES',
    paymentAccepted: 'M-Pesa',
    // The same hours the contact section shows (Monday–Friday, 8:00 AM–6:00 PM EAT).
    openingHoursSpecification: [
      {
        '@type': 'OpeningHoursSpecification',
        dayOfWeek: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'],
        opens: '08:00',
        closes: '18:00',
      },
    ],
    contactPoint: {
      '@type': 'ContactPoint',
      contactType: 'customer support',
      telephone: SUPPORT_PHONE_TEL,
      email: SUPPORT_EMAIL,
      areaServed: 'KE',
      availableLanguage: ['English', 'Swahili'],
    },
    sameAs: Object.values(SOCIAL_PROFILES),
  };
}

/** Structured data for the service pages (and the pricing page, which prices all three). */
const SERVICES: Record<string, { serviceType: string; description: string; offers?: { price: string; description: string } }> = {
  '/standard-escrow': {
    serviceType: 'Escrow service',
    description: 'One-time buyer protection: the M-Pesa payment is held in escrow until the buyer confirms delivery.',
    offers: { price: '0', description: 'No fee under KES 50; above it a fee by amount band, split 50/50 between buyer and seller' },
  },
  '/lipa-mdogo-mdogo': {
    serviceType: 'Installment payment plan',
    description: 'Pay for items over KES 10,000 in installments over 3, 6, 12 or 24 months, held in escrow until fully paid.',
    offers: { price: '0', description: 'Installment fee by amount band, split 50/50 between buyer and seller' },
  },
  '/dispute-resolution': {
    serviceType: 'Dispute resolution and mediation',
    description: 'Mediation between buyer and seller; escrowed money stays frozen until the ruling (release, refund or split).',
  },
  '/pricing': {
    serviceType: 'Escrow service',
    description: 'Transparent escrow fees by amount band for standard escrow, protected escrow and Lipa Mdogo Mdogo.',
  },
};

export function jsonLdFor(route: PublicRoute, siteUrl: string, language: Language = 'en'): object[] {
  const graph: object[] = [organization(siteUrl)];
  const home = PUBLIC_ROUTES[0]!;
  const crumbs = [
    { name: textsOf(home, language).name, path: pathInLanguage('/', language) },
    ...(route.path === '/' ? [] : [{ name: textsOf(route, language).name, path: pathInLanguage(route.path, language) }]),
  ];
  graph.push({
    '@type': 'BreadcrumbList',
    itemListElement: crumbs.map((crumb, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: crumb.name,
      item: absoluteUrl(siteUrl, crumb.path),
    })),
  });
  if (route.path === '/') {
    graph.push({
      '@type': 'WebSite',
      name: SITE_NAME,
      url: absoluteUrl(siteUrl, pathInLanguage('/', language)),
      inLanguage: LANGUAGE_TAGS[language],
      publisher: { '@id': `${absoluteUrl(siteUrl, '/')}#organization` },
    });
  }
  const service = SERVICES[route.path];
  if (service) {
    graph.push({
      '@type': 'Service',
      name: textsOf(route, language).name,
      serviceType: service.serviceType,
      description: service.description,
      url: absoluteUrl(siteUrl, pathInLanguage(route.path, language)),
      provider: { '@id': `${absoluteUrl(siteUrl, '/')}#organization` },
      areaServed: { '@type': 'Country', name: 'Kenya' },
      availableChannel: [
        { '@type': 'ServiceChannel', name: 'Web', serviceUrl: absoluteUrl(siteUrl, '/') },
        { '@type': 'ServiceChannel', name: 'USSD *384*40#' },
      ],
      ...(service.offers
        ? { offers: { '@type': 'Offer', priceCurrency: 'KES', price: service.offers.price, description: service.offers.description } }
        : {}),
    });
  }
  return graph;
}

/**
 * Every head tag of one page in `language`, in document order. Each page names its own language's URL
 * as canonical and both languages' URLs as alternates (x-default: English), so the two versions point
 * at each other.
 */
export function headTagsFor(route: PublicRoute, siteUrl: string, language: Language = 'en'): HeadTag[] {
  const texts = textsOf(route, language);
  const urlIn = (lang: Language) =>
    absoluteUrl(siteUrl, route.path === '/404' ? pathInLanguage('/', lang) : pathInLanguage(route.path, lang));
  const canonical = urlIn(language);
  const image = absoluteUrl(siteUrl, '/og-image.jpg');
  const meta = (attrs: Record<string, string>): HeadTag => ({ tag: 'meta', attrs });
  const tags: HeadTag[] = [
    { tag: 'title', text: texts.title },
    meta({ name: 'description', content: texts.description }),
    meta({ name: 'robots', content: route.indexable ? 'index, follow' : 'noindex, follow' }),
  ];
  if (route.keywords.length > 0) tags.push(meta({ name: 'keywords', content: route.keywords.join(', ') }));
  if (route.indexable) tags.push({ tag: 'link', attrs: { rel: 'canonical', href: canonical } });
  if (route.path !== '/404' && route.path !== '/dashboard') {
    tags.push(
      { tag: 'link', attrs: { rel: 'alternate', hreflang: LANGUAGE_TAGS.en, href: urlIn('en') } },
      { tag: 'link', attrs: { rel: 'alternate', hreflang: LANGUAGE_TAGS.sw, href: urlIn('sw') } },
      { tag: 'link', attrs: { rel: 'alternate', hreflang: 'x-default', href: urlIn('en') } },
    );
  }
  tags.push(
    meta({ name: 'geo.region', content: 'KE' }),
    meta({ name: 'geo.placename', content: 'Nairobi' }),
    meta({ property: 'og:type', content: 'website' }),
    meta({ property: 'og:site_name', content: SITE_NAME }),
    meta({ property: 'og:title', content: texts.title }),
    meta({ property: 'og:description', content: texts.description }),
    meta({ property: 'og:url', content: canonical }),
    meta({ property: 'og:image', content: image }),
    meta({ property: 'og:image:type', content: 'image/jpeg' }),
    meta({ property: 'og:image:width', content: '1200' }),
    meta({ property: 'og:image:height', content: '630' }),
    meta({ property: 'og:image:alt', content: `${SITE_NAME}: secure M-Pesa escrow` }),
    meta({ property: 'og:locale', content: language === 'sw' ? 'sw_KE' : 'en_KE' }),
    meta({ property: 'og:locale:alternate', content: language === 'sw' ? 'en_KE' : 'sw_KE' }),
    meta({ name: 'twitter:card', content: 'summary_large_image' }),
    meta({ name: 'twitter:site', content: '@escrowkenya' }),
    meta({ name: 'twitter:title', content: texts.title }),
    meta({ name: 'twitter:description', content: texts.description }),
    meta({ name: 'twitter:image', content: image }),
    {
      tag: 'script',
      attrs: { type: 'application/ld+json' },
      text: JSON.stringify({ '@context': 'https://schema.org', '@graph': jsonLdFor(route, siteUrl, language) }),
    },
  );
  return tags;
}

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Serialises head tags; each carries `data-seo` so the client can replace them on navigation. */
export function renderHeadTags(tags: HeadTag[]): string {
  return tags
    .map((tag) => {
      if (tag.tag === 'title') return `<title>${escapeHtml(tag.text)}</title>`;
      const attrs = Object.entries(tag.attrs)
        .map(([key, value]) => ` ${key}="${escapeHtml(value)}"`)
        .join('');
      // JSON cannot contain a raw "</script"; escaping "<" keeps it valid JSON and safe HTML.
      if (tag.tag === 'script') return `<script data-seo${attrs}>${tag.text.replace(/</g, '\\u003c')}</script>`;
      return `<${tag.tag} data-seo${attrs} />`;
    })
    .join('\n    ');
}
