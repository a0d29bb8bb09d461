/**
 * Dispute Resolution (docs/product-rules.md §2, §4, §9): hero with a sample case, stats, four scenarios, the five-step
 * process, trust points, File Dispute Case / Chat with Mediator, USSD support 24/7.
 */
import { Badge, Box, Button, Card, Flex, Heading, HStack, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import {
  Camera,
  Check,
  FileWarning,
  Gavel,
  Lock,
  MessageCircle,
  PackageX,
  Scale,
  ShieldAlert,
  ThumbsDown,
  Timer,
  UserCheck,
} from 'lucide-react';
import { Link } from 'react-router';
import {
  CheckList,
  FeatureGrid,
  IconBadge,
  PageHero,
  Section,
  SectionHeading,
  StatGrid,
  StepList,
} from '@/features/marketing/components/layout-blocks';
import { UssdBox } from '@/features/marketing/components/ussd-box';

const SCENARIOS = [
  { icon: PackageX, title: 'Non-delivery', description: 'The seller took the order but nothing arrived.', outcome: 'Full refund' },
  {
    icon: FileWarning,
    title: 'Item not as described',
    description: 'Wrong model, fake, or different from the listing.',
    outcome: 'Return or partial refund',
  },
  {
    icon: ThumbsDown,
    title: 'Quality issues',
    description: 'Damaged, faulty or not working on arrival.',
    outcome: 'Replacement or full refund',
  },
  {
    icon: Timer,
    title: 'Payment delays',
    description: 'The seller delivered but the payment is stuck.',
    outcome: 'Verification and release',
  },
];

const PROCESS = [
  {
    title: 'Dispute filed',
    description: 'Either party opens a dispute before the payment is released. The money is frozen at once.',
    detail: 'Dashboard or *384*40#.',
  },
  {
    title: 'Evidence collection',
    description: 'Both sides upload screenshots, chat history, delivery records or other proof.',
    detail: 'We tell each side what we need.',
  },
  {
    title: 'Investigation',
    description: 'A mediator reviews the evidence and may call both parties.',
    detail: 'Usually 24–72 hours after the evidence is in.',
  },
  {
    title: 'Resolution decision',
    description: 'The mediation team rules: release to the seller, refund to the buyer, or a split.',
    detail: 'The ruling is final and binding.',
  },
  {
    title: 'Implementation',
    description: 'The money moves as ruled and both sides get an SMS. The case is closed.',
    detail: 'Refunds go back to the phone that paid, by M-Pesa or Airtel Money.',
  },
];

const TRUST = [
  { icon: Lock, title: 'Money frozen', description: 'Nobody can move escrowed money while a case is open.' },
  { icon: Scale, title: 'Impartial mediators', description: 'Our team has no stake in the sale and hears both sides.' },
  { icon: UserCheck, title: 'Decided by people', description: 'Every ruling is made by a person on the evidence, not by an algorithm.' },
  { icon: Gavel, title: 'Final and binding', description: 'Rulings are final, binding and irrevocable — a clear end for both sides.' },
];

function SampleCaseCard() {
  const rows: [string, string][] = [
    ['Type', 'Item not as described'],
    ['Transaction amount', 'KES 24,500'],
    ['Filed', '2 hours ago'],
    ['Expected resolution', 'Within 48 hours'],
  ];
  return (
    <Card.Root variant="elevated" maxW="md" w="full" mx={{ base: 'auto', lg: '0' }} ms={{ lg: 'auto' }} aria-label="Sample dispute case">
      <Card.Body gap="4">
        <Flex justify="space-between" align="center" gap="2">
          <HStack gap="2">
            <ShieldAlert aria-hidden />
            <Text fontWeight="bold">Case #DR-2025-0142</Text>
          </HStack>
          <Badge colorPalette="orange" variant="subtle">
            Under Review
          </Badge>
        </Flex>
        <Stack as="dl" gap="2" fontSize="sm">
          {rows.map(([label, value]) => (
            <Flex key={label} justify="space-between" gap="4" borderBottomWidth="1px" borderColor="border.muted" pb="2">
              <Text as="dt" color="fg.muted">
                {label}
              </Text>
              <Text as="dd" fontWeight="semibold" textAlign="end">
                {value}
              </Text>
            </Flex>
          ))}
        </Stack>
        <HStack gap="2" fontSize="sm" p="3" borderRadius="l2" bg="bg.subtle">
          <Camera size={16} aria-hidden />
          <Text>3 pieces of evidence received from both parties</Text>
        </HStack>
        <HStack gap="2" fontSize="xs" color="fg.muted">
          <Lock size={12} aria-hidden /> KES 24,500 frozen in escrow until the ruling
        </HStack>
      </Card.Body>
    </Card.Root>
  );
}

export default function DisputeResolutionPage() {
  const actions = (
    <>
      <Button asChild colorPalette="teal" size="lg">
        <Link to="/login?next=/dashboard">
          <ShieldAlert aria-hidden /> File Dispute Case
        </Link>
      </Button>
      <Button asChild variant="outline" size="lg">
        <Link to="/#contact">
          <MessageCircle aria-hidden /> Chat with Mediator
        </Link>
      </Button>
    </>
  );
  return (
    <>
      <PageHero
        eyebrow="Dispute Resolution"
        title="When a deal goes wrong, the money waits for a fair answer"
        lead="Either party can open a dispute before the payment is released. The money stays frozen while our mediation team reviews the evidence from both sides and rules — with no resolution fees."
        actions={actions}
        aside={<SampleCaseCard />}
      />
      <Section labelledBy="dispute-stats-heading" py={{ base: '10', md: '14' }}>
        <Heading as="h2" id="dispute-stats-heading" srOnly>
          Dispute resolution in numbers
        </Heading>
        <StatGrid
          stats={[
            { value: '2.5%', label: 'Dispute rate' },
            { value: '48h', label: 'Average resolution' },
            { value: '94%', label: 'Satisfaction' },
            { value: '100%', label: 'Cases resolved' },
          ]}
        />
      </Section>
      <Section tone="subtle" labelledBy="scenarios-heading">
        <SectionHeading id="scenarios-heading" eyebrow="Common cases" title="What we resolve" />
        <SimpleGrid columns={{ base: 1, sm: 2, lg: 4 }} gap="6">
          {SCENARIOS.map((scenario) => (
            <Card.Root key={scenario.title} variant="outline" h="full">
              <Card.Body gap="3">
                <IconBadge icon={scenario.icon} palette="orange" />
                <Heading as="h3" size="md">
                  {scenario.title}
                </Heading>
                <Text color="fg.muted" fontSize="sm">
                  {scenario.description}
                </Text>
                <Badge alignSelf="flex-start" colorPalette="teal" variant="subtle" mt="auto">
                  {scenario.outcome}
                </Badge>
              </Card.Body>
            </Card.Root>
          ))}
        </SimpleGrid>
      </Section>
      <Section labelledBy="process-heading">
        <SectionHeading id="process-heading" eyebrow="The process" title="Five steps to a resolution" />
        <StepList steps={PROCESS} />
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="6" mt="10">
          <Box p="6" borderWidth="1px" borderRadius="l3">
            <Heading as="h3" size="md" mb="3">
              If the buyer loses
            </Heading>
            <Text color="fg.muted">The buyer keeps the item and the seller receives the full payment.</Text>
          </Box>
          <Box p="6" borderWidth="1px" borderRadius="l3">
            <Heading as="h3" size="md" mb="3">
              If the seller loses
            </Heading>
            <Text color="fg.muted">
              The item is returned in its original condition. Once the seller confirms receipt, the buyer is refunded in full.
            </Text>
          </Box>
        </SimpleGrid>
      </Section>
      <Section tone="subtle" labelledBy="trust-heading">
        <SectionHeading id="trust-heading" eyebrow="Why trust us" title="A process both sides can rely on" />
        <FeatureGrid features={TRUST} columns={{ base: 1, md: 2, lg: 4 }} />
      </Section>
      <Section labelledBy="evidence-heading">
        <SimpleGrid columns={{ base: 1, lg: 2 }} gap="10" alignItems="center">
          <Stack gap="4">
            <Heading as="h2" id="evidence-heading" size="2xl">
              Ready to file a case?
            </Heading>
            <Text color="fg.muted">Sign in, open the transaction and choose “Raise dispute”. Keep this evidence ready:</Text>
            <CheckList
              icon={Check}
              items={[
                'Screenshots of the listing and payment',
                'Chat history with the other party',
                'Delivery records or tracking numbers',
                'Photos or videos of the item',
              ]}
            />
            <Flex gap="3" wrap="wrap">
              {actions}
            </Flex>
          </Stack>
          <UssdBox title="USSD support, 24/7" note="Open or follow a dispute from any phone, day or night, with no internet." />
        </SimpleGrid>
      </Section>
    </>
  );
}
