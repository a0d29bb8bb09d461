/** The public site: home, pricing and the blocks they share. */
export const publicSite = {
  home: {
    badge: 'M-Pesa escrow · USSD {{code}}',
    title: 'Buy and sell safely.',
    titleAccent: 'Pay only when it arrives.',
    lead: 'Escrow Kenya holds your M-Pesa payment until you confirm delivery, then pays the seller. Spread big purchases with Lipa Mdogo Mdogo, and get a fair ruling if anything goes wrong.',
    trust: {
      split: 'Fee split 50/50',
      arrives: 'Pay only for what arrives',
      release: 'Release on confirmation',
      sms: 'SMS at every step',
    },
    stats: {
      protected: 'Protected transactions',
      success: 'Success rate',
      rating: 'User rating',
    },
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
        points: { one: 'From KES 0 under KES 50', two: 'Automatic release after 72 hours', three: 'Full refund if the seller never ships' },
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
          'Fees depend on the amount and the service, from KES 0 for standard escrow under KES 50. There are no hidden fees, and the fee is split 50/50 between buyer and seller. See the full table on the Pricing page.',
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
          'You pay with M-Pesa: we send an STK push to your phone and you enter your PIN. When the payment is released, the seller receives it on their M-Pesa number. Refunds go back to the original payment channel.',
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
  },
  contact: {
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
  },
  ussd: {
    title: 'No internet? Use USSD',
    note: 'Works on any phone, 24/7. No data bundles needed.',
    dial: 'Dial',
    simulator: 'Try it in the USSD simulator',
  },
  pricing: {
    eyebrow: 'Pricing',
    title: 'Simple fees, split fairly',
    lead: 'One fee per amount band, from about 1% for standard escrow and 1.5% for installments — shared 50/50 between buyer and seller. Pick a service to see exactly what you pay.',
    service: 'Service',
    calculator: 'Fee Calculator',
    tableEyebrow: 'Fee table',
    tableTitle: 'Detailed fees by amount',
    infoEyebrow: 'Good to know',
    infoTitle: 'How fees work',
    talkToSales: 'Talk to sales',
    services: {
      standard: { name: 'Standard Escrow', summary: 'Buyer protection for one-time purchases' },
      protected: { name: 'Protected Escrow', summary: 'Escrow with dispute resolution coverage' },
      lipa: { name: 'Lipa Mdogo Mdogo', summary: 'Installments for items over KES 10,000' },
    },
    cards: {
      split: {
        title: 'Split 50/50',
        text: 'Buyer and seller each pay half of the fee. The buyer’s half is added to the payment; the seller’s half comes out of the payout.',
      },
      hidden: {
        title: 'No hidden fees',
        text: 'The fee you see here is the fee you pay — it is shown again before every payment. Your own M-Pesa charges may apply.',
      },
      resolution: { title: 'No resolution fees', text: 'If something goes wrong, mediation by our dispute team costs nothing extra.' },
      business: {
        title: 'Business volume pricing',
        text: 'Selling at scale? Our sales team offers custom pricing for business customers.',
      },
    },
    calc: {
      amount: 'Transaction amount (KES)',
      placeholder: 'e.g. 15000',
      helper: 'Fees for {{service}}. Amounts from KES 1 to KES 500,000.',
      total: 'Total fee',
      buyer: 'Buyer pays (50%)',
      seller: 'Seller pays (50%)',
      thatIs: 'That is',
      ofAmount: 'of {{amount}}.',
      explain: 'The buyer pays {{paid}} into escrow; the seller receives {{received}} on release.',
      none: 'No fee for {{amount}} with {{service}}.',
    },
    table: {
      caption: 'Fees in KES by amount band for each service, and your share for the selected service',
      amount: 'Amount (KES)',
      fee: 'Fee',
      yourShare: 'Your Share',
      free: 'Free',
      scrollHint: 'Swipe the table sideways to see every service.',
      note: 'Showing the first {{shown}} of {{total}} fee bands (amounts up to KES {{max}}). For larger amounts, up to KES 500,000, use the fee calculator above.',
    },
  },
  /**
   * The home form's own rules (features/marketing/transaction-form-rules.ts), word for word in English; shown in
   * the page's language like the server's messages (`{{…}}` stands for any value; a value that is itself one
   * of these, such as "Amount", is translated too).
   */
  messages: {
    sellerPhoneRequired: 'Seller phone is required',
    sellerPhoneFormat: 'Phone must start with 0 or 254 followed by 9 digits (e.g. 0722123456)',
    productRequired: 'Product or service name is required',
    productTooLong: 'Product name must be at most {{max}} characters',
    required: '{{label}} is required',
    notNumber: '{{label}} must be a number',
    wholeShillings: '{{label}} must be in whole shillings',
    atLeast: '{{label}} must be at least {{min}}',
    atMost: '{{label}} cannot exceed {{max}}',
    amount: 'Amount',
    initialPayment: 'Initial payment',
    totalCost: 'Total cost',
  },
  /** The checkout page a buyer opens from a seller's payment link (pages/pay.tsx). */
  pay: {
    loading: 'Loading…',
    notFound: 'This payment link does not exist.',
    loadFailed: 'Could not load this link.',
    closed: {
      sold_out: 'Sorry, this item is sold out.',
      expired: 'This payment link has expired. Ask the seller for a new one.',
      disabled: 'The seller has stopped this payment link.',
    },
    soldBy: 'Sold by {{name}}',
    verified: 'Verified phone',
    price: 'Price',
    fee: 'Escrow fee (your half)',
    plan: 'Lipa Mdogo Mdogo: pay at least {{deposit}} now, then about {{monthly}} a month for {{months}} months.',
    youPay: 'You pay',
    held: 'Your money is held in escrow. The seller is paid only when you give them your release code at hand-over.',
    signUpHeading: 'New here? Create your account to pay',
    firstName: 'First name',
    lastName: 'Last name',
    phone: 'Phone (M-Pesa or Airtel Money)',
    password: 'Password',
    sendCode: 'Send me a code',
    signUpFailed: 'Could not sign up. Try again.',
    codeSent: 'We sent a 6-digit code by SMS to {{phone}}. Enter it to continue.',
    smsCode: 'SMS code',
    wrongCode: 'Wrong or expired code.',
    verifyFailed: 'Could not verify. Try again.',
    verify: 'Verify and continue',
    haveAccount: 'Already have an account?',
    logIn: 'Log in',
    signedInAs: 'Signed in as {{name}}; the {{rail}} prompt goes to {{phone}}.',
    firstPayment: 'First payment',
    atLeast: 'At least {{amount}}',
    startFailed: 'Could not start the payment. Try again.',
    payAmount: 'Pay {{amount}} with {{rail}}',
    payFirst: 'Pay the first payment with {{rail}}',
    waiting: 'Check your phone: enter your {{rail}} PIN to pay {{amount}}.',
    failed: 'The payment did not go through.',
    retry: 'Try again',
    paid: 'Paid. Your money is held in escrow ({{receipt}}).',
    releaseCode: 'Your release code (also sent by SMS). Give it to the seller or rider only when you have the item:',
    open: 'Open {{reference}}',
  },
};
