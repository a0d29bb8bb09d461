/**
 * Refund Policy (docs/product-rules.md §2, with the rules of §4, §5 and §9): eligibility, the request process, processing
 * conditions, documentation, method and timelines, non-refundable cases, PayInstallment withdrawal.
 */
import { Badge, Box, Button, Card, Flex, Heading, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { AlertTriangle, Check, Clock, Headphones, Percent, ShieldAlert, Smartphone, TabletSmartphone } from 'lucide-react';
import { Link } from 'react-router';
import { CheckList, IconBadge, StepList } from '@/features/marketing/components/layout-blocks';
import { LegalDocument, type LegalSection } from '@/features/marketing/components/legal-document';
import { USSD_CODE } from '@/features/marketing/constants';

const WITHDRAWAL_CONDITIONS = [
  {
    icon: Clock,
    title: 'Timing',
    text: 'Request the withdrawal before the final installment is paid, or before the item is dispatched or the service activated.',
  },
  { icon: Check, title: 'What is refunded', text: 'Only installments you have actually paid are refundable.' },
  { icon: Percent, title: 'Deductions', text: 'Fees may be deducted. Late-payment penalties may be non-refundable.' },
  {
    icon: AlertTriangle,
    title: 'Partial delivery or use',
    text: 'If part of the item was delivered or the service partly used, only the unused portion is refunded.',
  },
];

const SECTIONS: LegalSection[] = [
  {
    id: 'eligibility',
    title: 'Refund Eligibility',
    blocks: [
      'You may be refunded in these cases:',
      {
        list: [
          'The transaction was made in error or duplicated.',
          'The item or service was not delivered as described.',
          'The seller lost a dispute — the buyer is then eligible for a refund.',
          'The transaction was cancelled before the seller confirmed dispatch.',
          'A PayInstallment (Lipa Mdogo Mdogo) withdrawal that meets the conditions below.',
        ],
      },
    ],
  },
  {
    id: 'request-process',
    title: 'Refund Request Process',
    blocks: [
      {
        node: (
          <StepList
            columns={{ base: 1, md: 3 }}
            steps={[
              {
                title: 'Initiate a dispute',
                description: `Open a dispute on the transaction from your dashboard, or dial ${USSD_CODE} and choose the transaction.`,
              },
              {
                title: 'Indicate the reason',
                description: 'Say what went wrong: not delivered, not as described, quality issue, payment error or other.',
              },
              {
                title: 'Provide documentation',
                description: 'Upload the supporting documentation listed below so the mediation team can decide quickly.',
              },
            ]}
          />
        ),
      },
    ],
  },
  {
    id: 'processing-conditions',
    title: 'Processing Conditions',
    blocks: [
      {
        list: [
          'A refund is possible only while the payment has not yet been released to the seller, or when a dispute has been resolved in favour of the buyer.',
          'Eligibility rests on proof of non-delivery, non-activation of a service, or a cancellation initiated by the buyer under these rules.',
          'We may consult the seller before final approval.',
          'While a dispute is open the escrowed money is frozen; neither party can move it.',
          'If the seller wins the dispute, the buyer keeps the item and the seller receives full payment. If the buyer wins a dispute about goods, the item is returned in its original condition and the buyer is refunded in full once the seller confirms receipt.',
          "The mediation team's ruling — release, refund or split — is final, binding and irrevocable.",
        ],
      },
    ],
  },
  {
    id: 'documentation',
    title: 'Supporting Documentation',
    blocks: [
      'Evidence we accept:',
      {
        list: [
          'Screenshots of the listing, the order or the payment.',
          'Chat history with the other party (WhatsApp, SMS, marketplace messages).',
          'Delivery records: courier receipts, tracking numbers, signed delivery notes.',
          'Other proof, such as photos or videos of the item received.',
        ],
      },
    ],
  },
  {
    id: 'method-and-timelines',
    title: 'Refund Method & Timelines',
    blocks: [
      {
        list: [
          'Refunds go back to the original payment channel: your M-Pesa or Airtel Money number for mobile money, or your bank account for bank transfers.',
          'Mobile money refunds are sent instantly once the refund is approved.',
          'Bank transfers and refunds that need a review are processed within 3–5 business days.',
          'You receive an SMS when the refund is sent.',
        ],
      },
    ],
  },
  {
    id: 'non-refundable',
    title: 'Non-Refundable Situations',
    blocks: [
      {
        list: [
          'Completed, successful transactions with no dispute (the buyer confirmed delivery, or the inspection period ended).',
          'A change of mind after delivery.',
          'Failure to follow the dispute procedure or its timelines.',
          'Delivery problems caused by inaccurate details given by the user (wrong phone number or address).',
        ],
      },
    ],
  },
  {
    id: 'payinstallment-withdrawal',
    title: 'PayInstallment Withdrawal Conditions',
    blocks: [
      {
        node: (
          <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
            {WITHDRAWAL_CONDITIONS.map((condition) => (
              <Card.Root key={condition.title} variant="outline">
                <Card.Body gap="2">
                  <IconBadge icon={condition.icon} />
                  <Heading as="h3" size="md">
                    {condition.title}
                  </Heading>
                  <Text color="fg.muted" fontSize="sm">
                    {condition.text}
                  </Text>
                </Card.Body>
              </Card.Root>
            ))}
          </SimpleGrid>
        ),
      },
      {
        node: (
          <Stack gap="2">
            <Heading as="h3" size="md">
              Request process
            </Heading>
            <CheckList
              icon={Check}
              items={[
                `The buyer asks to cancel the plan from the dashboard or by USSD (${USSD_CODE}), with a reason.`,
                'If the seller accepts, the paid installments are refunded instantly.',
                'If the seller declines, the request goes to our dispute review and the mediation team decides.',
              ]}
            />
          </Stack>
        ),
      },
      {
        node: (
          <Stack gap="2">
            <Heading as="h3" size="md">
              Seller agreement
            </Heading>
            <Text color="fg.muted">
              The seller may cancel a PayInstallment agreement at any time — for example because of stock issues or a price increase. The
              buyer then receives a full refund of everything paid, immediately.
            </Text>
          </Stack>
        ),
      },
    ],
  },
];

export default function RefundPolicyPage() {
  return (
    <LegalDocument
      title="Refund Policy"
      intro={
        <Text>
          Escrow exists so that you pay only for what you receive. This policy explains when a payment is refunded, how to ask, how long it
          takes, and the special rules for PayInstallment (Lipa Mdogo Mdogo) plans.
        </Text>
      }
      sections={SECTIONS}
    >
      <Box
        as="aside"
        aria-labelledby="refund-help-heading"
        mt="14"
        p={{ base: '6', md: '8' }}
        borderRadius="l3"
        bg="brand.subtle"
        borderWidth="1px"
      >
        <Stack gap="5">
          <Heading as="h2" id="refund-help-heading" size="xl">
            Need help with a refund?
          </Heading>
          <Flex gap="3" wrap="wrap">
            <Button asChild colorPalette="teal">
              <Link to="/login?next=/dashboard">
                <ShieldAlert aria-hidden /> Start Dispute Process
              </Link>
            </Button>
            <Button asChild variant="outline" bg="bg">
              <Link to="/#contact">
                <Headphones aria-hidden /> Contact Support
              </Link>
            </Button>
          </Flex>
          <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
            <Flex gap="3" align="center" p="4" borderRadius="l2" bg="bg" borderWidth="1px">
              <IconBadge icon={Smartphone} />
              <Box>
                <Text fontSize="sm" color="fg.muted">
                  USSD, any phone, 24/7
                </Text>
                <Text fontFamily="mono" fontWeight="bold" fontSize="xl" color="brand.fg">
                  {USSD_CODE}
                </Text>
              </Box>
            </Flex>
            <Flex gap="3" align="center" p="4" borderRadius="l2" bg="bg" borderWidth="1px">
              <IconBadge icon={TabletSmartphone} palette="gray" />
              <Box>
                <Text fontSize="sm" color="fg.muted">
                  Mobile app
                </Text>
                <Badge colorPalette="orange" variant="subtle">
                  Coming Soon
                </Badge>
              </Box>
            </Flex>
          </SimpleGrid>
        </Stack>
      </Box>
    </LegalDocument>
  );
}
