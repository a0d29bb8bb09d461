/** Pricing (docs/product-rules.md §2, §9): a service selector, the Fee Calculator, the first 15 fee bands with "Your Share", and info cards. */
import { Button, Card, Heading, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { Building2, Calculator, Gavel, Handshake, Receipt } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import type { FeeType } from '@escrow/core/domain/fees';
import { IconBadge, PageHero, Section, SectionHeading } from '@/features/marketing/components/layout-blocks';
import { FeeCalculator } from '@/features/marketing/components/pricing/fee-calculator';
import { FeeTable } from '@/features/marketing/components/pricing/fee-table';
import { ServiceSelector } from '@/features/marketing/components/pricing/service-selector';

const INFO_CARDS = [
  {
    icon: Handshake,
    title: 'Split 50/50',
    text: 'Buyer and seller each pay half of the fee. The buyer’s half is added to the payment; the seller’s half comes out of the payout.',
  },
  {
    icon: Receipt,
    title: 'No hidden fees',
    text: 'The fee you see here is the fee you pay — it is shown again before every payment. Your own M-Pesa charges may apply.',
  },
  { icon: Gavel, title: 'No resolution fees', text: 'If something goes wrong, mediation by our dispute team costs nothing extra.' },
  {
    icon: Building2,
    title: 'Business volume pricing',
    text: 'Selling at scale? Our sales team offers custom pricing for business customers.',
  },
];

export default function PricingPage() {
  const [service, setService] = useState<FeeType>('wo_dispute');
  return (
    <>
      <PageHero
        eyebrow="Pricing"
        title="Simple fees, split fairly"
        lead="One fee per amount band, from about 1% for standard escrow and 1.5% for installments — shared 50/50 between buyer and seller. Pick a service to see exactly what you pay."
      />
      <Section labelledBy="calculator-heading" pt={{ base: '4', md: '6' }}>
        <Stack gap="8">
          <ServiceSelector value={service} onChange={setService} />
          <Card.Root variant="outline">
            <Card.Body gap="4">
              <Heading as="h2" id="calculator-heading" size="xl" display="flex" alignItems="center" gap="2">
                <Calculator aria-hidden /> Fee Calculator
              </Heading>
              <FeeCalculator type={service} />
            </Card.Body>
          </Card.Root>
        </Stack>
      </Section>
      <Section tone="subtle" labelledBy="fee-table-heading">
        <SectionHeading id="fee-table-heading" eyebrow="Fee table" title="Detailed fees by amount" />
        <FeeTable type={service} />
      </Section>
      <Section labelledBy="pricing-info-heading">
        <SectionHeading id="pricing-info-heading" eyebrow="Good to know" title="How fees work" />
        <SimpleGrid columns={{ base: 1, md: 2, lg: 4 }} gap="6">
          {INFO_CARDS.map((card) => (
            <Card.Root key={card.title} variant="outline">
              <Card.Body gap="3">
                <IconBadge icon={card.icon} />
                <Heading as="h3" size="md">
                  {card.title}
                </Heading>
                <Text color="fg.muted" fontSize="sm">
                  {card.text}
                </Text>
              </Card.Body>
            </Card.Root>
          ))}
        </SimpleGrid>
        <Stack align="center" mt="10">
          <Button asChild colorPalette="teal" size="lg">
            <Link to="/#contact">Talk to sales</Link>
          </Button>
        </Stack>
      </Section>
    </>
  );
}
