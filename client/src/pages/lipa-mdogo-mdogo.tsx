/**
 * Lipa Mdogo Mdogo (docs/product-rules.md §2, §9): hero with a sample active plan, stats, the three example plans with
 * Start This Plan, five steps, benefits, the Payment Calculator and Speak to Advisor.
 */
import { Badge, Box, Button, Card, Flex, Heading, HStack, Progress, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { Armchair, Calculator, CalendarClock, Check, Headphones, Laptop, Lock, PiggyBank, ShieldCheck, Tv } from 'lucide-react';
import { Link } from 'react-router';
import { buildPlan, suggestedDeposit } from '@escrow/core/domain/installment-plan';
import { formatKes } from '@escrow/core/domain/money';
import type { TransactionPrefillState } from '@/features/marketing/components/create-transaction-form';
import { CtaBand, FeatureGrid, PageHero, Section, SectionHeading, StatGrid, StepList } from '@/features/marketing/components/layout-blocks';
import { PaymentCalculator } from '@/features/marketing/components/payment-calculator';

/** Spec §9's example plans; the numbers come from the same plan maths as the API (buildPlan). */
const EXAMPLES = [
  { item: 'Sofa', icon: Armchair, price: 35_000, months: 6 },
  { item: 'Smart TV', icon: Tv, price: 65_000, months: 6 },
  { item: 'Laptop', icon: Laptop, price: 75_000, months: 12 },
].map((example) => {
  const total = BigInt(example.price) * 100n;
  return { ...example, plan: buildPlan({ total, deposit: suggestedDeposit(total), months: example.months }) };
});

const STEPS = [
  { title: 'Choose your item', description: 'Agree on an item over KES 10,000 with any seller — a shop, a fundi or an online store.' },
  { title: 'Set your plan', description: 'Pick 3, 6, 12 or 24 months and a deposit of at least 20%. The calculator shows every payment.' },
  { title: 'Pay the deposit', description: 'Pay the first amount by M-Pesa or Airtel Money. It is held in escrow, not by the seller.' },
  {
    title: 'Continue payments',
    description: 'Pay monthly by M-Pesa or Airtel Money, on the web or by USSD. We remind you by SMS before each due date.',
  },
  {
    title: 'Receive your item',
    description: 'After the final payment the seller dispatches, and ownership is yours once the last payment is confirmed.',
  },
];

const BENEFITS = [
  {
    icon: Lock,
    title: 'Every shilling in escrow',
    description: 'Installments are held safely until the item is delivered — never paid to the seller up front.',
  },
  {
    icon: PiggyBank,
    title: 'No loan, no interest',
    description: 'You pay the price and a transparent installment fee. No credit check and no interest.',
  },
  { icon: CalendarClock, title: 'Flexible terms', description: '3, 6, 12 or 24 months, with SMS reminders before each payment.' },
  {
    icon: ShieldCheck,
    title: 'Protected withdrawal',
    description: 'Changed plans? Withdraw before the final payment; paid installments are refunded under our Refund Policy.',
  },
];

function SamplePlanCard() {
  const paid = 4;
  const plan = EXAMPLES[1]!.plan;
  const paidAmount = plan.schedule.slice(0, paid + 1).reduce((sum, payment) => sum + payment.amount, 0n);
  const percent = Number((paidAmount * 100n) / plan.total);
  return (
    <Card.Root
      variant="elevated"
      maxW="md"
      w="full"
      mx={{ base: 'auto', lg: '0' }}
      ms={{ lg: 'auto' }}
      aria-label="Sample installment plan"
    >
      <Card.Body gap="4">
        <Flex justify="space-between" align="center">
          <Text fontSize="sm" color="fg.muted">
            Plan LMM-7KQ2-9HDX
          </Text>
          <Badge colorPalette="green" variant="subtle">
            Active
          </Badge>
        </Flex>
        <HStack gap="3">
          <Flex w="12" h="12" borderRadius="l3" bg="brand.muted" color="brand.fg" align="center" justify="center">
            <Tv aria-hidden />
          </Flex>
          <Box>
            <Text fontWeight="bold" fontSize="lg">
              Samsung 55&quot; Smart TV
            </Text>
            <Text fontSize="sm" color="fg.muted">
              {formatKes(plan.total)} · {plan.months} months
            </Text>
          </Box>
        </HStack>
        <Stack gap="1">
          <Flex justify="space-between" fontSize="sm">
            <Text>Paid {formatKes(paidAmount)}</Text>
            <Text color="fg.muted">{percent}%</Text>
          </Flex>
          <Progress.Root value={percent} colorPalette="teal" size="sm" aria-label="Share of the plan paid">
            <Progress.Track>
              <Progress.Range />
            </Progress.Track>
          </Progress.Root>
        </Stack>
        <SimpleGrid columns={2} gap="3" fontSize="sm">
          <Box p="3" borderRadius="l2" bg="bg.subtle">
            <Text color="fg.muted">Next payment</Text>
            <Text fontWeight="semibold">{formatKes(plan.monthly)}</Text>
          </Box>
          <Box p="3" borderRadius="l2" bg="bg.subtle">
            <Text color="fg.muted">Payments left</Text>
            <Text fontWeight="semibold">
              {plan.months - paid} of {plan.months}
            </Text>
          </Box>
        </SimpleGrid>
        <HStack fontSize="xs" color="fg.muted" gap="1">
          <Lock size={12} aria-hidden /> Held in escrow until delivery
        </HStack>
      </Card.Body>
    </Card.Root>
  );
}

export default function LipaMdogoMdogoPage() {
  return (
    <>
      <PageHero
        eyebrow="Lipa Mdogo Mdogo"
        title="Own it little by little, with every payment protected"
        lead="Pay for phones, furniture and electronics over 3 to 24 months. Your installments wait safely in escrow and the seller delivers once the item is paid in full."
        actions={
          <>
            <Button asChild colorPalette="teal" size="lg">
              <a href="#calculator">
                <Calculator aria-hidden /> Payment Calculator
              </a>
            </Button>
            <Button asChild variant="outline" size="lg">
              <Link to="/#contact">
                <Headphones aria-hidden /> Speak to Advisor
              </Link>
            </Button>
          </>
        }
        aside={<SamplePlanCard />}
      />
      <Section labelledBy="lmm-stats-heading" py={{ base: '10', md: '14' }}>
        <Heading as="h2" id="lmm-stats-heading" srOnly>
          Lipa Mdogo Mdogo in numbers
        </Heading>
        <StatGrid
          stats={[
            { value: '10K+', label: 'Items financed' },
            { value: '95%', label: 'Plan completion rate' },
            { value: '24mo', label: 'Maximum term' },
            { value: '1.5%', label: 'Typical installment fee' },
          ]}
        />
      </Section>
      <Section tone="subtle" id="examples" labelledBy="examples-heading">
        <SectionHeading id="examples-heading" eyebrow="Example plans" title="What a plan looks like">
          A 20% deposit, then equal monthly payments rounded to the next KES 100.
        </SectionHeading>
        <SimpleGrid columns={{ base: 1, md: 3 }} gap="6">
          {EXAMPLES.map(({ item, icon: Icon, plan }) => {
            const state: TransactionPrefillState = {
              prefill: {
                type: 'lipa_mdogo_mdogo',
                productName: item,
                amount: (plan.deposit / 100n).toString(),
                totalCost: (plan.total / 100n).toString(),
                months: String(plan.months),
              },
            };
            return (
              <Card.Root key={item} variant="elevated" data-testid={`example-${item.toLowerCase().replace(/\s+/g, '-')}`}>
                <Card.Body gap="4">
                  <HStack gap="3">
                    <Flex w="11" h="11" borderRadius="l3" bg="brand.muted" color="brand.fg" align="center" justify="center">
                      <Icon aria-hidden />
                    </Flex>
                    <Box>
                      <Heading as="h3" size="lg">
                        {item}
                      </Heading>
                      <Text fontSize="sm" color="fg.muted">
                        {formatKes(plan.total)}
                      </Text>
                    </Box>
                  </HStack>
                  <Stack as="dl" gap="2" fontSize="sm">
                    {[
                      ['Price', formatKes(plan.total)],
                      ['Deposit', formatKes(plan.deposit)],
                      ['Monthly', formatKes(plan.monthly)],
                      ['Duration', `${plan.months} months`],
                    ].map(([label, value]) => (
                      <Flex key={label} justify="space-between" borderBottomWidth="1px" borderColor="border.muted" pb="2">
                        <Text as="dt" color="fg.muted">
                          {label}
                        </Text>
                        <Text as="dd" fontWeight="semibold">
                          {value}
                        </Text>
                      </Flex>
                    ))}
                  </Stack>
                </Card.Body>
                <Card.Footer>
                  <Button asChild colorPalette="teal" w="full">
                    <Link to="/#create" state={state}>
                      Start This Plan{' '}
                      <Box as="span" srOnly>
                        for the {item.toLowerCase()}
                      </Box>
                    </Link>
                  </Button>
                </Card.Footer>
              </Card.Root>
            );
          })}
        </SimpleGrid>
      </Section>
      <Section labelledBy="lmm-steps-heading">
        <SectionHeading id="lmm-steps-heading" eyebrow="How it works" title="Five steps to owning it" />
        <StepList steps={STEPS} />
      </Section>
      <Section tone="subtle" labelledBy="lmm-benefits-heading">
        <SectionHeading id="lmm-benefits-heading" eyebrow="Benefits" title="Why pay little by little with us" />
        <FeatureGrid features={BENEFITS} columns={{ base: 1, md: 2, lg: 4 }} />
      </Section>
      <Section id="calculator" labelledBy="calculator-heading">
        <SectionHeading id="calculator-heading" eyebrow="Payment Calculator" title="Plan your payments">
          Change the price, deposit or term and see every payment. These are the same rules the platform applies when you create the plan.
        </SectionHeading>
        <Card.Root variant="outline" maxW="4xl" mx="auto">
          <Card.Body>
            <PaymentCalculator />
          </Card.Body>
        </Card.Root>
        <Stack as="ul" listStyleType="none" gap="2" maxW="4xl" mx="auto" mt="6" fontSize="sm" color="fg.muted">
          {['Minimum 20% deposit', 'Items over KES 10,000', 'Terms of 3, 6, 12 or 24 months'].map((rule) => (
            <HStack as="li" key={rule} gap="2">
              <Check size={16} aria-hidden /> {rule}
            </HStack>
          ))}
        </Stack>
      </Section>
      <CtaBand
        title="Not sure which plan fits?"
        actions={
          <>
            <Button asChild bg="white" color="teal.800" _hover={{ bg: 'gray.100' }}>
              <Link to="/#contact">
                <Headphones aria-hidden /> Speak to Advisor
              </Link>
            </Button>
            <Button asChild variant="outline" color="white" borderColor="whiteAlpha.700" _hover={{ bg: 'whiteAlpha.200' }}>
              <Link to="/#create" state={{ prefill: { type: 'lipa_mdogo_mdogo' } } satisfies TransactionPrefillState}>
                Start a plan
              </Link>
            </Button>
          </>
        }
      >
        Our advisors help you pick a deposit and a term that fit your budget — in English or Kiswahili.
      </CtaBand>
    </>
  );
}
