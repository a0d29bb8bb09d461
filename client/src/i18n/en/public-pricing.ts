/** The pricing page's texts (`public.pricing`), loaded with that page's code: the other pages' first load leaves them out. */
export const publicPricing = {
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
      text: 'The fee you see here is the fee you pay — it is shown again before every payment. Your own M-Pesa or Airtel Money charges may apply.',
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
};
