import type { Translate } from '@/i18n';
import type { FaqItem } from '../components/faq-accordion';

/** Spec §1: no hidden fees, fee split 50/50; resolution 24–72 hours after evidence; USSD *384*40#. */
export const faq = (t: Translate): FaqItem[] =>
  (['protect', 'cost', 'lipa', 'problem', 'offline', 'payment', 'bank'] as const).map((item) => ({
    question: t(`public.home.faq.${item}.question`),
    answer: t(`public.home.faq.${item}.answer`),
  }));
