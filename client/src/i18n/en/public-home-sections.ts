/**
 * The home page's sections below the hero (`public.home.*`, `public.contact`), loaded with their code
 * (features/marketing/components/home-sections.tsx): the first load leaves them out.
 */
export const publicHomeSections = {
  how: {
    eyebrow: 'How it works',
    title: 'Four steps to a safe deal',
    lead: 'The seller knows the money is there; you know you only pay for what arrives.',
    steps: {
      agree: {
        title: 'Agree and create',
        description: "Agree on the item and price with the seller, then create the transaction with the seller's phone number.",
      },
      pay: {
        title: 'Pay into escrow',
        description: 'Pay with M-Pesa. The money is held safely — the seller sees it is there but cannot touch it.',
      },
      deliver: { title: 'Seller delivers', description: 'The seller is notified by SMS, dispatches the item and marks it as sent.' },
      release: {
        title: 'Confirm and release',
        description: 'You inspect the item and confirm. The seller is paid on M-Pesa straight away.',
      },
    },
  },
  features: {
    eyebrow: 'Features',
    title: 'Built for how Kenya buys and sells',
    lead: 'From Marketplace deals to Instagram shops and Gikomba traders: protection that works on any phone.',
    held: {
      title: 'Money held in escrow',
      description: 'Your payment is held by a licensed partner until you confirm that you received what you paid for.',
    },
    mpesa: {
      title: 'M-Pesa and USSD',
      description: 'Pay with an M-Pesa STK push, or do everything from any phone with *384*40# — no internet needed.',
    },
    sms: {
      title: 'SMS at every step',
      description: 'Both sides get an SMS in English or Kiswahili when money arrives, ships, is released or refunded.',
    },
    lipa: {
      title: 'Lipa Mdogo Mdogo',
      description: 'Spread a high-value purchase over 3 to 24 months; the seller dispatches once it is fully paid.',
    },
    disputes: {
      title: 'Fair dispute resolution',
      description: 'If something goes wrong, the money stays frozen while our mediation team reviews the evidence.',
    },
    fees: {
      title: 'Transparent fees',
      description: 'A clear fee per amount band, split 50/50 between buyer and seller. No hidden charges.',
    },
  },
  services: {
    eyebrow: 'Services',
    title: 'Protection for every kind of deal',
    lead: 'Choose the protection that fits: a one-off purchase, an installment plan, or mediation coverage.',
    learnMore: 'Learn more',
    about: 'about {{service}}',
    standard: {
      title: 'Standard Escrow',
      description: 'One-time buyer protection for online and offline purchases. Payment is held until you confirm delivery.',
      points: { one: 'No fee under KES 50', two: 'Automatic release after 72 hours', three: 'Full refund if the seller never ships' },
    },
    lipa: {
      title: 'Lipa Mdogo Mdogo',
      description: 'Pay for phones, furniture and electronics little by little, with every shilling protected in escrow.',
      points: { one: '20% minimum deposit', two: '3, 6, 12 or 24 months', three: 'Items over KES 10,000' },
    },
    dispute: {
      title: 'Dispute Resolution',
      description: 'Protected Escrow adds mediation coverage: an impartial team rules on release, refund or split.',
      points: { one: 'Money frozen during review', two: 'Evidence from both sides', three: 'Final, binding ruling' },
    },
  },
  testimonials: {
    eyebrow: 'Testimonials',
    title: 'Trusted by buyers and sellers across Kenya',
    wanjiku: {
      quote:
        'I bought a laptop from a seller in Mombasa I had never met. The money waited in escrow until it arrived in Nairobi. No more fear of being conned.',
      role: 'Buyer, Nairobi',
    },
    otieno: {
      quote: 'Customers trust me faster now. They pay into escrow, I ship the same day, and the money is on my M-Pesa when they confirm.',
      role: 'Electronics seller, Kisumu',
    },
    amina: {
      quote:
        'Lipa Mdogo Mdogo let me pay for my sofa over six months. The shop only delivered when it was fully paid — and it did, on time.',
      role: 'Buyer, Mombasa',
    },
  },
  faq: {
    eyebrow: 'FAQ',
    title: 'Frequently asked questions',
    stillQuestions: 'Still have questions?',
    contactSupport: 'Contact Support',
    documentation: 'View Documentation',
    protect: {
      question: 'How does Escrow Kenya protect my money?',
      answer:
        'When you pay, the money is held in escrow by our licensed partner institution — not by the seller. The seller ships, you inspect what you received, and only when you confirm delivery is the seller paid. If you never confirm and do not open a dispute, the payment is released automatically 72 hours after dispatch.',
    },
    cost: {
      question: 'How much does it cost?',
      answer:
        'Fees depend on the amount and the service; standard escrow under KES 50 costs nothing. There are no hidden fees, and the fee is split 50/50 between buyer and seller. See the full table on the Pricing page.',
    },
    lipa: {
      question: 'What is Lipa Mdogo Mdogo?',
      answer:
        'An installment plan for items over KES 10,000: pay a deposit of at least 20%, then the rest over 3, 6, 12 or 24 months. Every payment is held in escrow; the seller dispatches once the item is fully paid, and ownership transfers after the last payment is confirmed.',
    },
    problem: {
      question: 'What happens if there is a problem with my order?',
      answer:
        'Open a dispute from your dashboard or by USSD before you release the payment. The money stays frozen while our mediation team reviews the evidence from both sides, usually within 24–72 hours after the evidence is in. The ruling — release, refund or split — is final and binding.',
    },
    offline: {
      question: 'Can I use Escrow Kenya without internet?',
      answer:
        'Yes. Dial *384*40# from any phone to create transactions, pay, confirm delivery or open a dispute. You also get an SMS at every step.',
    },
    payment: {
      question: 'How do I pay and how is the seller paid?',
      answer:
        'You pay with M-Pesa or Airtel Money: we send a payment prompt to your phone and you enter your PIN. When the payment is released, the seller receives it on their M-Pesa or Airtel Money number. Refunds go back to the original payment channel.',
    },
    bank: {
      question: 'Is Escrow Kenya a bank?',
      answer:
        'No. We are not a bank or a payment service provider. Payments are processed by licensed third-party institutions. We are in an MVP pilot phase and accounts are activated once regulatory licensing is complete.',
    },
  },
  news: {
    label: 'Careers and blog',
    careers: 'Careers',
    careersText:
      'We are a small team in Nairobi building trust into Kenyan commerce. We are not hiring for open roles during the pilot, but we would love to hear from engineers, mediators and support agents who care about fair trade.',
    introduce: 'Introduce yourself',
    blog: 'Blog',
    blogText:
      'Guides on buying safely online, spotting fake sellers and planning purchases with Lipa Mdogo Mdogo are on the way. Meanwhile, our FAQ and refund policy answer the most common questions.',
    readRefund: 'Read the refund policy',
  },
};

export const publicContact = {
  eyebrow: 'Contact',
  title: 'Talk to a real person',
  lead: 'Questions about a transaction, fees or partnering with us? Our Nairobi team answers in English and Kiswahili.',
  phone: 'Phone',
  email: 'Support email',
  office: 'Office',
  hours: 'Business hours',
  callNow: 'Call Now',
  liveChat: 'Live Chat',
  liveChatNote: 'Live Chat opens our interactive USSD assistant; it works 24/7.',
  sendMessage: 'Send us a message',
};
