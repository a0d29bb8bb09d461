/** Pricing (docs/product-rules.md §2, §9): a service selector, the Fee Calculator, the first 15 fee bands with "Your Share", and info cards. */
import { Button, Card, Heading, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { Building2, Calculator, Gavel, Handshake, Receipt } from 'lucide-react';
import { useState } from 'react';
import { useT, type MessageKey } from '@/i18n';
import { Link } from '@/i18n/link';
import type { FeeType } from '@escrow/core/domain/fees';
import { IconBadge, PageHero, Section, SectionHeading } from '@/features/marketing/components/layout-blocks';
import { FeeCalculator } from '@/features/marketing/components/pricing/fee-calculator';
import { FeeTable } from '@/features/marketing/components/pricing/fee-table';
import { ServiceSelector } from '@/features/marketing/components/pricing/service-selector';

const INFO_CARDS = [
  { icon: Handshake, key: 'split' },
  { icon: Receipt, key: 'hidden' },
  { icon: Gavel, key: 'resolution' },
  { icon: Building2, key: 'business' },
] as const;

export default function PricingPage() {
  const [service, setService] = useState<FeeType>('wo_dispute');
  const { t } = useT();
  return (
    <>
      <PageHero eyebrow={t('public.pricing.eyebrow')} title={t('public.pricing.title')} lead={t('public.pricing.lead')} />
      <Section labelledBy="calculator-heading" pt={{ base: '4', md: '6' }}>
        <Stack gap="8">
          <ServiceSelector value={service} onChange={setService} />
          <Card.Root variant="outline">
            <Card.Body gap="4">
              <Heading as="h2" id="calculator-heading" size="xl" display="flex" alignItems="center" gap="2">
                <Calculator aria-hidden /> {t('public.pricing.calculator')}
              </Heading>
              <FeeCalculator type={service} />
            </Card.Body>
          </Card.Root>
        </Stack>
      </Section>
      <Section tone="subtle" labelledBy="fee-table-heading">
        <SectionHeading id="fee-table-heading" eyebrow={t('public.pricing.tableEyebrow')} title={t('public.pricing.tableTitle')} />
        <FeeTable type={service} />
      </Section>
      <Section labelledBy="pricing-info-heading">
        <SectionHeading id="pricing-info-heading" eyebrow={t('public.pricing.infoEyebrow')} title={t('public.pricing.infoTitle')} />
        <SimpleGrid columns={{ base: 1, md: 2, lg: 4 }} gap="6">
          {INFO_CARDS.map((card) => (
            <Card.Root key={card.key} variant="outline">
              <Card.Body gap="3">
                <IconBadge icon={card.icon} />
                <Heading as="h3" size="md">
                  {t(`public.pricing.cards.${card.key}.title` satisfies MessageKey)}
                </Heading>
                <Text color="fg.muted" fontSize="sm">
                  {t(`public.pricing.cards.${card.key}.text`)}
                </Text>
              </Card.Body>
            </Card.Root>
          ))}
        </SimpleGrid>
        <Stack align="center" mt="10">
          <Button asChild colorPalette="teal" size="lg">
            <Link to="/#contact">{t('public.pricing.talkToSales')}</Link>
          </Button>
        </Stack>
      </Section>
    </>
  );
}
