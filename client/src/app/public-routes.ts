/**
 * The public pages of docs/product-rules.md §2 with their search metadata. One list serves the router, the build-time
 * prerender (metadata in the HTML the server sends), sitemap.xml and the breadcrumbs.
 */
export interface PublicRoute {
  path: string;
  /** Breadcrumb and navigation label. */
  name: string;
  title: string;
  description: string;
  keywords: string[];
  /** Prerendered and listed in sitemap.xml. */
  indexable: boolean;
}

const BASE_KEYWORDS = ['escrow Kenya', 'M-Pesa escrow', 'safe online payments Kenya'];

export const PUBLIC_ROUTES: PublicRoute[] = [
  {
    path: '/',
    name: 'Home',
    title: 'Escrow Kenya — Secure M-Pesa Escrow & Lipa Mdogo Mdogo',
    description:
      'Buy and sell safely in Kenya: your M-Pesa payment is held in escrow until you confirm delivery. Installments with Lipa Mdogo Mdogo and USSD *384*40#.',
    keywords: [...BASE_KEYWORDS, 'buyer protection', 'Lipa Mdogo Mdogo'],
    indexable: true,
  },
  {
    path: '/standard-escrow',
    name: 'Standard Escrow',
    title: 'Standard Escrow — Buyer Protection for Every Purchase | Escrow Kenya',
    description: 'Pay into escrow with M-Pesa; the seller is paid only when you confirm delivery. Simple fees from KES 0, split 50/50.',
    keywords: [...BASE_KEYWORDS, 'standard escrow', 'buyer protection Kenya'],
    indexable: true,
  },
  {
    path: '/lipa-mdogo-mdogo',
    name: 'Lipa Mdogo Mdogo',
    title: 'Lipa Mdogo Mdogo — Pay Little by Little for High-Value Items | Escrow Kenya',
    description:
      'Pay for items over KES 10,000 in installments over 3 to 24 months with a 20% deposit. Your money is held safely in escrow.',
    keywords: [...BASE_KEYWORDS, 'Lipa Mdogo Mdogo', 'installments Kenya', 'pay in installments'],
    indexable: true,
  },
  {
    path: '/dispute-resolution',
    name: 'Dispute Resolution',
    title: 'Dispute Resolution — Fair Mediation for Buyers and Sellers | Escrow Kenya',
    description:
      'If something goes wrong, our mediation team reviews the evidence and rules: release, refund or split. Money stays frozen until then.',
    keywords: [...BASE_KEYWORDS, 'dispute resolution Kenya', 'mediation'],
    indexable: true,
  },
  {
    path: '/pricing',
    name: 'Pricing',
    title: 'Pricing — Transparent Escrow Fees Split 50/50 | Escrow Kenya',
    description:
      'See exactly what escrow costs: fee bands for standard escrow, protected escrow and Lipa Mdogo Mdogo, with a fee calculator.',
    keywords: [...BASE_KEYWORDS, 'escrow fees', 'fee calculator'],
    indexable: true,
  },
  {
    path: '/about-us',
    name: 'About Us',
    title: 'About Us — Building Trust in Kenyan Commerce | Escrow Kenya',
    description: 'Our story, values and mission: making online and offline trade in Kenya safe for buyers and sellers.',
    keywords: [...BASE_KEYWORDS, 'about Escrow Kenya'],
    indexable: true,
  },
  {
    path: '/refund-policy',
    name: 'Refund Policy',
    title: 'Refund Policy | Escrow Kenya',
    description: 'When refunds apply, how to request one, timelines, non-refundable cases and Lipa Mdogo Mdogo withdrawal conditions.',
    keywords: [...BASE_KEYWORDS, 'refund policy'],
    indexable: true,
  },
  {
    path: '/terms-of-service',
    name: 'Terms of Service',
    title: 'Terms of Service | Escrow Kenya',
    description: 'The terms that govern the use of Escrow Kenya escrow, installment and dispute resolution services.',
    keywords: [...BASE_KEYWORDS, 'terms of service'],
    indexable: true,
  },
  {
    path: '/privacy-policy',
    name: 'Privacy Policy',
    title: 'Privacy Policy | Escrow Kenya',
    description: 'How Escrow Kenya collects, uses and protects your personal data under the Kenya Data Protection Act, 2019.',
    keywords: [...BASE_KEYWORDS, 'privacy policy', 'Data Protection Act 2019'],
    indexable: true,
  },
  {
    path: '/data-protection',
    name: 'Data Protection',
    title: 'Data Protection | Escrow Kenya',
    description: 'Your rights as a data subject in Kenya and how to exercise them with Escrow Kenya.',
    keywords: [...BASE_KEYWORDS, 'data protection Kenya', 'ODPC'],
    indexable: true,
  },
  {
    path: '/login',
    name: 'Sign In',
    title: 'Sign In | Escrow Kenya',
    description: 'Sign in to manage your escrow transactions.',
    keywords: BASE_KEYWORDS,
    indexable: false,
  },
  {
    path: '/signup',
    name: 'Create Account',
    title: 'Create Account | Escrow Kenya',
    description: 'Create your free Escrow Kenya account as a buyer, seller or both.',
    keywords: BASE_KEYWORDS,
    indexable: false,
  },
  {
    path: '/verify-phone',
    name: 'Verify Phone',
    title: 'Verify Your Phone | Escrow Kenya',
    description: 'Enter the 6-digit code we sent by SMS.',
    keywords: BASE_KEYWORDS,
    indexable: false,
  },
];
