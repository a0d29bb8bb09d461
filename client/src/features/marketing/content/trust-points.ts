import { Handshake, MessageSquareText, PackageCheck, Truck } from 'lucide-react';
import type { Translate } from '@/i18n';

/** The hero's four promises. */
export const trustPoints = (t: Translate) => [
  { icon: Handshake, label: t('public.home.trust.split') },
  { icon: Truck, label: t('public.home.trust.arrives') },
  { icon: PackageCheck, label: t('public.home.trust.release') },
  { icon: MessageSquareText, label: t('public.home.trust.sms') },
];
