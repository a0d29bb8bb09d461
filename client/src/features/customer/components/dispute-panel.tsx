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
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { formatKes } from '@escrow/core/domain/money';
import { useT } from '@/i18n';
import { formatDateTime, humanize } from '@/lib/format';
import { useRelativeTime } from '@/hooks/use-relative-time';
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
import { cents } from '../money';
import { errorMessage, fieldErrorOf } from './query-state';
import { disputeOpener, disputeProblem, disputeRuling } from './dispute-words';
import { FormStack } from './form-stack';

/** 'Other proof' last in the list. */
const KIND_ORDER: EvidenceKind[] = ['screenshot', 'chat_history', 'delivery_record', 'statement', 'other'];

const STATUS_PALETTES: Record<string, string> = { open: 'orange', awaiting_return: 'purple', resolved: 'green' };
const DISPUTE_STATUSES = ['open', 'awaiting_return', 'resolved'] as const;
const oneOf = <T extends string>(values: readonly T[], value: string): value is T => (values as readonly string[]).includes(value);

function fileSize(bytes: number | null) {
  if (bytes === null) return '';
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

function EvidenceItem({ evidence, myRole }: { evidence: Evidence; myRole: string }) {
  const { t, language } = useT();
  const when = useRelativeTime();
  const [error, setError] = useState<string | null>(null);
  const [isDownloading, setIsDownloading] = useState(false);
  const who =
    evidence.submitted_by === myRole
      ? t('customer.dispute.you')
      : evidence.submitted_by === 'admin'
        ? t('customer.dispute.mediation')
        : oneOf(['buyer', 'seller'] as const, evidence.submitted_by)
          ? t(`customer.role.${evidence.submitted_by}`)
          : humanize(evidence.submitted_by);
  const download = async () => {
    setError(null);
    setIsDownloading(true);
    try {
      await downloadEvidenceFile(evidence);
    } catch (failure) {
      setError(errorMessage(failure, t('customer.dispute.downloadFailed'), language));
    } finally {
      setIsDownloading(false);
    }
  };
  return (
    <Box as="li" borderWidth="1px" borderRadius="l2" p="3" data-testid="evidence-item">
      <HStack justify="space-between" gap="2" flexWrap="wrap">
        <HStack gap="2">
          <Badge variant="outline">{t(`customer.dispute.kinds.${evidence.kind}`)}</Badge>
          <Text fontSize="xs" color="fg.muted">
            {who} · <time dateTime={evidence.created_at}>{when(evidence.created_at)}</time>
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
              aria-label={t('customer.dispute.downloadNamed', { name: evidence.file_name })}
            >
              <Download aria-hidden /> {t('customer.dispute.download')}
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
  const { t, language } = useT();
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
    if (!description.trim()) next.description = t('customer.dispute.descriptionError');
    if (file && file.size > EVIDENCE_MAX_BYTES) next.file = t('customer.dispute.fileTooLarge');
    else if (file && file.type && !(EVIDENCE_MIME_TYPES as readonly string[]).includes(file.type))
      next.file = t('customer.dispute.fileType');
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
          setErrors({
            description: fieldErrorOf(error, 'description', language),
            file: fieldErrorOf(error, 'file', language),
            form: errorMessage(error, t('customer.dispute.saveFailed'), language),
          });
        },
      },
    );
  };

  return (
    <FormStack gap="3" onSubmit={onSubmit} noValidate aria-labelledby="evidence-form-heading" data-testid="evidence-form" maxW="xl">
      <Text as="h3" id="evidence-form-heading" fontWeight="semibold">
        {t('customer.dispute.addEvidence')}
      </Text>
      <Field.Root required>
        <Field.Label>{t('customer.dispute.kindLabel')}</Field.Label>
        <NativeSelect.Root>
          <NativeSelect.Field value={kind} onChange={(event) => setKind(event.target.value as EvidenceKind)}>
            {KIND_ORDER.map((value) => (
              <option key={value} value={value}>
                {t(`customer.dispute.kinds.${value}`)}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </Field.Root>
      <Field.Root required invalid={!!errors.description}>
        <Field.Label>{t('customer.dispute.description')}</Field.Label>
        <Textarea
          value={description}
          onChange={(event) => setDescription(event.target.value)}
          maxLength={EVIDENCE_DESCRIPTION_MAX}
          rows={3}
        />
        <Field.HelperText>{t('customer.dispute.descriptionHelp')}</Field.HelperText>
        <Field.ErrorText>{errors.description}</Field.ErrorText>
      </Field.Root>
      <Field.Root invalid={!!errors.file}>
        <Field.Label htmlFor="evidence-file">{t('customer.dispute.file')}</Field.Label>
        {/* The browser's own picker names its button and "no file" in the browser's language, not the
            reader's: the input is kept for keyboards and screen readers, and a label of ours is the button. */}
        <Input
          id="evidence-file"
          ref={fileInput}
          type="file"
          srOnly
          accept={EVIDENCE_MIME_TYPES.join(',')}
          onChange={(event) => setFile(event.target.files?.[0] ?? null)}
          css={{ '&:focus-visible + div > label': { outline: '2px solid', outlineColor: 'colorPalette.focusRing', outlineOffset: '2px' } }}
        />
        <HStack gap="3" flexWrap="wrap">
          <Button asChild size="sm" variant="outline" cursor="pointer">
            <label htmlFor="evidence-file">
              <Paperclip aria-hidden />
              {t('customer.dispute.chooseFile')}
            </label>
          </Button>
          <Text fontSize="sm" color="fg.muted" wordBreak="break-all" aria-live="polite">
            {file ? file.name : t('customer.dispute.noFile')}
          </Text>
        </HStack>
        <Field.HelperText>{t('customer.dispute.fileHelp')}</Field.HelperText>
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
          <Alert.Title>{t('customer.dispute.saved')}</Alert.Title>
        </Alert.Root>
      ) : null}
      <Box>
        <Button type="submit" colorPalette="teal" loading={submit.isPending} loadingText={t('customer.dispute.uploading')}>
          {t('customer.dispute.addEvidence')}
        </Button>
      </Box>
    </FormStack>
  );
}

function RespondForm({ transactionId }: { transactionId: string }) {
  const { t, language } = useT();
  const respond = useRespondToDispute(transactionId);
  const [response, setResponse] = useState('');
  const [error, setError] = useState<string | null>(null);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (response.trim().length < 3) return setError(t('customer.dispute.respondError'));
    setError(null);
    respond.mutate(response.trim(), {
      onError: (failure) => setError(errorMessage(failure, t('customer.dispute.respondFailed'), language)),
    });
  };
  return (
    <FormStack gap="3" onSubmit={onSubmit} noValidate data-testid="respond-form" maxW="xl">
      <Field.Root required invalid={!!error}>
        <Field.Label>{t('customer.dispute.yourResponse')}</Field.Label>
        <Textarea value={response} onChange={(event) => setResponse(event.target.value)} maxLength={EVIDENCE_DESCRIPTION_MAX} rows={3} />
        <Field.HelperText>{t('customer.dispute.respondHelp')}</Field.HelperText>
        <Field.ErrorText>{error}</Field.ErrorText>
      </Field.Root>
      <Box>
        <Button type="submit" colorPalette="teal" variant="outline" loading={respond.isPending} loadingText={t('customer.dispute.sending')}>
          {t('customer.dispute.sendResponse')}
        </Button>
      </Box>
    </FormStack>
  );
}

export function DisputePanel({ detail }: { detail: TransactionDetail }) {
  const { t, language } = useT();
  const when = useRelativeTime();
  const summary = detail.dispute!;
  const txn = detail.transaction;
  const query = useDispute(txn.id, true);
  // The transaction polls while it can change; its dispute (ruling, evidence, response) follows it.
  const { refetch } = query;
  const seenUpdate = useRef(txn.updated_at);
  useEffect(() => {
    if (seenUpdate.current === txn.updated_at) return;
    seenUpdate.current = txn.updated_at;
    void refetch();
  }, [txn.updated_at, refetch]);
  const dispute = query.data?.dispute ?? summary;
  const look = {
    label: oneOf(DISPUTE_STATUSES, dispute.status) ? t(`customer.dispute.statuses.${dispute.status}`) : humanize(dispute.status),
    palette: STATUS_PALETTES[dispute.status] ?? 'gray',
  };
  const isOpen = dispute.status === 'open';
  const isParty = txn.my_role === 'buyer' || txn.my_role === 'seller';
  const openedByMe = dispute.opened_by === txn.my_role;
  const response = query.data?.dispute.response ?? null;
  const respondedAt = query.data?.dispute.responded_at ?? null;
  // The party who did not open the dispute answers it, once; the deadline waits for their answer.
  const respondent = query.data?.dispute.respondent;
  const canRespond = isOpen && !response && respondent === txn.my_role;

  return (
    <Card.Root size="sm" as="section" aria-labelledby="dispute-heading" borderColor="orange.muted" data-testid="dispute-panel">
      <Card.Header>
        <HStack justify="space-between" flexWrap="wrap" gap="2">
          <Card.Title as="h2" id="dispute-heading" fontSize="md">
            {t('customer.dispute.heading')}
          </Card.Title>
          <Badge colorPalette={look.palette} variant="subtle" data-testid="dispute-status">
            {look.label}
          </Badge>
        </HStack>
      </Card.Header>
      <Card.Body gap="4">
        <DataList.Root orientation="horizontal" size="sm">
          <DataList.Item>
            <DataList.ItemLabel>{t('customer.dispute.openedBy')}</DataList.ItemLabel>
            <DataList.ItemValue>
              {disputeOpener(t, dispute.opened_by, txn.my_role)} · {when(dispute.created_at)}
            </DataList.ItemValue>
          </DataList.Item>
          <DataList.Item>
            <DataList.ItemLabel>{t('customer.dispute.problem')}</DataList.ItemLabel>
            <DataList.ItemValue>{disputeProblem(t, dispute.reason)}</DataList.ItemValue>
          </DataList.Item>
          {/* Once answered, when they answered; the deadline only while an answer is awaited. */}
          {respondedAt && respondent ? (
            <DataList.Item data-testid="dispute-responded">
              <DataList.ItemLabel>
                {respondent === txn.my_role
                  ? t('customer.dispute.youResponded')
                  : t('customer.dispute.theyResponded', { party: t(`customer.role.${respondent}`) })}
              </DataList.ItemLabel>
              <DataList.ItemValue>{formatDateTime(respondedAt, language)}</DataList.ItemValue>
            </DataList.Item>
          ) : isOpen ? (
            <DataList.Item>
              <DataList.ItemLabel>
                {!respondent
                  ? t('customer.dispute.responseDue')
                  : respondent === txn.my_role
                    ? t('customer.dispute.yourResponseDue')
                    : t('customer.dispute.theirResponseDue', { party: t(`customer.role.${respondent}`) })}
              </DataList.ItemLabel>
              <DataList.ItemValue>{formatDateTime(dispute.respond_by, language)}</DataList.ItemValue>
            </DataList.Item>
          ) : null}
        </DataList.Root>
        {/* A reason picked from the USSD list carries no words of its own: the problem's type above says it. */}
        {dispute.description ? (
          <Text whiteSpace="pre-wrap" wordBreak="break-word" borderLeftWidth="3px" borderColor="orange.solid" pl="3">
            {dispute.description}
          </Text>
        ) : null}

        {response ? (
          <Box data-testid="dispute-response">
            <Text fontWeight="semibold" fontSize="sm">
              {openedByMe
                ? t('customer.dispute.theirResponse', { party: t(`customer.role.${dispute.opened_by === 'buyer' ? 'seller' : 'buyer'}`) })
                : t('customer.dispute.yourResponse')}
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
              <Alert.Title>{t('customer.dispute.ruling', { outcome: disputeRuling(t, dispute) })}</Alert.Title>
              <Alert.Description>
                {/* The quote's figures: what the seller was paid is after their fee, as in the SMS. */}
                {dispute.outcome === 'split' && txn.status === 'completed'
                  ? t('customer.dispute.splitFigures', {
                      refunded: formatKes(cents(txn.quote.refunded)),
                      paidOut: formatKes(cents(txn.quote.seller_paid_out)),
                    })
                  : ''}
                {dispute.status === 'awaiting_return' ? t('customer.dispute.awaitingReturn') : ''}
                {dispute.ruling_note ?? ''}
              </Alert.Description>
            </Alert.Content>
          </Alert.Root>
        ) : isOpen ? (
          <Text fontSize="sm" color="fg.muted">
            {t('customer.dispute.reviewing')}
          </Text>
        ) : null}

        <Separator />
        <Stack gap="2">
          <Text as="h3" fontWeight="semibold">
            {t('customer.dispute.evidence')}
          </Text>
          {query.isPending ? (
            <Text color="fg.muted" fontSize="sm">
              {t('customer.dispute.loadingEvidence')}
            </Text>
          ) : query.isError ? (
            <HStack gap="2" flexWrap="wrap">
              <Text color="fg.error" fontSize="sm" role="alert">
                {errorMessage(query.error, t('customer.dispute.evidenceFailed'), language)}
              </Text>
              <Button size="xs" variant="outline" onClick={() => void query.refetch()}>
                {t('customer.dispute.retry')}
              </Button>
            </HStack>
          ) : query.data.evidence.length === 0 ? (
            <Text color="fg.muted" fontSize="sm">
              {t('customer.dispute.noEvidence')}
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
