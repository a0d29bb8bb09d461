/**
 * Reads an evidence upload: multipart/form-data (fields `kind`, `description`, optional `file`) or a JSON
 * body for text only. Every failure is a 4xx envelope: 400 for missing or bad fields and malformed
 * multipart, 413 over 5 MB (or more than one file), 415 for a type that is not accepted or bytes that
 * are not what was declared.
 */
import type { FastifyRequest } from 'fastify';
import { EVIDENCE_MAX_BYTES, evidenceJsonBody } from '@escrow/core/contract/disputes';
import { AppError } from '../../lib/app-error.ts';
import type { EvidenceFile, EvidenceKind } from './use-cases/add-evidence.ts';
import { checkEvidenceType, safeFileName } from './evidence-file.ts';

export interface EvidenceUpload {
  kind: EvidenceKind;
  description: string;
  file?: EvidenceFile;
}

/** Limits of the multipart parser, registered in the disputes module's scope only. */
export const MULTIPART_LIMITS = { fileSize: EVIDENCE_MAX_BYTES, files: 1, fields: 10, fieldSize: 16 * 1024, parts: 12 };

const TOO_LARGE: Record<string, string> = {
  FST_REQ_FILE_TOO_LARGE: `The file is too large: evidence files are at most ${EVIDENCE_MAX_BYTES / (1024 * 1024)} MB`,
  FST_FILES_LIMIT: 'Attach one file per evidence item',
  FST_FIELDS_LIMIT: 'Too many form fields',
  FST_PARTS_LIMIT: 'Too many form parts',
};

function validationFailure(errors: Record<string, string[]>): AppError {
  const [field, messages] = Object.entries(errors)[0] ?? ['request', ['Invalid request']];
  return new AppError('VALIDATION_ERROR', `${field}: ${messages[0]}`, { errors });
}

function parseFields(fields: unknown): { kind: EvidenceKind; description: string } {
  const parsed = evidenceJsonBody.safeParse(fields ?? {});
  if (parsed.success) return parsed.data;
  const errors: Record<string, string[]> = {};
  for (const issue of parsed.error.issues) (errors[issue.path.map(String).join('.') || 'request'] ??= []).push(issue.message);
  throw validationFailure(errors);
}

export async function readEvidenceUpload(request: FastifyRequest): Promise<EvidenceUpload> {
  if (!request.isMultipart()) return parseFields(request.body);

  const fields: Record<string, string> = {};
  let file: { fileName: string; declared: string; bytes: Buffer } | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        const bytes = await part.toBuffer();
        if (part.fieldname !== 'file') throw validationFailure({ [part.fieldname]: ['Unexpected file: send it in the "file" field'] });
        // A form's empty file input arrives as a nameless, empty part: no file was chosen.
        if (bytes.length === 0 && !part.filename) continue;
        file = { fileName: part.filename, declared: part.mimetype, bytes };
      } else {
        if (part.valueTruncated) throw validationFailure({ [part.fieldname]: ['This field is too long'] });
        if (typeof part.value === 'string' || typeof part.value === 'number') fields[part.fieldname] = String(part.value);
      }
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    const code = (error as { code?: string }).code ?? '';
    const message = TOO_LARGE[code];
    if (message) throw new AppError('PAYLOAD_TOO_LARGE', message);
    // Busboy's complaints about a malformed body carry no status: they are the client's, not ours.
    throw new AppError('VALIDATION_ERROR', 'Malformed multipart body', { errors: { request: ['Malformed multipart body'] } });
  }

  const { kind, description } = parseFields(fields);
  if (!file) return { kind, description };
  if (file.bytes.length === 0) throw validationFailure({ file: ['The file is empty'] });
  const check = checkEvidenceType(file.bytes, file.declared);
  if (!check.ok) throw new AppError('UNSUPPORTED_MEDIA_TYPE', check.message, { errors: { file: [check.message] } });
  return {
    kind,
    description,
    file: { fileName: safeFileName(file.fileName, check.mimeType), mimeType: check.mimeType, bytes: file.bytes },
  };
}
