import { BadgeCheck, Bell, Gavel, Lock, Scale, ShieldCheck, Smartphone, Wallet } from 'lucide-react';
import type { Feature, Step } from '../components/layout-blocks';

export const HOW_IT_WORKS: Step[] = [
  {
    title: 'Agree and create',
    description: "Agree on the item and price with the seller, then create the transaction with the seller's phone number.",
  },
  { title: 'Pay into escrow', description: 'Pay with M-Pesa. The money is held safely — the seller sees it is there but cannot touch it.' },
  { title: 'Seller delivers', description: 'The seller is notified by SMS, dispatches the item and marks it as sent.' },
  { title: 'Confirm and release', description: 'You inspect the item and confirm. The seller is paid on M-Pesa straight away.' },
];

export const FEATURES: Feature[] = [
  {
    icon: Lock,
    title: 'Money held in escrow',
    description: 'Your payment is held by a licensed partner until you confirm that you received what you paid for.',
  },
  {
    icon: Smartphone,
    title: 'M-Pesa and USSD',
    description: 'Pay with an M-Pesa STK push, or do everything from any phone with *384*40# — no internet needed.',
  },
  {
    icon: Bell,
    title: 'SMS at every step',
    description: 'Both sides get an SMS in English or Kiswahili when money arrives, ships, is released or refunded.',
  },
  {
    icon: Wallet,
    title: 'Lipa Mdogo Mdogo',
    description: 'Spread a high-value purchase over 3 to 24 months; the seller dispatches once it is fully paid.',
  },
  {
    icon: Scale,
    title: 'Fair dispute resolution',
    description: 'If something goes wrong, the money stays frozen while our mediation team reviews the evidence.',
  },
  {
    icon: BadgeCheck,
    title: 'Transparent fees',
    description: 'A clear fee per amount band, split 50/50 between buyer and seller. No hidden charges.',
  },
];

export const SERVICES = [
  {
    to: '/standard-escrow',
    icon: ShieldCheck,
    title: 'Standard Escrow',
    description: 'One-time buyer protection for online and offline purchases. Payment is held until you confirm delivery.',
    points: ['From KES 0 under KES 50', 'Automatic release after 72 hours', 'Full refund if the seller never ships'],
  },
  {
    to: '/lipa-mdogo-mdogo',
    icon: Wallet,
    title: 'Lipa Mdogo Mdogo',
    description: 'Pay for phones, furniture and electronics little by little, with every shilling protected in escrow.',
    points: ['20% minimum deposit', '3, 6, 12 or 24 months', 'Items over KES 10,000'],
  },
  {
    to: '/dispute-resolution',
    icon: Gavel,
    title: 'Dispute Resolution',
    description: 'Protected Escrow adds mediation coverage: an impartial team rules on release, refund or split.',
    points: ['Money frozen during review', 'Evidence from both sides', 'Final, binding ruling'],
  },
];

export const TESTIMONIALS = [
  {
    quote:
      'I bought a laptop from a seller in Mombasa I had never met. The money waited in escrow until it arrived in Nairobi. No more fear of being conned.',
    name: 'Wanjiku K.',
    role: 'Buyer, Nairobi',
  },
  {
    quote: 'Customers trust me faster now. They pay into escrow, I ship the same day, and the money is on my M-Pesa when they confirm.',
    name: 'Otieno O.',
    role: 'Electronics seller, Kisumu',
  },
  {
    quote: 'Lipa Mdogo Mdogo let me pay for my sofa over six months. The shop only delivered when it was fully paid — and it did, on time.',
    name: 'Amina H.',
    role: 'Buyer, Mombasa',
  },
];
