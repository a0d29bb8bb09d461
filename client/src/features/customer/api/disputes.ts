/**
 * A transaction's dispute and its evidence (the lead's extra endpoint contract):
 * GET /api/transactions/{id}/dispute, POST …/dispute/evidence (multipart with an optional file, or JSON
 * for text only), POST …/dispute/respond, and GET /api/disputes/evidence/{id}/file for the bytes.
 */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, ApiError } from '@/lib/api';
import { authStorage } from '@/lib/auth-storage';
import type { DisputeCaseWire, EvidenceWire } from '@escrow/core/contract/disputes';
import { customerKeys } from './keys';
import { useRefreshTransaction } from './actions';

export { EVIDENCE_DESCRIPTION_MAX, EVIDENCE_KINDS, EVIDENCE_MAX_BYTES, EVIDENCE_MIME_TYPES } from '@escrow/core/contract/disputes';
export type Evidence = EvidenceWire;
export type EvidenceKind = EvidenceWire['kind'];
export type { DisputeCaseWire };

export interface DisputeCase {
  dispute: DisputeCaseWire;
  evidence: Evidence[];
}

export function getDispute(transactionId: string, signal?: AbortSignal): Promise<DisputeCase> {
  return api<DisputeCase>(`/api/transactions/${encodeURIComponent(transactionId)}/dispute`, { signal });
}

export const disputeQueryOptions = (transactionId: string) =>
  queryOptions({ queryKey: customerKeys.dispute(transactionId), queryFn: ({ signal }) => getDispute(transactionId, signal) });

export function useDispute(transactionId: string, enabled: boolean) {
  return useQuery({ ...disputeQueryOptions(transactionId), enabled });
}

export interface EvidenceInput {
  kind: EvidenceKind;
  description: string;
  file?: File | null;
}

/** Text-only evidence goes as JSON; evidence with a file as multipart/form-data. */
export function submitEvidence(transactionId: string, input: EvidenceInput): Promise<Evidence> {
  const path = `/api/transactions/${encodeURIComponent(transactionId)}/dispute/evidence`;
  let body: unknown = { kind: input.kind, description: input.description };
  if (input.file) {
    const form = new FormData();
    form.append('kind', input.kind);
    form.append('description', input.description);
    form.append('file', input.file, input.file.name);
    body = form;
  }
  return api<{ evidence: Evidence }>(path, { method: 'POST', body }).then((data) => data.evidence);
}

export function respondToDispute(transactionId: string, response: string): Promise<DisputeCaseWire> {
  return api<{ dispute: DisputeCaseWire }>(`/api/transactions/${encodeURIComponent(transactionId)}/dispute/respond`, {
    method: 'POST',
    body: { response },
  }).then((data) => data.dispute);
}

function useRefreshDispute(transactionId: string) {
  const queryClient = useQueryClient();
  const refresh = useRefreshTransaction();
  return () => Promise.all([queryClient.invalidateQueries({ queryKey: customerKeys.dispute(transactionId) }), refresh(transactionId)]);
}

export function useSubmitEvidence(transactionId: string) {
  const refresh = useRefreshDispute(transactionId);
  return useMutation({ mutationFn: (input: EvidenceInput) => submitEvidence(transactionId, input), onSuccess: refresh });
}

export function useRespondToDispute(transactionId: string) {
  const refresh = useRefreshDispute(transactionId);
  return useMutation({ mutationFn: (response: string) => respondToDispute(transactionId, response), onSuccess: refresh });
}

/**
 * Downloads an evidence file. The file URL needs the bearer token, so a plain link cannot fetch it:
 * the bytes are fetched here and handed to the browser as a download.
 */
export async function downloadEvidenceFile(evidence: Evidence): Promise<void> {
  if (!evidence.download_url) return;
  const token = authStorage.token();
  let response: Response;
  try {
    response = await fetch(evidence.download_url, { headers: token ? { Authorization: `Bearer ${token}` } : {} });
  } catch {
    throw new ApiError('Cannot reach the server. Check your connection and try again.', 0, 'NETWORK');
  }
  if (!response.ok) throw new ApiError('The file could not be downloaded.', response.status, 'DOWNLOAD_FAILED');
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = evidence.file_name ?? 'evidence';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
