/** The home page's content; its words are `public.home.*` in the catalogs (client/src/i18n). */
import { BadgeCheck, Bell, Gavel, Lock, Scale, ShieldCheck, Smartphone, Wallet } from 'lucide-react';
import type { Translate } from '@/i18n';
import type { Feature, Step } from '../components/layout-blocks';

export const howItWorks = (t: Translate): Step[] =>
  (['agree', 'pay', 'deliver', 'release'] as const).map((step) => ({
    title: t(`public.home.how.steps.${step}.title`),
    description: t(`public.home.how.steps.${step}.description`),
  }));

const FEATURE_ICONS = { held: Lock, mpesa: Smartphone, sms: Bell, lipa: Wallet, disputes: Scale, fees: BadgeCheck } as const;

export const features = (t: Translate): Feature[] =>
  (Object.keys(FEATURE_ICONS) as (keyof typeof FEATURE_ICONS)[]).map((feature) => ({
    icon: FEATURE_ICONS[feature],
    title: t(`public.home.features.${feature}.title`),
    description: t(`public.home.features.${feature}.description`),
  }));

const SERVICE_CARDS = [
  { key: 'standard', to: '/standard-escrow', icon: ShieldCheck },
  { key: 'lipa', to: '/lipa-mdogo-mdogo', icon: Wallet },
  { key: 'dispute', to: '/dispute-resolution', icon: Gavel },
] as const;

export const services = (t: Translate) =>
  SERVICE_CARDS.map(({ key, to, icon }) => ({
    to,
    icon,
    title: t(`public.home.services.${key}.title`),
    description: t(`public.home.services.${key}.description`),
    points: (['one', 'two', 'three'] as const).map((point) => t(`public.home.services.${key}.points.${point}`)),
  }));

const PEOPLE = [
  { key: 'wanjiku', name: 'Wanjiku K.' },
  { key: 'otieno', name: 'Otieno O.' },
  { key: 'amina', name: 'Amina H.' },
] as const;

export const testimonials = (t: Translate) =>
  PEOPLE.map(({ key, name }) => ({
    name,
    quote: t(`public.home.testimonials.${key}.quote`),
    role: t(`public.home.testimonials.${key}.role`),
  }));
