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
  /** The Kiswahili twin's texts (its path is `/sw` + path): written for Kenyan readers, not word for word. */
  sw: { name: string; title: string; description: string };
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
    sw: {
      name: 'Nyumbani',
      title: 'Escrow Kenya — Lipa kwa M-Pesa, Pesa Inashikiliwa Salama',
      description:
        'Nunua na uuze kwa usalama Kenya: pesa yako ya M-Pesa inashikiliwa salama hadi uthibitishe umepokea bidhaa. Lipa Mdogo Mdogo na USSD *384*40#.',
    },
  },
  {
    path: '/standard-escrow',
    name: 'Standard Escrow',
    title: 'Standard Escrow — Buyer Protection for Every Purchase | Escrow Kenya',
    description: 'Pay into escrow with M-Pesa; the seller is paid only when you confirm delivery. Simple fees from KES 0, split 50/50.',
    keywords: [...BASE_KEYWORDS, 'standard escrow', 'buyer protection Kenya'],
    indexable: true,
    sw: {
      name: 'Escrow ya Kawaida',
      title: 'Escrow ya Kawaida — Ulinzi wa Mnunuzi kwa Kila Ununuzi | Escrow Kenya',
      description:
        'Lipa kwa M-Pesa, pesa inashikiliwa salama; muuzaji analipwa ukithibitisha umepokea. Ada ndogo kuanzia KES 0, nusu kwa nusu.',
    },
  },
  {
    path: '/lipa-mdogo-mdogo',
    name: 'Lipa Mdogo Mdogo',
    title: 'Lipa Mdogo Mdogo — Pay Little by Little for High-Value Items | Escrow Kenya',
    description:
      'Pay for items over KES 10,000 in installments over 3 to 24 months with a 20% deposit. Your money is held safely in escrow.',
    keywords: [...BASE_KEYWORDS, 'Lipa Mdogo Mdogo', 'installments Kenya', 'pay in installments'],
    indexable: true,
    sw: {
      name: 'Lipa Mdogo Mdogo',
      title: 'Lipa Mdogo Mdogo — Lipa Kidogo Kidogo kwa Bidhaa za Bei Ghali | Escrow Kenya',
      description: 'Lipia bidhaa za zaidi ya KES 10,000 kwa awamu, miezi 3 hadi 24, ukianza na asilimia 20. Pesa yako inashikiliwa salama.',
    },
  },
  {
    path: '/dispute-resolution',
    name: 'Dispute Resolution',
    title: 'Dispute Resolution — Fair Mediation for Buyers and Sellers | Escrow Kenya',
    description:
      'If something goes wrong, our mediation team reviews the evidence and rules: release, refund or split. Money stays frozen until then.',
    keywords: [...BASE_KEYWORDS, 'dispute resolution Kenya', 'mediation'],
    indexable: true,
    sw: {
      name: 'Kutatua Mizozo',
      title: 'Kutatua Mizozo — Upatanishi wa Haki kwa Wanunuzi na Wauzaji | Escrow Kenya',
      description:
        'Kukitokea tatizo, timu yetu inapitia ushahidi na kuamua: kumlipa muuzaji, kumrudishia mnunuzi au kugawanya. Pesa inasimamishwa hadi hapo.',
    },
  },
  {
    path: '/pricing',
    name: 'Pricing',
    title: 'Pricing — Transparent Escrow Fees Split 50/50 | Escrow Kenya',
    description:
      'See exactly what escrow costs: fee bands for standard escrow, protected escrow and Lipa Mdogo Mdogo, with a fee calculator.',
    keywords: [...BASE_KEYWORDS, 'escrow fees', 'fee calculator'],
    indexable: true,
    sw: {
      name: 'Bei',
      title: 'Bei — Ada Wazi za Escrow, Nusu kwa Nusu | Escrow Kenya',
      description:
        'Jua gharama kamili ya escrow: ada kwa kila kiwango cha pesa kwa escrow ya kawaida, escrow yenye ulinzi na Lipa Mdogo Mdogo, na kikokotoo cha ada.',
    },
  },
  {
    path: '/about-us',
    name: 'About Us',
    title: 'About Us — Building Trust in Kenyan Commerce | Escrow Kenya',
    description: 'Our story, values and mission: making online and offline trade in Kenya safe for buyers and sellers.',
    keywords: [...BASE_KEYWORDS, 'about Escrow Kenya'],
    indexable: true,
    sw: {
      name: 'Kuhusu Sisi',
      title: 'Kuhusu Sisi — Kujenga Uaminifu katika Biashara Kenya | Escrow Kenya',
      description:
        'Hadithi yetu, maadili na lengo letu: kufanya biashara ya mtandaoni na ya ana kwa ana Kenya kuwa salama kwa wanunuzi na wauzaji.',
    },
  },
  {
    path: '/refund-policy',
    name: 'Refund Policy',
    title: 'Refund Policy | Escrow Kenya',
    description: 'When refunds apply, how to request one, timelines, non-refundable cases and Lipa Mdogo Mdogo withdrawal conditions.',
    keywords: [...BASE_KEYWORDS, 'refund policy'],
    indexable: true,
    sw: {
      name: 'Sera ya Kurudisha Pesa',
      title: 'Sera ya Kurudisha Pesa | Escrow Kenya',
      description:
        'Lini pesa inarudishwa, jinsi ya kuomba, muda unaochukua, hali zisizorudishiwa pesa na masharti ya kujiondoa kwenye Lipa Mdogo Mdogo.',
    },
  },
  {
    path: '/terms-of-service',
    name: 'Terms of Service',
    title: 'Terms of Service | Escrow Kenya',
    description: 'The terms that govern the use of Escrow Kenya escrow, installment and dispute resolution services.',
    keywords: [...BASE_KEYWORDS, 'terms of service'],
    indexable: true,
    sw: {
      name: 'Masharti ya Huduma',
      title: 'Masharti ya Huduma | Escrow Kenya',
      description: 'Masharti ya kutumia huduma za escrow, malipo kwa awamu na kutatua mizozo za Escrow Kenya.',
    },
  },
  {
    path: '/privacy-policy',
    name: 'Privacy Policy',
    title: 'Privacy Policy | Escrow Kenya',
    description: 'How Escrow Kenya collects, uses and protects your personal data under the Kenya Data Protection Act, 2019.',
    keywords: [...BASE_KEYWORDS, 'privacy policy', 'Data Protection Act 2019'],
    indexable: true,
    sw: {
      name: 'Sera ya Faragha',
      title: 'Sera ya Faragha | Escrow Kenya',
      description:
        'Jinsi Escrow Kenya inavyokusanya, kutumia na kulinda taarifa zako binafsi chini ya Sheria ya Ulinzi wa Data ya Kenya, 2019.',
    },
  },
  {
    path: '/data-protection',
    name: 'Data Protection',
    title: 'Data Protection | Escrow Kenya',
    description: 'Your rights as a data subject in Kenya and how to exercise them with Escrow Kenya.',
    keywords: [...BASE_KEYWORDS, 'data protection Kenya', 'ODPC'],
    indexable: true,
    sw: {
      name: 'Ulinzi wa Data',
      title: 'Ulinzi wa Data | Escrow Kenya',
      description: 'Haki zako kuhusu taarifa zako binafsi Kenya na jinsi ya kuzitumia na Escrow Kenya.',
    },
  },
  {
    path: '/login',
    name: 'Sign In',
    title: 'Sign In | Escrow Kenya',
    description: 'Sign in to manage your escrow transactions.',
    keywords: BASE_KEYWORDS,
    indexable: false,
    sw: {
      name: 'Ingia',
      title: 'Ingia | Escrow Kenya',
      description: 'Ingia kusimamia malipo yako ya escrow.',
    },
  },
  {
    path: '/signup',
    name: 'Create Account',
    title: 'Create Account | Escrow Kenya',
    description: 'Create your free Escrow Kenya account as a buyer, seller or both.',
    keywords: BASE_KEYWORDS,
    indexable: false,
    sw: {
      name: 'Fungua Akaunti',
      title: 'Fungua Akaunti | Escrow Kenya',
      description: 'Fungua akaunti yako ya Escrow Kenya bure, kama mnunuzi, muuzaji au vyote viwili.',
    },
  },
  {
    path: '/verify-phone',
    name: 'Verify Phone',
    title: 'Verify Your Phone | Escrow Kenya',
    description: 'Enter the 6-digit code we sent by SMS.',
    keywords: BASE_KEYWORDS,
    indexable: false,
    sw: {
      name: 'Thibitisha Simu',
      title: 'Thibitisha Nambari Yako ya Simu | Escrow Kenya',
      description: 'Weka nambari ya tarakimu 6 tuliyokutumia kwa SMS.',
    },
  },
];
