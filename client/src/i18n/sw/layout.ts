import type { Catalog } from '../en';

export const layout: Catalog['layout'] = {
  brandHome: 'Escrow Kenya, ukurasa wa mwanzo',
  skipToContent: 'Ruka hadi maudhui',
  nav: {
    main: 'Kuu',
    mobile: 'Simu',
    services: 'Huduma',
    features: 'Faida',
    pricing: 'Bei',
    aboutUs: 'Kuhusu Sisi',
    refundPolicy: 'Kurudishiwa Pesa',
    contact: 'Wasiliana Nasi',
    getStarted: 'Anza Sasa',
    openMenu: 'Fungua menyu',
    closeMenu: 'Funga menyu',
  },
  services: {
    standard: { label: 'Escrow ya Kawaida', description: 'Lipa bila wasiwasi; muuzaji analipwa ukithibitisha umepokea' },
    lipa: { label: 'Lipa Mdogo Mdogo', description: 'Lipia bidhaa za bei ghali kidogo kidogo' },
    dispute: { label: 'Kutatua Mizozo', description: 'Upatanishi wa haki kukitokea tatizo' },
  },
  footer: {
    about:
      'Malipo salama ya escrow na ya awamu kwa Wakenya. Sisi si benki wala kampuni ya malipo: pesa inapita kwa taasisi washirika zilizo na leseni.',
    noInternet: 'Huna intaneti? Piga kutoka simu yoyote',
    tryUssd: 'Jaribu USSD hapa',
    location: 'Nairobi, Kenya',
    hours: 'Jumatatu–Ijumaa, saa 2:00 asubuhi–12:00 jioni',
    company: 'Kampuni',
    careers: 'Nafasi za Kazi',
    blog: 'Blogu',
    legal: 'Sheria',
    terms: 'Masharti ya Huduma',
    privacy: 'Sera ya Faragha',
    dataProtection: 'Ulinzi wa Data',
    copyright: '© {{year}} Escrow Kenya. Nairobi, Kenya. Majaribio ya awali: akaunti zitaanza kufanya kazi leseni ikikamilika.',
    social: 'Mitandao ya kijamii',
  },
  notFound: {
    title: 'Ukurasa haupatikani',
    couldNotFind: 'Hatukupata',
    couldNotFindThis: 'Hatukupata ukurasa huu.',
    mayHaveMoved: 'Huenda umehamishwa, au kiungo kimeandikwa vibaya.',
    backHome: 'Rudi ukurasa wa mwanzo',
    popular: 'Kurasa maarufu',
  },
  routeError: {
    title: 'Kuna tatizo kidogo',
    message: 'Kuna hitilafu wakati wa kuonyesha ukurasa huu.',
    reload: 'Pakia ukurasa upya',
  },
};
