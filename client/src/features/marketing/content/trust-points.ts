import { Handshake, MessageSquareText, PackageCheck, Truck } from 'lucide-react';

/** The hero's four promises. */
export const TRUST_POINTS = [
  { icon: Handshake, label: 'Fee split 50/50' },
  { icon: Truck, label: 'Pay only for what arrives' },
  { icon: PackageCheck, label: 'Release on confirmation' },
  { icon: MessageSquareText, label: 'SMS at every step' },
];
