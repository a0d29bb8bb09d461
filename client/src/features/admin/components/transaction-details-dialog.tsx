/**
 * The Transaction details modal (docs/product-rules.md §2): reference number, Transaction Info, Charges, Participants,
 * Payment Status and the Timeline, fetched only while open. Closes with the backdrop, Escape or the
 * close button.
 */
import { Badge, Box, CloseButton, Dialog, Flex, Grid, Heading, Portal, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { CheckCircle2, CircleDot, XCircle } from 'lucide-react';
import type { ReactNode } from 'react';
import { isDisputeResponse } from '@escrow/core/domain/timeline-events';
import { formatDateTime, formatMoney, formatPhone, humanize } from '@/lib/format';
import { eventFacts } from './event-facts';
import { enumLabel } from '../labels';
import { trpc, type RouterOutputs } from '@/lib/trpc';
import { ErrorState, LoadingState } from './query-state';
import { StatusBadge } from '@/components/status-badge';

type Timeline = RouterOutputs['admin']['transactionTimeline'];

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box borderWidth="1px" borderRadius="l2" p="4">
      <Heading as="h3" size="sm" mb="3">
        {title}
      </Heading>
      {children}
    </Box>
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Flex justify="space-between" gap="4" py="1" fontSize="sm">
      <Text color="fg.muted">{label}</Text>
      <Box textAlign="right" fontWeight="medium" minW="0" overflowWrap="anywhere">
        {children}
      </Box>
    </Flex>
  );
}

/** Spec §4: payment events, and any event that was initiated, confirmed or failed, get their own mark. */
function EventIcon({ eventType }: { eventType: string }) {
  if (eventType.includes('failed')) return <XCircle size={18} color="var(--chakra-colors-red-solid)" aria-hidden />;
  if (/completed|confirmed|released|paid|resolved/.test(eventType))
    return <CheckCircle2 size={18} color="var(--chakra-colors-green-solid)" aria-hidden />;
  return <CircleDot size={18} color="var(--chakra-colors-blue-solid)" aria-hidden />;
}

function EventData({ data }: { data: Record<string, unknown> }) {
  const facts = eventFacts(data);
  if (facts.length === 0) return null;
  return (
    <Flex gap="2" wrap="wrap" mt="1" minW="0">
      {facts.map((fact) => (
        <Badge
          key={fact.key}
          variant="outline"
          size="sm"
          fontWeight="normal"
          maxW="full"
          h="auto"
          py="0.5"
          whiteSpace="normal"
          overflowWrap="anywhere"
          title={fact.title}
        >
          {fact.label}: {fact.value}
        </Badge>
      ))}
    </Flex>
  );
}

function Details({ data }: { data: Timeline }) {
  const { transaction, timeline } = data;
  return (
    <Stack gap="4">
      <Grid templateColumns={{ base: '1fr', md: '1fr 1fr' }} gap="4">
        <Section title="Transaction Info">
          <Row label="Amount">{formatMoney(transaction.amount)}</Row>
          <Row label="Status">
            <StatusBadge wording="status" status={transaction.status} />
          </Row>
          <Row label="Type">{enumLabel(transaction.transaction_type)}</Row>
          <Row label="Product">{transaction.product_name}</Row>
        </Section>
        <Section title="Charges">
          <Row label="Buyer charge">{formatMoney(transaction.charges.buyer_charge)}</Row>
          <Row label="Seller charge">{formatMoney(transaction.charges.seller_charge)}</Row>
          <Row label="Total service charge">{formatMoney(transaction.charges.total_service_charge)}</Row>
        </Section>
        <Section title="Participants">
          <Row label="Buyer">
            {transaction.buyer.display_name}
            <Text color="fg.muted" fontWeight="normal">
              {formatPhone(transaction.buyer.phone_number)}
            </Text>
          </Row>
          <Row label="Seller">
            {transaction.seller.display_name}
            <Text color="fg.muted" fontWeight="normal">
              {formatPhone(transaction.seller.phone_number)}
            </Text>
          </Row>
        </Section>
        <Section title="Payment Status">
          <Row label="Total payments">{transaction.payment_status.total_payments}</Row>
          <Row label="Successful">{transaction.payment_status.successful_payments}</Row>
          <Row label="Failed">{transaction.payment_status.failed_payments}</Row>
        </Section>
      </Grid>
      <Section title="Transaction Timeline">
        {timeline.length === 0 ? (
          <Text color="fg.muted" fontSize="sm">
            No events yet.
          </Text>
        ) : (
          <Stack as="ol" gap="0" listStyleType="none">
            {timeline.map((event, index) => (
              <Flex as="li" key={`${event.timestamp}-${index}`} gap="3" pb={index === timeline.length - 1 ? '0' : '4'} position="relative">
                {index < timeline.length - 1 ? (
                  <Box position="absolute" left="2" top="6" bottom="0" borderLeftWidth="2px" aria-hidden />
                ) : null}
                <Box pt="0.5" flexShrink={0}>
                  <EventIcon eventType={event.event_type} />
                </Box>
                <Box minW="0">
                  <Flex gap="2" align="center" wrap="wrap">
                    <Text fontWeight="medium" fontSize="sm">
                      {isDisputeResponse(event) ? 'Response to the dispute' : humanize(event.event_type)}
                    </Text>
                    <Badge
                      size="sm"
                      variant="surface"
                      colorPalette={event.type === 'payment' ? 'blue' : event.type === 'dispute' ? 'red' : 'gray'}
                    >
                      {event.type}
                    </Badge>
                  </Flex>
                  <Text fontSize="sm" color="fg.muted" overflowWrap="anywhere">
                    {event.description}
                  </Text>
                  <Text fontSize="xs" color="fg.subtle">
                    {formatDateTime(event.timestamp)}
                  </Text>
                  {event.data ? <EventData data={event.data} /> : null}
                </Box>
              </Flex>
            ))}
          </Stack>
        )}
      </Section>
    </Stack>
  );
}

export function TransactionDetailsDialog({ transactionId, onClose }: { transactionId: string | null; onClose: () => void }) {
  const isOpen = transactionId !== null;
  const query = useQuery({ ...trpc.admin.transactionTimeline.queryOptions({ id: transactionId ?? '' }), enabled: isOpen });
  return (
    <Dialog.Root
      open={isOpen}
      onOpenChange={(details) => {
        if (!details.open) onClose();
      }}
      size={{ base: 'full', md: 'xl' }}
      placement="center"
      scrollBehavior="inside"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content aria-label="Transaction details">
            <Dialog.Header>
              <Stack gap="0">
                <Dialog.Title>Transaction details</Dialog.Title>
                <Text fontFamily="mono" color="brand.fg" fontSize="sm">
                  {query.data?.transaction.reference_number ?? '…'}
                </Text>
              </Stack>
            </Dialog.Header>
            {/* Scrolls inside the dialog: focusable, so the keyboard can scroll it too. */}
            <Dialog.Body pb="6" tabIndex={0}>
              {query.isPending ? (
                <LoadingState label="Loading transaction details…" />
              ) : query.isError ? (
                <ErrorState
                  message="Failed to load transaction details"
                  detail={query.error.message}
                  onRetry={() => void query.refetch()}
                />
              ) : (
                <Details data={query.data} />
              )}
            </Dialog.Body>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="Close" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
