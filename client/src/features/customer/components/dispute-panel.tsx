/**
 * The dispute on a transaction: what was claimed, by whom, the deadline, the other party's response,
 * the evidence both sides gave (files downloadable by the parties only) and, while it is open, forms to
 * add evidence and — for the party who did not open it — to respond. Then the ruling.
 */
import {
  Alert,
  Badge,
  Box,
  Button,
  Card,
  DataList,
  Field,
  HStack,
  Input,
  NativeSelect,
  Separator,
  Stack,
  Text,
  Textarea,
} from '@chakra-ui/react';
import { Download, Paperclip } from 'lucide-react';
import { useRef, useState, type FormEvent } from 'react';
import { formatKes } from '@escrow/core/domain/money';
import { formatDateTime, formatRelativeTime, humanize } from '@/lib/format';
import { ApiError } from '@/lib/api';
import {
  downloadEvidenceFile,
  EVIDENCE_DESCRIPTION_MAX,
  EVIDENCE_MIME_TYPES,
  EVIDENCE_MAX_BYTES,
  useDispute,
  useRespondToDispute,
  useSubmitEvidence,
  type Evidence,
  type EvidenceKind,
} from '../api/disputes';
import type { TransactionDetail } from '../api/transactions';
import type { DisputeType } from '../api/actions';
import { cents } from '../money';
import { errorMessage } from './query-state';
import { DISPUTE_TYPE_LABELS } from './transaction-actions';
import { FormStack } from './form-stack';

const KIND_LABELS: Record<EvidenceKind, string> = {
  screenshot: 'Screenshot',
  chat_history: 'Chat history',
  delivery_record: 'Delivery record',
  statement: 'Written statement',
  other: 'Other proof',
};

/** 'Other proof' last in the list. */
const KIND_ORDER: EvidenceKind[] = ['screenshot', 'chat_history', 'delivery_record', 'statement', 'other'];

const OUTCOME_LABELS: Record<string, string> = {
  release_seller: 'Released to the seller',
  refund_buyer: 'Refunded to the buyer',
  split: 'Split between buyer and seller',
};

const STATUS_LOOK: Record<string, { label: string; palette: string }> = {
  open: { label: 'Open', palette: 'orange' },
  awaiting_return: { label: 'Awaiting return of the item', palette: 'purple' },
  resolved: { label: 'Resolved', palette: 'green' },
};

function fileSize(bytes: number | null) {
  if (bytes === null) return '';
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

function EvidenceItem({ evidence, myRole }: { evidence: Evidence; myRole: string }) {
  const [error, setError] = useState<string | null>(null);
  const [isDownloading, setIsDownloading] = useState(false);
  const who =
    evidence.submitted_by === myRole ? 'You' : evidence.submitted_by === 'admin' ? 'Mediation team' : humanize(evidence.submitted_by);
  const download = async () => {
    setError(null);
    setIsDownloading(true);
    try {
      await downloadEvidenceFile(evidence);
    } catch (failure) {
      setError(errorMessage(failure, 'The file could not be downloaded.'));
    } finally {
      setIsDownloading(false);
    }
  };
  return (
    <Box as="li" borderWidth="1px" borderRadius="l2" p="3" data-testid="evidence-item">
      <HStack justify="space-between" gap="2" flexWrap="wrap">
        <HStack gap="2">
          <Badge variant="outline">{KIND_LABELS[evidence.kind] ?? humanize(evidence.kind)}</Badge>
          <Text fontSize="xs" color="fg.muted">
            {who} · <time dateTime={evidence.created_at}>{formatRelativeTime(evidence.created_at)}</time>
          </Text>
        </HStack>
      </HStack>
      <Text mt="2" whiteSpace="pre-wrap" wordBreak="break-word">
        {evidence.description}
      </Text>
      {evidence.file_name ? (
        <HStack mt="2" gap="2" flexWrap="wrap">
          <Paperclip size={14} aria-hidden />
          <Text fontSize="sm" wordBreak="break-all">
            {evidence.file_name}{' '}
            {evidence.size_bytes !== null ? (
              <Text as="span" color="fg.muted">
                ({fileSize(evidence.size_bytes)})
              </Text>
            ) : null}
          </Text>
          {evidence.download_url ? (
            <Button
              size="xs"
              variant="outline"
              onClick={() => void download()}
              loading={isDownloading}
              aria-label={`Download ${evidence.file_name}`}
            >
              <Download aria-hidden /> Download
            </Button>
          ) : null}
        </HStack>
      ) : null}
      {error ? (
        <Text color="fg.error" fontSize="sm" mt="1" role="alert">
          {error}
        </Text>
      ) : null}
    </Box>
  );
}

function EvidenceForm({ transactionId }: { transactionId: string }) {
  const submit = useSubmitEvidence(transactionId);
  const [kind, setKind] = useState<EvidenceKind>('screenshot');
  const [description, setDescription] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [errors, setErrors] = useState<{ description?: string; file?: string; form?: string }>({});
  const [saved, setSaved] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const next: typeof errors = {};
    if (!description.trim()) next.description = 'Describe what this evidence shows';
    if (file && file.size > EVIDENCE_MAX_BYTES) next.file = 'The file is larger than 5 MB';
    else if (file && file.type && !(EVIDENCE_MIME_TYPES as readonly string[]).includes(file.type))
      next.file = 'Use a PNG, JPEG or WebP image, a PDF or a text file';
    setErrors(next);
    setSaved(false);
    if (Object.keys(next).length > 0) return;
    submit.mutate(
      { kind, description: description.trim(), file },
      {
        onSuccess: () => {
          setDescription('');
          setFile(null);
          if (fileInput.current) fileInput.current.value = '';
          setSaved(true);
        },
        onError: (error) => {
          const fields = error instanceof ApiError ? error.errors : undefined;
          setErrors({
            description: fields?.description?.[0],
            file: fields?.file?.[0],
            form: errorMessage(error, 'The evidence could not be saved. Please try again.'),
          });
        },
      },
    );
  };

  return (
    <FormStack gap="3" onSubmit={onSubmit} noValidate aria-labelledby="evidence-form-heading" data-testid="evidence-form" maxW="xl">
      <Text as="h3" id="evidence-form-heading" fontWeight="semibold">
        Add evidence
      </Text>
      <Field.Root required>
        <Field.Label>Type of evidence</Field.Label>
        <NativeSelect.Root>
          <NativeSelect.Field value={kind} onChange={(event) => setKind(event.target.value as EvidenceKind)}>
            {KIND_ORDER.map((value) => (
              <option key={value} value={value}>
                {KIND_LABELS[value]}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </Field.Root>
      <Field.Root required invalid={!!errors.description}>
        <Field.Label>Description</Field.Label>
        <Textarea
          value={description}
          onChange={(event) => setDescription(event.target.value)}
          maxLength={EVIDENCE_DESCRIPTION_MAX}
          rows={3}
        />
        <Field.HelperText>What it shows and why it matters.</Field.HelperText>
        <Field.ErrorText>{errors.description}</Field.ErrorText>
      </Field.Root>
      <Field.Root invalid={!!errors.file}>
        <Field.Label>File (optional)</Field.Label>
        <Input
          ref={fileInput}
          type="file"
          accept={EVIDENCE_MIME_TYPES.join(',')}
          p="1.5"
          h="auto"
          onChange={(event) => setFile(event.target.files?.[0] ?? null)}
        />
        <Field.HelperText>PNG, JPEG, WebP, PDF or text, up to 5 MB.</Field.HelperText>
        <Field.ErrorText>{errors.file}</Field.ErrorText>
      </Field.Root>
      {errors.form ? (
        <Alert.Root status="error" role="alert">
          <Alert.Indicator />
          <Alert.Title>{errors.form}</Alert.Title>
        </Alert.Root>
      ) : null}
      {saved ? (
        <Alert.Root status="success" role="status">
          <Alert.Indicator />
          <Alert.Title>Evidence added. The mediation team and the other party can see it.</Alert.Title>
        </Alert.Root>
      ) : null}
      <Box>
        <Button type="submit" colorPalette="teal" loading={submit.isPending} loadingText="Uploading…">
          Add evidence
        </Button>
      </Box>
    </FormStack>
  );
}

function RespondForm({ transactionId }: { transactionId: string }) {
  const respond = useRespondToDispute(transactionId);
  const [response, setResponse] = useState('');
  const [error, setError] = useState<string | null>(null);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (response.trim().length < 3) return setError('Write your side of the story');
    setError(null);
    respond.mutate(response.trim(), { onError: (failure) => setError(errorMessage(failure, 'Your response could not be sent.')) });
  };
  return (
    <FormStack gap="3" onSubmit={onSubmit} noValidate data-testid="respond-form" maxW="xl">
      <Field.Root required invalid={!!error}>
        <Field.Label>Your response</Field.Label>
        <Textarea value={response} onChange={(event) => setResponse(event.target.value)} maxLength={EVIDENCE_DESCRIPTION_MAX} rows={3} />
        <Field.HelperText>Your side of what happened. The mediation team reads both.</Field.HelperText>
        <Field.ErrorText>{error}</Field.ErrorText>
      </Field.Root>
      <Box>
        <Button type="submit" colorPalette="teal" variant="outline" loading={respond.isPending} loadingText="Sending…">
          Send response
        </Button>
      </Box>
    </FormStack>
  );
}

export function DisputePanel({ detail }: { detail: TransactionDetail }) {
  const summary = detail.dispute!;
  const txn = detail.transaction;
  const query = useDispute(txn.id, true);
  const dispute = query.data?.dispute ?? summary;
  const look = STATUS_LOOK[dispute.status] ?? { label: humanize(dispute.status), palette: 'gray' };
  const isOpen = dispute.status === 'open';
  const isParty = txn.my_role === 'buyer' || txn.my_role === 'seller';
  const openedByMe = dispute.opened_by === txn.my_role;
  const response = query.data?.dispute.response ?? null;
  // The party who did not open the dispute answers it, once.
  const canRespond = isOpen && !response && !!query.data && query.data.dispute.respondent === txn.my_role;
  const reasonLabel = DISPUTE_TYPE_LABELS[dispute.reason as DisputeType] ?? humanize(dispute.reason);

  return (
    <Card.Root size="sm" as="section" aria-labelledby="dispute-heading" borderColor="orange.muted" data-testid="dispute-panel">
      <Card.Header>
        <HStack justify="space-between" flexWrap="wrap" gap="2">
          <Card.Title as="h2" id="dispute-heading" fontSize="md">
            Dispute
          </Card.Title>
          <Badge colorPalette={look.palette} variant="subtle" data-testid="dispute-status">
            {look.label}
          </Badge>
        </HStack>
      </Card.Header>
      <Card.Body gap="4">
        <DataList.Root orientation="horizontal" size="sm">
          <DataList.Item>
            <DataList.ItemLabel>Opened by</DataList.ItemLabel>
            <DataList.ItemValue>
              {openedByMe ? 'You' : `The ${dispute.opened_by}`} · {formatRelativeTime(dispute.created_at)}
            </DataList.ItemValue>
          </DataList.Item>
          <DataList.Item>
            <DataList.ItemLabel>Problem</DataList.ItemLabel>
            <DataList.ItemValue>{reasonLabel}</DataList.ItemValue>
          </DataList.Item>
          {isOpen ? (
            <DataList.Item>
              <DataList.ItemLabel>Response due</DataList.ItemLabel>
              <DataList.ItemValue>{formatDateTime(dispute.respond_by)}</DataList.ItemValue>
            </DataList.Item>
          ) : null}
        </DataList.Root>
        <Text whiteSpace="pre-wrap" wordBreak="break-word" borderLeftWidth="3px" borderColor="orange.solid" pl="3">
          {dispute.description}
        </Text>

        {response ? (
          <Box data-testid="dispute-response">
            <Text fontWeight="semibold" fontSize="sm">
              {openedByMe ? `The ${dispute.opened_by === 'buyer' ? 'seller' : 'buyer'}'s response` : 'Your response'}
            </Text>
            <Text whiteSpace="pre-wrap" wordBreak="break-word">
              {response}
            </Text>
          </Box>
        ) : null}

        {dispute.outcome ? (
          <Alert.Root status={dispute.status === 'resolved' ? 'success' : 'info'} data-testid="dispute-ruling">
            <Alert.Indicator />
            <Alert.Content>
              <Alert.Title>Ruling: {OUTCOME_LABELS[dispute.outcome] ?? humanize(dispute.outcome)}</Alert.Title>
              <Alert.Description>
                {dispute.outcome === 'split' && dispute.buyer_amount && dispute.seller_amount
                  ? `Buyer ${formatKes(cents(dispute.buyer_amount))}, seller ${formatKes(cents(dispute.seller_amount))}. `
                  : ''}
                {dispute.status === 'awaiting_return'
                  ? 'The buyer returns the item; once the seller confirms it came back, the buyer is refunded in full. '
                  : ''}
                {dispute.ruling_note ?? ''}
              </Alert.Description>
            </Alert.Content>
          </Alert.Root>
        ) : isOpen ? (
          <Text fontSize="sm" color="fg.muted">
            The money stays in escrow while our mediation team reviews the case, usually within 24–72 hours after the evidence is in. The
            ruling is final.
          </Text>
        ) : null}

        <Separator />
        <Stack gap="2">
          <Text as="h3" fontWeight="semibold">
            Evidence
          </Text>
          {query.isPending ? (
            <Text color="fg.muted" fontSize="sm">
              Loading evidence…
            </Text>
          ) : query.isError ? (
            <HStack gap="2" flexWrap="wrap">
              <Text color="fg.error" fontSize="sm" role="alert">
                {errorMessage(query.error, 'The evidence could not be loaded.')}
              </Text>
              <Button size="xs" variant="outline" onClick={() => void query.refetch()}>
                Try again
              </Button>
            </HStack>
          ) : query.data.evidence.length === 0 ? (
            <Text color="fg.muted" fontSize="sm">
              No evidence yet.
            </Text>
          ) : (
            <Stack as="ul" listStyleType="none" gap="2" data-testid="evidence-list">
              {query.data.evidence.map((evidence) => (
                <EvidenceItem key={evidence.id} evidence={evidence} myRole={txn.my_role} />
              ))}
            </Stack>
          )}
        </Stack>

        {canRespond ? (
          <>
            <Separator />
            <RespondForm transactionId={txn.id} />
          </>
        ) : null}
        {isOpen && isParty ? (
          <>
            <Separator />
            <EvidenceForm transactionId={txn.id} />
          </>
        ) : null}
      </Card.Body>
    </Card.Root>
  );
}
