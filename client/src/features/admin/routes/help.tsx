/** Help Center: how to use each page, what the statuses mean, and how to rule on a dispute. */
import { Accordion, Box, Card, Code, Heading, Link as ChakraLink, List, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { Link } from 'react-router';
import { StatusBadge } from '@/components/status-badge';
import { usePublicConfig } from '@/lib/public-config';
import type { PublicConfig } from '@escrow/core/contract/public-config';
import { inspectionWindowWords } from '@escrow/core/domain/inspection-window';
import { PageHeader } from '../components/page-header';

/**
 * What "dispatched" means, with this deployment's inspection windows (GET /api/config): Protected Escrow's
 * is longer (docs/adr/0011-standard-and-protected.md), so one figure for all ("72 hours") was false for it.
 */
export function dispatchedMeaning(windows: PublicConfig['inspection_window_hours'] | undefined): string {
  if (!windows) return 'The seller dispatched; the buyer inspects for the inspection period, then it releases by itself.';
  const periods = [
    `${inspectionWindowWords(windows.standard, 'en')} for Standard Escrow`,
    `${inspectionWindowWords(windows.protected, 'en')} for Protected Escrow`,
    `${inspectionWindowWords(windows.lipa_mdogo_mdogo, 'en')} for Lipa Mdogo Mdogo`,
  ];
  return `The seller dispatched; the buyer inspects (${periods.join(', ')}), then it releases by itself.`;
}

const statuses = (windows: PublicConfig['inspection_window_hours'] | undefined): [string, string][] => [
  ['pending', 'Created; waiting for the buyer to pay by M-Pesa or Airtel Money.'],
  ['installment', 'Lipa Mdogo Mdogo: part of the price paid, more installments to come.'],
  ['funded', 'The full price is held in escrow; the seller should dispatch.'],
  ['dispatched', dispatchedMeaning(windows)],
  ['completed', 'Released to the seller (paid out by M-Pesa or Airtel Money; Alerts lists a payout that failed).'],
  ['cancelled', 'Cancelled before any payment.'],
  ['disputed', 'Money frozen until an admin rules; after a refund ruling on a dispatched item, until the item is back.'],
  ['refunded', 'Money returned to the buyer.'],
];

const FAQ: [string, React.ReactNode][] = [
  [
    'How do I rule on a dispute?',
    <>
      Open{' '}
      <ChakraLink asChild color="brand.fg">
        <Link to="/dashboard/disputes">Disputes</Link>
      </ChakraLink>
      , choose <em>Review &amp; rule</em>, read both statements and the evidence, then pick release to seller, refund the buyer, or split
      (enter the buyer's part). Write a note: it is shown to both parties on their transaction pages (the ruling SMS does not carry it). A
      ruling is final. A refund of a dispatched item waits for the item to come back: the seller confirms it, or, with proof that it is
      back, you do on the case (<em>Confirm the item came back</em>).
    </>,
  ],
  [
    'A payment failed. What now?',
    <>
      The buyer can try again from the web or USSD <Code>*384*40#</Code>. Failed payments of the last 24 hours are on{' '}
      <ChakraLink asChild color="brand.fg">
        <Link to="/dashboard/alerts">Alerts</Link>
      </ChakraLink>{' '}
      with the M-Pesa reason (insufficient funds, wrong PIN, cancelled).
    </>,
  ],
  [
    'A payout is stuck or failed.',
    <>
      Payouts are retried automatically. One still pending after 30 minutes, or failed (for example an unregistered M-Pesa number), shows on
      Alerts and on{' '}
      <ChakraLink asChild color="brand.fg">
        <Link to="/dashboard/system">System Health</Link>
      </ChakraLink>
      . Contact the recipient to confirm their number, then on Alerts send it again (<em>Retry</em>) or, for a seller's payout that cannot
      be made, give the buyer back everything they paid (<em>Return to buyer</em>).
    </>,
  ],
  [
    'When should I verify or suspend a user?',
    <>
      Verify only after confirming the phone yourself (e.g. a support call). Suspend an account that is abusing the platform: it is signed
      out at once; its transactions are not changed. Both are recorded in the audit log.
    </>,
  ],
  [
    'Why do some totals lag by a few seconds?',
    <>
      On a large database the whole-platform totals are recomputed at most every 15 seconds, so the dashboard stays fast. Lists, searches
      and details are always live.
    </>,
  ],
];

export default function HelpPage() {
  const config = usePublicConfig();
  return (
    <>
      <PageHeader title="Help Center" description="How the admin dashboard works." />
      <Stack gap="4">
        <SimpleGrid columns={{ base: 1, lg: 2 }} gap="4">
          <Card.Root variant="outline">
            <Card.Header>
              <Heading as="h2" size="md">
                Pages
              </Heading>
            </Card.Header>
            <Card.Body>
              <List.Root gap="2" fontSize="sm" ps="4">
                <List.Item>
                  <strong>Overview</strong>: headline numbers, health, activity and the newest transactions.
                </List.Item>
                <List.Item>
                  <strong>Transactions</strong>: search by reference or phone, filter, export CSV, open any transaction's timeline.
                </List.Item>
                <List.Item>
                  <strong>Analytics</strong> and <strong>Reports</strong>: trends over time and CSV downloads.
                </List.Item>
                <List.Item>
                  <strong>Users</strong>: find accounts; verify, suspend or reactivate them.
                </List.Item>
                <List.Item>
                  <strong>System Health</strong>, <strong>Monitoring</strong> and <strong>Alerts</strong>: is everything working, what is
                  happening now, what needs you.
                </List.Item>
                <List.Item>
                  <strong>Disputes</strong>, <strong>SMS outbox</strong> and <strong>Contact messages</strong>: mediation and support.
                </List.Item>
              </List.Root>
              <Text fontSize="sm" mt="3" color="fg.muted">
                The header's search finds transactions (reference, buyer or seller phone) and users (phone, name, email).
              </Text>
            </Card.Body>
          </Card.Root>
          <Card.Root variant="outline">
            <Card.Header>
              <Heading as="h2" size="md">
                Transaction statuses
              </Heading>
            </Card.Header>
            <Card.Body>
              <Stack gap="2">
                {statuses(config?.inspection_window_hours).map(([status, meaning]) => (
                  <Box key={status} display="flex" gap="3" alignItems="baseline">
                    <Box w="24" flexShrink={0}>
                      <StatusBadge wording="status" status={status} />
                    </Box>
                    <Text fontSize="sm">{meaning}</Text>
                  </Box>
                ))}
              </Stack>
            </Card.Body>
          </Card.Root>
        </SimpleGrid>
        <Card.Root variant="outline">
          <Card.Header>
            <Heading as="h2" size="md">
              Questions
            </Heading>
          </Card.Header>
          <Card.Body>
            <Accordion.Root collapsible defaultValue={['0']}>
              {FAQ.map(([question, answer], index) => (
                <Accordion.Item key={question} value={String(index)}>
                  <Accordion.ItemTrigger>
                    <Text flex="1" fontWeight="medium">
                      {question}
                    </Text>
                    <Accordion.ItemIndicator />
                  </Accordion.ItemTrigger>
                  <Accordion.ItemContent>
                    <Accordion.ItemBody fontSize="sm">{answer}</Accordion.ItemBody>
                  </Accordion.ItemContent>
                </Accordion.Item>
              ))}
            </Accordion.Root>
          </Card.Body>
        </Card.Root>
        <Text fontSize="sm" color="fg.muted">
          Integrators: the API is documented at{' '}
          <ChakraLink href="/api/docs" target="_blank" rel="noreferrer" color="brand.fg">
            /api/docs
          </ChakraLink>
          .
        </Text>
      </Stack>
    </>
  );
}
