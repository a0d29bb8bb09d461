/**
 * Disputes: the mediation queue. The list by status; a case opens with both sides' statements, the
 * evidence (files download with the admin's token) and the ruling form: release to the seller, refund
 * the buyer, or split with the buyer's part, and a note. A ruling is final (a second one is refused).
 */
import {
  Alert,
  Badge,
  Box,
  Button,
  CloseButton,
  Dialog,
  Field,
  Flex,
  Heading,
  HStack,
  Input,
  NativeSelect,
  Portal,
  RadioGroup,
  Stack,
  Table,
  Text,
  Textarea,
} from '@chakra-ui/react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Download, FileText } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { DISPUTE_OUTCOMES, DISPUTE_STATUSES } from '@escrow/core/contract/disputes';
import { formatDateTime, formatMoney, formatPhone, formatRelativeTime, humanize } from '@/lib/format';
import { trpc } from '@/lib/trpc';
import { useAdminPreferences } from '../admin-preferences';
import { adminRest, downloadWithToken, type DisputeDetail } from '../api/admin-rest';
import { PageHeader } from '../components/page-header';
import { PaginationBar } from '../components/pagination-bar';
import { EmptyState, ErrorState, LoadingState } from '../components/query-state';
import { StatusBadge } from '../components/status-badge';
import { toaster } from '../components/toaster';

type Outcome = (typeof DISPUTE_OUTCOMES)[number];

const OUTCOME_COPY: Record<Outcome, { label: string; help: string }> = {
  release_seller: { label: 'Release to seller', help: 'The seller is paid in full; the transaction completes.' },
  refund_buyer: { label: 'Refund the buyer', help: 'The buyer gets the money held back; the transaction is refunded.' },
  split: { label: 'Split', help: 'The buyer gets the part you enter; the seller is paid the rest.' },
};

function RulingForm({ detail, onDone }: { detail: DisputeDetail; onDone: () => void }) {
  const queryClient = useQueryClient();
  const [outcome, setOutcome] = useState<Outcome>('release_seller');
  const [buyerAmount, setBuyerAmount] = useState('');
  const [note, setNote] = useState('');
  const mutation = useMutation({
    mutationFn: () =>
      adminRest.resolveDispute(detail.dispute.id, {
        outcome,
        note: note.trim(),
        ...(outcome === 'split' ? { buyer_amount: buyerAmount.trim() } : {}),
      }),
    onSuccess: async () => {
      toaster.create({
        type: 'success',
        title: 'Ruling recorded',
        description: `${detail.transaction.reference_number}: ${OUTCOME_COPY[outcome].label.toLowerCase()}`,
      });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ['admin', 'disputes'] }),
        queryClient.invalidateQueries({ queryKey: ['admin', 'dispute', detail.dispute.id] }),
        queryClient.invalidateQueries({ queryKey: trpc.admin.pathKey() }),
      ]);
      onDone();
    },
  });
  const errors = (mutation.error as { errors?: Record<string, string[]> } | null)?.errors;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    mutation.mutate();
  };
  return (
    <Box as="form" onSubmit={submit} borderWidth="1px" borderRadius="l2" p="4">
      <Heading as="h3" size="sm" mb="3">
        Ruling
      </Heading>
      <Stack gap="4">
        <RadioGroup.Root value={outcome} onValueChange={(details) => setOutcome(details.value as Outcome)} colorPalette="teal">
          <Stack gap="2">
            {DISPUTE_OUTCOMES.map((value) => (
              <RadioGroup.Item key={value} value={value} alignItems="flex-start">
                <RadioGroup.ItemHiddenInput />
                <RadioGroup.ItemIndicator />
                <RadioGroup.ItemText>
                  <Text fontWeight="medium">{OUTCOME_COPY[value].label}</Text>
                  <Text fontSize="xs" color="fg.muted">
                    {OUTCOME_COPY[value].help}
                  </Text>
                </RadioGroup.ItemText>
              </RadioGroup.Item>
            ))}
          </Stack>
        </RadioGroup.Root>
        {outcome === 'split' ? (
          <Field.Root required invalid={!!errors?.buyer_amount}>
            <Field.Label>Buyer's part (KES)</Field.Label>
            <Input
              inputMode="decimal"
              value={buyerAmount}
              onChange={(event) => setBuyerAmount(event.target.value)}
              placeholder="e.g. 1500"
            />
            <Field.HelperText>
              Of {formatMoney(detail.transaction.amount)}; the seller is paid the rest less the seller fee.
            </Field.HelperText>
            <Field.ErrorText>{errors?.buyer_amount?.[0]}</Field.ErrorText>
          </Field.Root>
        ) : null}
        <Field.Root required invalid={!!errors?.note}>
          <Field.Label>Note to both parties</Field.Label>
          <Textarea
            value={note}
            onChange={(event) => setNote(event.target.value)}
            rows={3}
            maxLength={2000}
            placeholder="What the evidence showed and why"
          />
          <Field.ErrorText>{errors?.note?.[0]}</Field.ErrorText>
        </Field.Root>
        {mutation.isError ? (
          <Alert.Root status="error" role="alert">
            <Alert.Indicator />
            <Alert.Title>{mutation.error.message}</Alert.Title>
          </Alert.Root>
        ) : null}
        <Text fontSize="xs" color="fg.muted">
          A ruling is final, binding and cannot be changed. Money moves as soon as you confirm.
        </Text>
        <Button
          type="submit"
          colorPalette="teal"
          loading={mutation.isPending}
          loadingText="Recording"
          alignSelf="flex-start"
          disabled={note.trim().length < 3}
        >
          Record ruling
        </Button>
      </Stack>
    </Box>
  );
}

function DisputeCase({ id, onClose }: { id: string | null; onClose: () => void }) {
  const query = useQuery({ ...adminRest.dispute(id ?? ''), enabled: id !== null });
  const [downloadError, setDownloadError] = useState<string | null>(null);
  const download = async (url: string, name: string | null) => {
    setDownloadError(null);
    try {
      await downloadWithToken(url, { fileName: name ?? 'evidence', open: false });
    } catch (error) {
      setDownloadError((error as Error).message);
    }
  };
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
                    <StatusBadge status={query.data.dispute.status} />
                    <Badge variant="outline">{humanize(query.data.dispute.reason)}</Badge>
                    <Text fontSize="sm" color="fg.muted">
                      Opened by the {query.data.dispute.opened_by} {formatRelativeTime(query.data.dispute.created_at).toLowerCase()} ·
                      respond by {formatDateTime(query.data.dispute.respond_by)}
                    </Text>
                  </Flex>
                  <Box borderWidth="1px" borderRadius="l2" p="4">
                    <Heading as="h3" size="sm" mb="2">
                      Transaction
                    </Heading>
                    <Text fontSize="sm">
                      {query.data.transaction.product_name} · {formatMoney(query.data.transaction.amount)} ·{' '}
                      <StatusBadge status={query.data.transaction.status} />
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
                    <Text fontSize="sm" mb="3" whiteSpace="pre-wrap">
                      {query.data.dispute.description}
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
                    {query.data.evidence.length === 0 ? (
                      <Text fontSize="sm" color="fg.muted">
                        No evidence submitted.
                      </Text>
                    ) : (
                      <Stack gap="2">
                        {query.data.evidence.map((item) => (
                          <Flex
                            key={item.id}
                            gap="3"
                            justify="space-between"
                            align="flex-start"
                            borderBottomWidth="1px"
                            pb="2"
                            _last={{ borderBottomWidth: 0 }}
                          >
                            <Box minW="0">
                              <HStack gap="2">
                                <FileText size={14} aria-hidden />
                                <Text fontSize="sm" fontWeight="medium">
                                  {humanize(item.kind)} · from the {item.submitted_by}
                                </Text>
                              </HStack>
                              <Text fontSize="sm" color="fg.muted" whiteSpace="pre-wrap">
                                {item.description}
                              </Text>
                              <Text fontSize="xs" color="fg.subtle">
                                {formatDateTime(item.created_at)}
                              </Text>
                            </Box>
                            {item.download_url ? (
                              <Button size="xs" variant="outline" onClick={() => void download(item.download_url!, item.file_name)}>
                                <Download aria-hidden /> {item.file_name ?? 'File'}
                              </Button>
                            ) : null}
                          </Flex>
                        ))}
                      </Stack>
                    )}
                    {downloadError ? (
                      <Text color="fg.error" fontSize="sm" mt="2" role="alert">
                        {downloadError}
                      </Text>
                    ) : null}
                  </Box>
                  {query.data.dispute.status === 'resolved' ? (
                    <Alert.Root status="success">
                      <Alert.Indicator />
                      <Alert.Content>
                        <Alert.Title>
                          Ruled: {humanize(query.data.dispute.outcome ?? '')}
                          {query.data.dispute.buyer_amount ? ` (buyer ${formatMoney(query.data.dispute.buyer_amount)})` : ''}
                        </Alert.Title>
                        <Alert.Description>
                          {query.data.dispute.ruling_note} — {query.data.dispute.resolved_by?.display_name ?? 'an admin'},{' '}
                          {formatDateTime(query.data.dispute.resolved_at)}
                        </Alert.Description>
                      </Alert.Content>
                    </Alert.Root>
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
          <NativeSelect.Root size="sm" w="48">
            <NativeSelect.Field
              aria-label="Filter by status"
              value={status}
              onChange={(event) => {
                setStatus(event.target.value as typeof status);
                setPage(1);
              }}
            >
              <option value="">All disputes</option>
              {DISPUTE_STATUSES.map((value) => (
                <option key={value} value={value}>
                  {humanize(value)}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
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
          <Table.ScrollArea borderWidth="1px" borderRadius="l2">
            <Table.Root size="sm" interactive>
              <Table.Header>
                <Table.Row bg="bg.subtle">
                  <Table.ColumnHeader>Reference</Table.ColumnHeader>
                  <Table.ColumnHeader textAlign="end">Amount</Table.ColumnHeader>
                  <Table.ColumnHeader>Reason</Table.ColumnHeader>
                  <Table.ColumnHeader>Opened by</Table.ColumnHeader>
                  <Table.ColumnHeader>Status</Table.ColumnHeader>
                  <Table.ColumnHeader>Evidence</Table.ColumnHeader>
                  <Table.ColumnHeader>Respond by</Table.ColumnHeader>
                  <Table.ColumnHeader textAlign="end">Actions</Table.ColumnHeader>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {query.data.disputes.map((row) => {
                  const isLate = row.status !== 'resolved' && new Date(row.respond_by).getTime() < Date.now();
                  return (
                    <Table.Row key={row.id}>
                      <Table.Cell fontFamily="mono" fontSize="xs">
                        {row.reference_number}
                      </Table.Cell>
                      <Table.Cell textAlign="end">{formatMoney(row.amount)}</Table.Cell>
                      <Table.Cell>
                        <Text fontSize="sm">{humanize(row.reason)}</Text>
                        <Text fontSize="xs" color="fg.muted" lineClamp={1} maxW="64">
                          {row.description}
                        </Text>
                      </Table.Cell>
                      <Table.Cell textTransform="capitalize">{row.opened_by}</Table.Cell>
                      <Table.Cell>
                        <StatusBadge status={row.status} />
                      </Table.Cell>
                      <Table.Cell>{row.evidence_count}</Table.Cell>
                      <Table.Cell whiteSpace="nowrap" color={isLate ? 'fg.error' : undefined}>
                        {formatRelativeTime(row.respond_by)}
                      </Table.Cell>
                      <Table.Cell textAlign="end">
                        <Button
                          size="xs"
                          variant={row.status === 'resolved' ? 'ghost' : 'solid'}
                          colorPalette="teal"
                          onClick={() => setOpen(row.id)}
                        >
                          {row.status === 'resolved' ? 'View' : 'Review & rule'}
                        </Button>
                      </Table.Cell>
                    </Table.Row>
                  );
                })}
              </Table.Body>
            </Table.Root>
          </Table.ScrollArea>
          <PaginationBar pagination={query.data.pagination} onPage={setPage} isBusy={query.isFetching} />
        </>
      )}
      <DisputeCase id={openId} onClose={() => setOpen(null)} />
    </>
  );
}
