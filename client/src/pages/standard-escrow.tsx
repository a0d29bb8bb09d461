/** Standard Escrow (docs/product-rules.md §2): hero, stats, five steps, four benefits, and the call to action. */
import { Badge, Box, Button, Card, Flex, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { BadgeCheck, CircleCheck, Clock, Lock, Phone, ShieldCheck, Undo2, Wallet } from 'lucide-react';
import { Link } from 'react-router';
import type { TransactionPrefillState } from '@/features/marketing/components/create-transaction-form';
import { CtaBand, FeatureGrid, PageHero, Section, SectionHeading, StatGrid, StepList } from '@/features/marketing/components/layout-blocks';
import { SUPPORT_PHONE_TEL } from '@/features/marketing/constants';

const START: TransactionPrefillState = { prefill: { type: 'standard' } };

const STEPS = [
  {
    title: 'Initiate Purchase',
    description: "Agree on the item and price, then create the transaction with the seller's phone number.",
    detail: 'On the website or by dialling *384*40#.',
  },
  {
    title: 'Secure Payment',
    description: 'Pay by M-Pesa or Airtel Money. The money goes into escrow with our licensed partner — not to the seller.',
    detail: 'You pay the price plus half of the fee.',
  },
  {
    title: 'Seller Notified',
    description: 'The seller gets an SMS that the money is secured and can ship with confidence.',
    detail: 'Nothing is paid out yet.',
  },
  {
    title: 'Item Delivery',
    description: 'The seller dispatches and marks the order as sent. You get an SMS and inspect what arrives.',
    detail: 'You have 72 hours to confirm or open a dispute.',
  },
  {
    title: 'Confirm & Release',
    description: 'Happy? Confirm delivery and the seller is paid at once, by M-Pesa or Airtel Money. Problem? Open a dispute instead.',
    detail: 'No answer in 72 hours releases the payment automatically.',
  },
];

const BENEFITS = [
  { icon: Lock, title: 'Pay without the risk', description: 'The seller is only paid after you confirm you received what you paid for.' },
  {
    icon: Undo2,
    title: 'Money-back guarantee',
    description: 'If the seller never ships, or cancels, your payment is refunded in full to the phone that paid.',
  },
  {
    icon: Wallet,
    title: 'Sellers get paid faster',
    description: 'Buyers who trust the payment buy sooner. Sellers are paid on M-Pesa the moment the buyer confirms.',
  },
  {
    icon: BadgeCheck,
    title: 'Simple, shared fee',
    description: 'One fee per amount band, shown before you pay and split 50/50 between buyer and seller.',
  },
];

function EscrowStatusCard() {
  const stages = [
    { label: 'Payment secured', done: true },
    { label: 'Seller notified', done: true },
    { label: 'Dispatched — awaiting your confirmation', done: false },
  ];
  return (
    <Card.Root
      variant="elevated"
      maxW="md"
      w="full"
      mx={{ base: 'auto', lg: '0' }}
      ms={{ lg: 'auto' }}
      aria-label="Sample escrow transaction"
    >
      <Card.Body gap="4">
        <Flex justify="space-between" align="center">
          <Text fontSize="sm" color="fg.muted">
            ESC-4MPX-82QD
          </Text>
          <Badge colorPalette="blue" variant="subtle">
            Dispatched
          </Badge>
        </Flex>
        <Box>
          <Text fontWeight="bold" fontSize="lg">
            iPhone 13, 128 GB
          </Text>
          <Text fontSize="sm" color="fg.muted">
            Seller 0722 *** 456
          </Text>
        </Box>
        <Flex p="4" borderRadius="l2" bg="brand.subtle" justify="space-between" align="center">
          <HStack gap="2">
            <ShieldCheck aria-hidden />
            <Text fontWeight="semibold">Held in escrow</Text>
          </HStack>
          <Text fontWeight="bold" fontSize="xl" color="brand.fg">
            KES 48,000
          </Text>
        </Flex>
        <Stack as="ol" gap="2" listStyleType="none">
          {stages.map((stage) => (
            <HStack as="li" key={stage.label} gap="2" fontSize="sm" color={stage.done ? 'fg' : 'fg.muted'}>
              {stage.done ? <CircleCheck size={16} aria-hidden /> : <Clock size={16} aria-hidden />}
              {stage.label}
            </HStack>
          ))}
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}

export default function StandardEscrowPage() {
  return (
    <>
      <PageHero
        eyebrow="Standard Escrow"
        title="Buy with confidence. The seller is paid when you say so."
        lead="One-time buyer protection for anything you buy online or in person. Your M-Pesa payment is held in escrow until you confirm delivery."
        actions={
          <>
            <Button asChild colorPalette="teal" size="lg">
              <Link to="/#create" state={START}>
                <ShieldCheck aria-hidden /> Start Protected Purchase
              </Link>
            </Button>
            <Button asChild variant="outline" size="lg">
              <a href={`tel:${SUPPORT_PHONE_TEL}`}>
                <Phone aria-hidden /> Call for Support
              </a>
            </Button>
          </>
        }
        aside={<EscrowStatusCard />}
      />
      <Section labelledBy="escrow-stats-heading" py={{ base: '10', md: '14' }}>
        <Heading as="h2" id="escrow-stats-heading" srOnly>
          Standard Escrow in numbers
        </Heading>
        <StatGrid
          stats={[
            { value: '15K+', label: 'Transactions Protected' },
            { value: '100%', label: 'Money-Back Guarantee' },
            { value: '24h', label: 'Average Processing' },
            { value: '1%', label: 'Simple Fee Structure' },
          ]}
        />
      </Section>
      <Section tone="subtle" labelledBy="escrow-steps-heading">
        <SectionHeading id="escrow-steps-heading" eyebrow="How it works" title="Five steps from payment to release" />
        <StepList steps={STEPS} />
      </Section>
      <Section labelledBy="escrow-benefits-heading">
        <SectionHeading id="escrow-benefits-heading" eyebrow="Benefits" title="Good for buyers, good for sellers" />
        <FeatureGrid features={BENEFITS} columns={{ base: 1, md: 2, lg: 4 }} />
      </Section>
      <CtaBand
        title="Ready for a worry-free purchase?"
        actions={
          <>
            <Button asChild bg="white" color="teal.800" _hover={{ bg: 'gray.100' }}>
              <Link to="/#create" state={START}>
                Start Protected Purchase
              </Link>
            </Button>
            <Button asChild variant="outline" color="white" borderColor="whiteAlpha.700" _hover={{ bg: 'whiteAlpha.200' }}>
              <a href={`tel:${SUPPORT_PHONE_TEL}`}>
                <Phone aria-hidden /> Call for Support
              </a>
            </Button>
          </>
        }
      >
        Create a transaction in a minute with the seller&apos;s phone number. Need more time to inspect the item? See{' '}
        <Box as="span" fontWeight="semibold">
          Protected Escrow
        </Box>{' '}
        on the pricing page.
      </CtaBand>
    </>
  );
}
