import type { Catalog } from '../en';

export const publicSite: Catalog['public'] = {
  home: {
    badge: 'Lipa kwa M-Pesa · USSD {{code}}',
    title: 'Nunua na uuze bila wasiwasi.',
    titleAccent: 'Lipa mzigo ukifika.',
    lead: 'Escrow Kenya inashikilia pesa yako ya M-Pesa salama hadi uthibitishe umepokea mzigo, kisha inamlipa muuzaji. Lipia vitu vikubwa kidogo kidogo kwa Lipa Mdogo Mdogo, na upate uamuzi wa haki kukitokea tatizo.',
    trust: {
      split: 'Ada nusu kwa nusu',
      arrives: 'Lipia kilichofika tu',
      release: 'Pesa inatolewa ukithibitisha',
      sms: 'SMS kila hatua',
    },
    stats: {
      protected: 'Malipo yaliyolindwa',
      success: 'Yamefaulu',
      rating: 'Maoni ya wateja',
    },
    how: {
      eyebrow: 'Inavyofanya kazi',
      title: 'Hatua nne za biashara salama',
      lead: 'Muuzaji anajua pesa ipo; wewe unajua utalipia tu kile kilichofika.',
      steps: {
        agree: {
          title: 'Kubalianeni, kisha anzisha',
          description: 'Kubalianeni na muuzaji bidhaa na bei, kisha anzisha malipo ukitumia nambari ya simu ya muuzaji.',
        },
        pay: {
          title: 'Lipa, pesa inashikiliwa',
          description: 'Lipa kwa M-Pesa. Pesa inashikiliwa salama — muuzaji anaona ipo lakini hawezi kuigusa.',
        },
        deliver: { title: 'Muuzaji anatuma', description: 'Muuzaji anapata SMS, anatuma bidhaa na kuthibitisha ameituma.' },
        release: {
          title: 'Thibitisha, muuzaji alipwe',
          description: 'Unakagua bidhaa na kuthibitisha. Muuzaji analipwa kwa M-Pesa papo hapo.',
        },
      },
    },
    features: {
      eyebrow: 'Faida',
      title: 'Imejengwa kwa jinsi Wakenya wanavyonunua na kuuza',
      lead: 'Kuanzia Marketplace hadi maduka ya Instagram na wafanyabiashara wa Gikomba: ulinzi unaofanya kazi kwenye simu yoyote.',
      held: {
        title: 'Pesa inashikiliwa salama',
        description: 'Malipo yako yanashikiliwa na mshirika mwenye leseni hadi uthibitishe umepokea ulicholipia.',
      },
      mpesa: {
        title: 'M-Pesa na USSD',
        description: 'Lipa kwa ombi la M-Pesa kwenye simu yako, au fanya kila kitu kwa *384*40# kutoka simu yoyote — bila intaneti.',
      },
      sms: {
        title: 'SMS kila hatua',
        description:
          'Pande zote mbili zinapata SMS kwa Kiingereza au Kiswahili pesa ikifika, mzigo ukitumwa, pesa ikitolewa au kurudishwa.',
      },
      lipa: {
        title: 'Lipa Mdogo Mdogo',
        description: 'Lipia kitu cha bei ghali kwa miezi 3 hadi 24; muuzaji anatuma ukimaliza kulipa.',
      },
      disputes: {
        title: 'Kutatua mizozo kwa haki',
        description: 'Kukitokea tatizo, pesa inasimamishwa huku timu yetu ya upatanishi ikipitia ushahidi.',
      },
      fees: {
        title: 'Ada wazi',
        description: 'Ada moja wazi kwa kila kiwango cha pesa, nusu kwa mnunuzi na nusu kwa muuzaji. Hakuna gharama zilizofichwa.',
      },
    },
    services: {
      eyebrow: 'Huduma',
      title: 'Ulinzi kwa kila aina ya biashara',
      lead: 'Chagua ulinzi unaokufaa: ununuzi wa mara moja, malipo kwa awamu, au upatanishi.',
      learnMore: 'Soma zaidi',
      about: 'kuhusu {{service}}',
      standard: {
        title: 'Escrow ya Kawaida',
        description: 'Ulinzi wa mnunuzi kwa ununuzi wa mtandaoni na wa ana kwa ana. Pesa inashikiliwa hadi uthibitishe umepokea.',
        points: {
          one: 'Bila ada chini ya KES 50',
          two: 'Pesa inatolewa yenyewe baada ya saa 72',
          three: 'Unarudishiwa pesa yote muuzaji asipotuma',
        },
      },
      lipa: {
        title: 'Lipa Mdogo Mdogo',
        description: 'Lipia simu, fanicha na vifaa vya umeme kidogo kidogo, kila shilingi ikiwa salama.',
        points: { one: 'Anza na angalau asilimia 20', two: 'Miezi 3, 6, 12 au 24', three: 'Vitu vya zaidi ya KES 10,000' },
      },
      dispute: {
        title: 'Kutatua Mizozo',
        description:
          'Escrow yenye Ulinzi inaongeza upatanishi: timu isiyoegemea upande wowote inaamua kumlipa muuzaji, kumrudishia mnunuzi au kugawanya.',
        points: { one: 'Pesa inasimamishwa wakati wa uchunguzi', two: 'Ushahidi kutoka pande zote', three: 'Uamuzi wa mwisho' },
      },
    },
    testimonials: {
      eyebrow: 'Wateja wanasema',
      title: 'Wanunuzi na wauzaji kote Kenya wanatuamini',
      wanjiku: {
        quote:
          'Nilinunua laptop kutoka kwa muuzaji wa Mombasa ambaye sikuwahi kukutana naye. Pesa ilisubiri salama hadi laptop ikafika Nairobi. Sina tena hofu ya kutapeliwa.',
        role: 'Mnunuzi, Nairobi',
      },
      otieno: {
        quote:
          'Wateja wananiamini haraka sasa. Wanalipa, pesa inashikiliwa, ninatuma siku hiyo hiyo, na pesa inaingia M-Pesa yangu wakithibitisha.',
        role: 'Muuzaji wa vifaa vya umeme, Kisumu',
      },
      amina: {
        quote:
          'Lipa Mdogo Mdogo ilinisaidia kulipia sofa yangu kwa miezi sita. Duka lilinileta sofa nilipomaliza kulipa — na likaileta kwa wakati.',
        role: 'Mnunuzi, Mombasa',
      },
    },
    faq: {
      eyebrow: 'Maswali',
      title: 'Maswali yanayoulizwa mara kwa mara',
      stillQuestions: 'Bado una maswali?',
      contactSupport: 'Wasiliana Nasi',
      documentation: 'Maelezo ya API',
      protect: {
        question: 'Escrow Kenya inalindaje pesa yangu?',
        answer:
          'Ukilipa, pesa inashikiliwa salama na taasisi mshirika yenye leseni — si na muuzaji. Muuzaji anatuma, unakagua ulichopokea, na muuzaji analipwa tu ukithibitisha umepokea. Usipothibitisha na usipolalamika, pesa inatolewa yenyewe saa 72 baada ya mzigo kutumwa.',
      },
      cost: {
        question: 'Inagharimu kiasi gani?',
        answer:
          'Ada inategemea kiasi cha pesa na huduma; escrow ya kawaida chini ya KES 50 haina ada. Hakuna ada zilizofichwa, na ada inagawanywa nusu kwa nusu kati ya mnunuzi na muuzaji. Angalia jedwali kamili kwenye ukurasa wa Bei.',
      },
      lipa: {
        question: 'Lipa Mdogo Mdogo ni nini?',
        answer:
          'Mpango wa kulipa kwa awamu kwa vitu vya zaidi ya KES 10,000: anza na angalau asilimia 20, kisha ulipe kilichobaki kwa miezi 3, 6, 12 au 24. Kila malipo yanashikiliwa salama; muuzaji anatuma ukimaliza kulipa, na bidhaa inakuwa yako baada ya malipo ya mwisho kuthibitishwa.',
      },
      problem: {
        question: 'Nini kinatokea oda yangu ikiwa na tatizo?',
        answer:
          'Fungua malalamiko kwenye akaunti yako au kwa USSD kabla ya kutoa pesa. Pesa inasimamishwa huku timu yetu ya upatanishi ikipitia ushahidi wa pande zote, kwa kawaida ndani ya saa 24–72 baada ya ushahidi kuwasilishwa. Uamuzi — kumlipa muuzaji, kumrudishia mnunuzi au kugawanya — ni wa mwisho.',
      },
      offline: {
        question: 'Naweza kutumia Escrow Kenya bila intaneti?',
        answer:
          'Ndiyo. Piga *384*40# kutoka simu yoyote kuanzisha malipo, kulipa, kuthibitisha umepokea au kufungua malalamiko. Pia unapata SMS kila hatua.',
      },
      payment: {
        question: 'Nalipaje, na muuzaji analipwaje?',
        answer:
          'Unalipa kwa M-Pesa au Airtel Money: tunatuma ombi kwenye simu yako na unaweka PIN yako. Pesa ikitolewa, muuzaji anaipokea kwenye nambari yake ya M-Pesa au Airtel Money. Pesa ikirudishwa, inarudi ulikolipia.',
      },
      bank: {
        question: 'Je, Escrow Kenya ni benki?',
        answer:
          'Hapana. Sisi si benki wala kampuni ya malipo. Malipo yanashughulikiwa na taasisi nyingine zenye leseni. Tuko katika majaribio ya awali na akaunti zitaanza kufanya kazi leseni za serikali zikikamilika.',
      },
    },
    news: {
      label: 'Nafasi za kazi na blogu',
      careers: 'Nafasi za Kazi',
      careersText:
        'Sisi ni timu ndogo Nairobi inayojenga uaminifu katika biashara Kenya. Hatuajiri kwa sasa wakati wa majaribio, lakini tungependa kusikia kutoka kwa wahandisi, wapatanishi na wahudumu wa wateja wanaojali biashara ya haki.',
      introduce: 'Jitambulishe',
      blog: 'Blogu',
      blogText:
        'Miongozo ya kununua salama mtandaoni, kuwatambua wauzaji bandia na kupanga ununuzi kwa Lipa Mdogo Mdogo inakuja. Kwa sasa, maswali yetu na sera ya kurudisha pesa yanajibu maswali mengi.',
      readRefund: 'Soma sera ya kurudisha pesa',
    },
  },
  contact: {
    eyebrow: 'Wasiliana Nasi',
    title: 'Ongea na mtu halisi',
    lead: 'Una swali kuhusu malipo, ada au kushirikiana nasi? Timu yetu ya Nairobi inajibu kwa Kiingereza na Kiswahili.',
    phone: 'Simu',
    email: 'Barua pepe ya msaada',
    office: 'Ofisi',
    hours: 'Saa za kazi',
    callNow: 'Piga Sasa',
    liveChat: 'Ongea Nasi',
    liveChatNote: 'Ongea Nasi inafungua msaidizi wetu wa USSD; anapatikana saa 24, siku 7.',
    sendMessage: 'Tutumie ujumbe',
  },
  ussd: {
    title: 'Huna intaneti? Tumia USSD',
    note: 'Inafanya kazi kwenye simu yoyote, saa 24. Huhitaji bando.',
    dial: 'Piga',
    simulator: 'Ijaribu hapa kwenye simu ya majaribio',
  },
  pricing: {
    eyebrow: 'Bei',
    title: 'Ada rahisi, zinagawanywa kwa haki',
    lead: 'Ada moja kwa kila kiwango cha pesa, karibu asilimia 1 kwa escrow ya kawaida na asilimia 1.5 kwa awamu — nusu kwa mnunuzi, nusu kwa muuzaji. Chagua huduma uone kiasi kamili utakacholipa.',
    service: 'Huduma',
    calculator: 'Kikokotoo cha Ada',
    tableEyebrow: 'Jedwali la ada',
    tableTitle: 'Ada kwa kila kiasi',
    infoEyebrow: 'Vizuri kujua',
    infoTitle: 'Ada zinavyofanya kazi',
    talkToSales: 'Ongea na timu ya mauzo',
    services: {
      standard: { name: 'Escrow ya Kawaida', summary: 'Ulinzi wa mnunuzi kwa ununuzi wa mara moja' },
      protected: { name: 'Escrow yenye Ulinzi', summary: 'Escrow pamoja na kutatua mizozo' },
      lipa: { name: 'Lipa Mdogo Mdogo', summary: 'Awamu kwa vitu vya zaidi ya KES 10,000' },
    },
    cards: {
      split: {
        title: 'Nusu kwa nusu',
        text: 'Mnunuzi na muuzaji kila mmoja analipa nusu ya ada. Nusu ya mnunuzi inaongezwa kwenye malipo; nusu ya muuzaji inatolewa kwenye pesa anayolipwa.',
      },
      hidden: {
        title: 'Hakuna ada zilizofichwa',
        text: 'Ada unayoona hapa ndiyo utakayolipa — inaonyeshwa tena kabla ya kila malipo. Ada zako za kawaida za M-Pesa au Airtel Money zinaweza kutozwa.',
      },
      resolution: { title: 'Hakuna ada ya kutatua mizozo', text: 'Kukitokea tatizo, upatanishi wa timu yetu hauna gharama ya ziada.' },
      business: { title: 'Bei kwa biashara kubwa', text: 'Unauza kwa wingi? Timu yetu ya mauzo ina bei maalum kwa wafanyabiashara.' },
    },
    calc: {
      amount: 'Kiasi cha malipo (KES)',
      placeholder: 'mfano 15000',
      helper: 'Ada za {{service}}. Kiasi kuanzia KES 1 hadi KES 500,000.',
      total: 'Ada yote',
      buyer: 'Mnunuzi analipa (nusu)',
      seller: 'Muuzaji analipa (nusu)',
      thatIs: 'Hiyo ni',
      ofAmount: 'ya {{amount}}.',
      explain: 'Mnunuzi analipa {{paid}}, pesa inashikiliwa salama; muuzaji anapokea {{received}} pesa ikitolewa.',
      none: 'Hakuna ada kwa {{amount}} kwa {{service}}.',
    },
    table: {
      caption: 'Ada kwa KES kwa kila kiwango cha pesa kwa kila huduma, na sehemu yako kwa huduma uliyochagua',
      amount: 'Kiasi (KES)',
      fee: 'Ada',
      yourShare: 'Sehemu Yako',
      free: 'Bure',
      scrollHint: 'Sogeza jedwali pembeni kuona huduma zote.',
      note: 'Tunaonyesha viwango {{shown}} vya kwanza kati ya {{total}} (kiasi hadi KES {{max}}). Kwa kiasi kikubwa zaidi, hadi KES 500,000, tumia kikokotoo cha ada hapo juu.',
    },
  },
  messages: {
    sellerPhoneRequired: 'Simu ya muuzaji inahitajika',
    sellerPhoneFormat: 'Nambari ianze na 0 au 254, ikifuatwa na tarakimu 9 (mfano 0722123456)',
    productRequired: 'Jina la bidhaa au huduma linahitajika',
    productTooLong: 'Jina la bidhaa lisizidi herufi {{max}}',
    required: 'Tafadhali weka {{label}}',
    notNumber: 'Andika {{label}} kwa nambari tu',
    wholeShillings: 'Andika {{label}} kwa shilingi kamili',
    atLeast: 'Kiwango cha chini cha {{label}} ni {{min}}',
    atMost: 'Kiwango cha juu cha {{label}} ni {{max}}',
    amount: 'kiasi',
    initialPayment: 'malipo ya kwanza',
    totalCost: 'bei yote',
  },
  pay: {
    loading: 'Tunapakia…',
    notFound: 'Kiungo hiki cha malipo hakipo.',
    loadFailed: 'Hatukuweza kufungua kiungo hiki.',
    closed: {
      sold_out: 'Samahani, bidhaa hii imeisha.',
      expired: 'Muda wa kiungo hiki cha malipo umeisha. Mwombe muuzaji akutumie kipya.',
      disabled: 'Muuzaji amezima kiungo hiki cha malipo.',
    },
    soldBy: 'Muuzaji: {{name}}',
    verified: 'Simu imethibitishwa',
    price: 'Bei',
    fee: 'Ada ya escrow (nusu yako)',
    plan: 'Lipa Mdogo Mdogo: lipa angalau {{deposit}} sasa, kisha karibu {{monthly}} kila mwezi kwa miezi {{months}}.',
    youPay: 'Utalipa',
    held: 'Pesa yako inashikiliwa escrow. Muuzaji analipwa ukimpa nambari yako ya kuachilia malipo unapopokea bidhaa au ukithibitisha kupokea, au muda wa kukagua baada ya kutumwa ukiisha bila malalamiko yako.',
    signUpHeading: 'Mgeni hapa? Fungua akaunti ili ulipe',
    firstName: 'Jina la kwanza',
    lastName: 'Jina la mwisho',
    phone: 'Simu (M-Pesa au Airtel Money)',
    password: 'Nenosiri',
    sendCode: 'Nitumie nambari',
    signUpFailed: 'Hatukuweza kufungua akaunti yako. Tafadhali jaribu tena.',
    codeSent: 'Tumetuma nambari ya tarakimu 6 kwa SMS kwenda {{phone}}. Iweke hapa ili uendelee.',
    smsCode: 'Nambari kutoka SMS',
    wrongCode: 'Nambari si sahihi au muda wake umeisha.',
    verifyFailed: 'Hatukuweza kuthibitisha nambari. Tafadhali jaribu tena.',
    verify: 'Thibitisha na uendelee',
    haveAccount: 'Una akaunti tayari?',
    logIn: 'Ingia',
    signedInAs: 'Umeingia kama {{name}}; ombi la {{rail}} litatumwa kwa {{phone}}.',
    firstPayment: 'Malipo ya kwanza',
    atLeast: 'Angalau {{amount}}',
    startFailed: 'Hatukuweza kuanzisha malipo. Tafadhali jaribu tena.',
    payAmount: 'Lipa {{amount}} kwa {{rail}}',
    payFirst: 'Lipa malipo ya kwanza kwa {{rail}}',
    waiting: 'Angalia simu yako: weka PIN yako ya {{rail}} ili ulipe {{amount}}.',
    failed: 'Malipo hayakufaulu.',
    retry: 'Jaribu tena',
    paid: 'Umelipa. Pesa yako inashikiliwa escrow ({{receipt}}).',
    releaseCode: 'Nambari yako ya kuachilia malipo (tumekutumia pia kwa SMS). Mpe muuzaji au mhudumu wa boda pale tu utakapopokea bidhaa:',
    open: 'Fungua {{reference}}',
  },
  ussdSimulator: {
    title: 'Jaribu USSD',
    lead: 'Huhitaji simu janja wala bando: piga {{code}} kutoka simu yoyote ununue na uuze bila wasiwasi. Simu hii ya majaribio inapiga huduma halisi.',
    tipsTitle: 'Jinsi ya kuitumia',
    tips: {
      reply: 'Jibu kwa nambari ya menyu, kisha bonyeza {{send}}. {{back}} inarudi nyuma na {{home}} inarudi mwanzo, kwenye kila skrini.',
      register:
        'Nambari mpya inaweza kujisajili. Akaunti za majaribio (k.m. {{buyer}}, {{seller}}) zinaweka PIN ya USSD ya tarakimu 4 zinapopiga mara ya kwanza.',
      payment:
        'Ukishaanzisha escrow au kuchagua kulipa, kikao kinaisha na ombi la malipo linatumwa (M-Pesa, au Airtel Money kwa nambari ya Airtel): kwa huduma za majaribio, linalipwa baada ya muda mfupi. Nambari zinazoishia {{cancels}} zinakataa ombi, na zinazoishia {{noFunds}} hazina salio.',
      sameAccount: 'Kila unachofanya hapa ni halisi kwenye tovuti hii: ingia mtandaoni kwa simu hiyo hiyo uone miamala ile ile.',
      language: 'Menyu ziko kwa Kiingereza na Kiswahili: chagua Language/Lugha.',
    },
    phone: {
      dialForm: 'Piga nambari ya USSD',
      phoneNumber: 'Nambari ya simu',
      phoneHelper: 'Nambari yoyote ya simu ya Kenya. Mtandao unaiambia huduma ni nani anayepiga.',
      dial: 'Piga {{code}}',
      dialling: 'Inapiga…',
      screen: 'Skrini ya simu',
      connecting: 'Inaunganisha…',
      idle: 'Weka nambari ya simu kisha upige {{code}}.',
      sessionEnded: 'Kikao kimeisha. Piga tena kuanza kikao kipya.',
      replyForm: 'Jibu menyu ya USSD',
      reply: 'Jibu lako',
      replyPlaceholder: 'Andika jibu',
      keypad: 'Vitufe',
      key: 'Kitufe {{key}}',
      cancel: 'Ghairi',
      send: 'Tuma',
      sending: 'Inatuma…',
      noAnswer: 'Huduma ya USSD haikujibu. Tafadhali jaribu tena.',
    },
  },
};
