/**
 * Disputes: the mediation queue. The list by status; a case opens with both sides' statements, the
 * evidence (images previewed inline, files opened with the admin's token: components/evidence-list.tsx)
 * and the ruling form (components/ruling-form.tsx). A ruling is final (a second one is refused).
 */
import { Alert, Badge, Box, Button, CloseButton, Dialog, Flex, Heading, Portal, Stack, Table, Text } from '@chakra-ui/react';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { isAlreadyDone, useDisputeCaseRefresh } from '../hooks/use-dispute-case-refresh';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { DISPUTE_STATUSES } from '@escrow/core/contract/disputes';
import { formatDateTime, formatMoney, formatPhone, formatRelativeTime, humanize } from '@/lib/format';
import { useAdminPreferences } from '../admin-preferences';
import { adminRest, type DisputeDetail } from '../api/admin-rest';
import { isRuled, responseState } from '../dispute-deadline';
import { disputeReasonLabel } from '../components/dispute-reason';
import { EvidenceList } from '../components/evidence-list';
import { RulingForm, returnConsequence, rulingSummary } from '../components/ruling-form';
import { ConfirmDialog } from '../components/confirm-dialog';
import { toaster } from '../components/toaster';
import { PageHeader } from '../components/page-header';
import { FilterSelect } from '../components/filter-select';
import { PaginationBar } from '../components/pagination-bar';
import { EmptyState, ErrorState, LoadingState } from '../components/query-state';
import { StatusBadge } from '@/components/status-badge';
import { StatusAmountCell } from '../components/status-amount-cell';
import { WideTable } from '../components/wide-table';

/** After "Opened by …": the answer's deadline while it is awaited, when it came once answered, nothing once ruled. */
function caseDeadline(detail: DisputeDetail): string {
  const state = responseState(detail.dispute);
  if (state.kind === 'ruled') return '';
  const by = humanize(detail.dispute.respondent).toLowerCase();
  return state.kind === 'answered' ? ` · the ${by} answered ${formatDateTime(state.at)}` : ` · respond by ${formatDateTime(state.at)}`;
}

/**
 * A refund ruling waits for the item to come back; a seller who stays silent would hold the buyer's money,
 * so the mediation team may confirm the return for them, with proof (docs/adr/0004-refund-and-dispute-policy.md).
 */
function ConfirmReturn({ detail }: { detail: DisputeDetail }) {
  const [isOpen, setIsOpen] = useState(false);
  const refresh = useDisputeCaseRefresh(detail.dispute.id);
  const mutation = useMutation({
    mutationFn: () => adminRest.confirmReturn(detail.transaction.id),
    onSuccess: async () => {
      toaster.create({
        type: 'success',
        title: 'Return confirmed: the refund to the buyer is on its way',
        description: detail.transaction.reference_number,
      });
      setIsOpen(false);
      await refresh();
    },
    onError: async (error) => {
      if (!isAlreadyDone(error)) return;
      // The server's refusal says where the buyer's refund stands (paid, on its way, or failed).
      toaster.create({ type: 'info', title: error.message, description: detail.transaction.reference_number });
      setIsOpen(false);
      await refresh();
    },
  });
  return (
    <>
      <Button alignSelf="flex-start" size="sm" variant="outline" colorPalette="orange" onClick={() => setIsOpen(true)}>
        Confirm the item came back
      </Button>
      <ConfirmDialog
        open={isOpen}
        title="Confirm the return for the seller?"
        confirmLabel="Confirm the return"
        busyText="Refunding"
        colorPalette="orange"
        busy={mutation.isPending}
        error={mutation.isError && !isAlreadyDone(mutation.error) ? `Nothing was refunded: ${mutation.error.message}` : null}
        onConfirm={() => mutation.mutateAsync()}
        onClose={() => {
          mutation.reset();
          setIsOpen(false);
        }}
      >
        <Text mb="3" fontSize="sm" color="fg.muted">
          Only with proof that the seller has the item back (a courier receipt, the seller on a call). The seller usually confirms this on
          their transaction page.
        </Text>
        <Text fontWeight="medium" data-testid="return-consequence">
          {returnConsequence(detail)}
        </Text>
      </ConfirmDialog>
    </>
  );
}

function DisputeCase({ id, onClose }: { id: string | null; onClose: () => void }) {
  const query = useQuery({ ...adminRest.dispute(id ?? ''), enabled: id !== null });
  return (
    <Dialog.Root
      open={id !== null}
      onOpenChange={(details) => details.open || onClose()}
      size={{ base: 'full', md: 'xl' }}
      scrollBehavior="inside"
      placement="center"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>Dispute {query.data ? `· ${query.data.transaction.reference_number}` : ''}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body pb="6">
              {query.isPending ? (
                <LoadingState label="Loading the case…" />
              ) : query.isError ? (
                <ErrorState message="Failed to load the dispute" detail={query.error.message} onRetry={() => void query.refetch()} />
              ) : (
                <Stack gap="4">
                  <Flex gap="2" wrap="wrap" align="center">
                    <StatusBadge wording="status" status={query.data.dispute.status} />
                    <Badge variant="outline">{disputeReasonLabel(query.data.dispute.reason)}</Badge>
                    <Text fontSize="sm" color="fg.muted">
                      Opened by the {query.data.dispute.opened_by} {formatRelativeTime(query.data.dispute.created_at).toLowerCase()}
                      {caseDeadline(query.data)}
                    </Text>
                  </Flex>
                  <Box borderWidth="1px" borderRadius="l2" p="4">
                    <Heading as="h3" size="sm" mb="2">
                      Transaction
                    </Heading>
                    <Text fontSize="sm">
                      {query.data.transaction.product_name} · {formatMoney(query.data.transaction.amount)} ·{' '}
                      <StatusBadge wording="status" status={query.data.transaction.status} />
                    </Text>
                    <Text fontSize="sm" color="fg.muted">
                      Buyer {query.data.transaction.buyer.display_name} ({formatPhone(query.data.transaction.buyer.phone_number)}) · Seller{' '}
                      {query.data.transaction.seller.display_name} ({formatPhone(query.data.transaction.seller.phone_number)})
                    </Text>
                  </Box>
                  <Box borderWidth="1px" borderRadius="l2" p="4">
                    <Heading as="h3" size="sm" mb="2">
                      Statements
                    </Heading>
                    <Text fontSize="sm" fontWeight="medium">
                      {humanize(query.data.dispute.opened_by)} (opened the dispute)
                    </Text>
                    <Text fontSize="sm" mb="3" whiteSpace="pre-wrap" color={query.data.dispute.description ? undefined : 'fg.muted'}>
                      {query.data.dispute.description ||
                        `No words of their own: they picked “${disputeReasonLabel(query.data.dispute.reason)}” on USSD.`}
                    </Text>
                    <Text fontSize="sm" fontWeight="medium">
                      {humanize(query.data.dispute.respondent)} (response)
                    </Text>
                    <Text fontSize="sm" color={query.data.dispute.response ? undefined : 'fg.muted'} whiteSpace="pre-wrap">
                      {query.data.dispute.response ?? 'No response yet.'}
                    </Text>
                  </Box>
                  <Box borderWidth="1px" borderRadius="l2" p="4">
                    <Heading as="h3" size="sm" mb="2">
                      Evidence ({query.data.evidence.length})
                    </Heading>
                    <EvidenceList evidence={query.data.evidence} />
                  </Box>
                  {query.data.dispute.outcome ? (
                    <Stack gap="3">
                      <Alert.Root status="success">
                        <Alert.Indicator />
                        <Alert.Content>
                          <Alert.Title data-testid="ruling-summary">{rulingSummary(query.data)}</Alert.Title>
                          <Alert.Description>
                            {query.data.dispute.ruling_note} — {query.data.dispute.resolved_by?.display_name ?? 'an admin'},{' '}
                            {formatDateTime(query.data.dispute.resolved_at)}
                          </Alert.Description>
                        </Alert.Content>
                      </Alert.Root>
                      {query.data.dispute.status === 'awaiting_return' ? <ConfirmReturn detail={query.data} /> : null}
                    </Stack>
                  ) : (
                    <RulingForm detail={query.data} onDone={onClose} />
                  )}
                </Stack>
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

export default function DisputesPage() {
  const [params, setParams] = useSearchParams();
  const { pageSize } = useAdminPreferences();
  const [status, setStatus] = useState<(typeof DISPUTE_STATUSES)[number] | ''>('open');
  const [page, setPage] = useState(1);
  const openId = params.get('open');
  const query = useQuery({
    ...adminRest.disputes({ ...(status ? { status } : {}), page, per_page: pageSize }),
    placeholderData: keepPreviousData,
  });
  const setOpen = (id: string | null) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (id) next.set('open', id);
        else next.delete('open');
        return next;
      },
      { replace: true },
    );

  return (
    <>
      <PageHeader
        title="Disputes"
        description="Cases waiting for a ruling by the mediation team."
        actions={
          <FilterSelect
            label="Filter by status"
            allLabel="All disputes"
            values={DISPUTE_STATUSES}
            value={status}
            onChange={(value) => {
              setStatus(value);
              setPage(1);
            }}
            size="sm"
            w="48"
          />
        }
      />
      {query.isPending ? (
        <LoadingState label="Loading disputes…" />
      ) : query.isError ? (
        <ErrorState message="Failed to load disputes" detail={query.error.message} onRetry={() => void query.refetch()} />
      ) : query.data.disputes.length === 0 ? (
        <EmptyState>No disputes {status ? `with status “${humanize(status).toLowerCase()}”` : 'yet'}.</EmptyState>
      ) : (
        <>
          <WideTable label="Disputes" borderWidth="1px" borderRadius="l2">
            <Table.Root size="sm" interactive>
              <Table.Header>
                <Table.Row bg="bg.subtle">
                  <Table.ColumnHeader>Case</Table.ColumnHeader>
                  <Table.ColumnHeader>Action</Table.ColumnHeader>
                  <Table.ColumnHeader>Reason</Table.ColumnHeader>
                  <Table.ColumnHeader>Opened by</Table.ColumnHeader>
                  <Table.ColumnHeader>Evidence</Table.ColumnHeader>
                  <Table.ColumnHeader>Respond by</Table.ColumnHeader>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {query.data.disputes.map((row) => {
                  const answer = responseState(row);
                  // A ruled dispute (resolved, or awaiting the item's return) opens read-only: nothing left to rule.
                  const action = isRuled(row) ? 'View' : 'Review & rule';
                  return (
                    <Table.Row key={row.id}>
                      <StatusAmountCell status={row.status} amount={row.amount}>
                        <Text fontFamily="mono" fontSize="xs">
                          {row.reference_number}
                        </Text>
                      </StatusAmountCell>
                      <Table.Cell>
                        <Button
                          size="xs"
                          variant={isRuled(row) ? 'outline' : 'solid'}
                          colorPalette="teal"
                          onClick={() => setOpen(row.id)}
                          aria-label={`${action} ${row.reference_number}`}
                          whiteSpace="nowrap"
                        >
                          {action}
                        </Button>
                      </Table.Cell>
                      <Table.Cell>
                        <Text fontSize="sm">{disputeReasonLabel(row.reason)}</Text>
                        <Text fontSize="xs" color="fg.muted" lineClamp={1} maxW="64">
                          {row.description}
                        </Text>
                      </Table.Cell>
                      <Table.Cell textTransform="capitalize">{row.opened_by}</Table.Cell>
                      <Table.Cell>{row.evidence_count}</Table.Cell>
                      <Table.Cell whiteSpace="nowrap" color={answer.kind === 'due' && answer.isLate ? 'fg.error' : undefined}>
                        {answer.kind === 'ruled' ? (
                          <Text color="fg.muted">Ruled</Text>
                        ) : answer.kind === 'answered' ? (
                          <Text color="fg.muted">Answered {formatRelativeTime(answer.at).replace(/^Just now$/, 'just now')}</Text>
                        ) : (
                          formatRelativeTime(answer.at)
                        )}
                      </Table.Cell>
                    </Table.Row>
                  );
                })}
              </Table.Body>
            </Table.Root>
          </WideTable>
          <PaginationBar pagination={query.data.pagination} onPage={setPage} isBusy={query.isFetching} />
        </>
      )}
      <DisputeCase id={openId} onClose={() => setOpen(null)} />
    </>
  );
}
