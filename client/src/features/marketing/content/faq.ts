import type { FaqItem } from '../components/faq-accordion';

/** Spec §1: no hidden fees, fee split 50/50; resolution 24–72 hours after evidence; USSD *384*40#. */
export const FAQ: FaqItem[] = [
  {
    question: 'How does Escrow Kenya protect my money?',
    answer:
      'When you pay, the money is held in escrow by our licensed partner institution — not by the seller. The seller ships, you inspect what you received, and only when you confirm delivery is the seller paid. If you never confirm and do not open a dispute, the payment is released automatically 72 hours after dispatch.',
  },
  {
    question: 'How much does it cost?',
    answer:
      'Fees depend on the amount and the service, from KES 0 for standard escrow under KES 50. There are no hidden fees, and the fee is split 50/50 between buyer and seller. See the full table on the Pricing page.',
  },
  {
    question: 'What is Lipa Mdogo Mdogo?',
    answer:
      'An installment plan for items over KES 10,000: pay a deposit of at least 20%, then the rest over 3, 6, 12 or 24 months. Every payment is held in escrow; the seller dispatches once the item is fully paid, and ownership transfers after the last payment is confirmed.',
  },
  {
    question: 'What happens if there is a problem with my order?',
    answer:
      'Open a dispute from your dashboard or by USSD before you release the payment. The money stays frozen while our mediation team reviews the evidence from both sides, usually within 24–72 hours after the evidence is in. The ruling — release, refund or split — is final and binding.',
  },
  {
    question: 'Can I use Escrow Kenya without internet?',
    answer:
      'Yes. Dial *384*40# from any phone to create transactions, pay, confirm delivery or open a dispute. You also get an SMS at every step.',
  },
  {
    question: 'How do I pay and how is the seller paid?',
    answer:
      'You pay with M-Pesa: we send an STK push to your phone and you enter your PIN. When the payment is released, the seller receives it on their M-Pesa number. Refunds go back to the original payment channel.',
  },
  {
    question: 'Is Escrow Kenya a bank?',
    answer:
      'No. We are not a bank or a payment service provider. Payments are processed by licensed third-party institutions. We are in an MVP pilot phase and accounts are activated once regulatory licensing is complete.',
  },
];
