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
  },
  ussd: {
    title: 'No internet? Use USSD',
    note: 'Works on any phone, 24/7. No data bundles needed.',
    dial: 'Dial',
    simulator: 'Try it in the USSD simulator',
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
};
