/**
 * Evidence files: the type is read from the file's first bytes (a renamed executable or an HTML page
 * declared as image/png is refused), names are made safe to echo in a Content-Disposition header.
 */
import { cutText } from '@escrow/core/domain/text';
import { EVIDENCE_MIME_TYPES } from '@escrow/core/contract/disputes';

export type EvidenceMimeType = (typeof EVIDENCE_MIME_TYPES)[number];

const startsWith = (bytes: Uint8Array, signature: readonly number[], offset = 0) =>
  bytes.length >= offset + signature.length && signature.every((byte, index) => bytes[offset + index] === byte);

const ascii = (text: string) => [...text].map((char) => char.charCodeAt(0));

/** The evidence type the bytes really are, or null when they are none of the accepted types. */
export function detectEvidenceType(bytes: Uint8Array): EvidenceMimeType | null {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8)) return 'image/webp';
  if (startsWith(bytes, ascii('%PDF-'))) return 'application/pdf';
  return isPlainText(bytes) ? 'text/plain' : null;
}

/** UTF-8 with no NUL or other binary control characters (tabs and line breaks are fine). */
function isPlainText(bytes: Uint8Array): boolean {
  if (bytes.length === 0) return false;
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return false;
  }
  // eslint-disable-next-line no-control-regex
  return !/[\u0000-\u0008\u000B\u000E-\u001F\u007F]/.test(text);
}

/** Declared types browsers use for the accepted files, mapped to the canonical one. */
const DECLARED_ALIASES: Record<string, EvidenceMimeType> = {
  'image/png': 'image/png',
  'image/jpeg': 'image/jpeg',
  'image/jpg': 'image/jpeg',
  'image/pjpeg': 'image/jpeg',
  'image/webp': 'image/webp',
  'application/pdf': 'application/pdf',
  'text/plain': 'text/plain',
};

export type EvidenceTypeCheck = { ok: true; mimeType: EvidenceMimeType } | { ok: false; message: string };

/**
 * Accepts a file when its bytes are an accepted type and agree with what the client declared. A generic
 * declaration (application/octet-stream, none) defers to the bytes.
 */
export function checkEvidenceType(bytes: Uint8Array, declared: string | undefined): EvidenceTypeCheck {
  const declaredType = (declared ?? '').split(';')[0]!.trim().toLowerCase();
  const isGeneric = declaredType === '' || declaredType === 'application/octet-stream';
  const canonical = DECLARED_ALIASES[declaredType];
  if (!isGeneric && !canonical) {
    return { ok: false, message: 'Evidence files must be PNG, JPEG or WebP images, PDF documents or plain text' };
  }
  const detected = detectEvidenceType(bytes);
  if (!detected) {
    return { ok: false, message: 'The file is not a PNG, JPEG or WebP image, a PDF document or plain text' };
  }
  if (canonical && canonical !== detected) {
    return { ok: false, message: `The file's content is not ${declaredType} as declared` };
  }
  return { ok: true, mimeType: detected };
}

/** The extensions a name may end with for each accepted type; the first is added when the name has none of them. */
const EXTENSIONS: Record<EvidenceMimeType, readonly string[]> = {
  'image/png': ['png'],
  'image/jpeg': ['jpg', 'jpeg'],
  'image/webp': ['webp'],
  'application/pdf': ['pdf'],
  'text/plain': ['txt'],
};

/**
 * The base name without folders, characters that could break a header or bidirectional controls, ending
 * with an extension of the type the bytes are; never empty. The other party and the mediation team
 * download the file under this name: a plain-text "proof.bat" (or "proof.hta", "proof.html") would run
 * when opened, and U+202E shows "receipt\u202efdp.hta" as "receiptath.pdf". It becomes "proof.bat.txt".
 */
export function safeFileName(name: string | undefined, mimeType: EvidenceMimeType): string {
  const base = (name ?? '').split(/[\\/]/).pop() ?? '';
  const extensions = EXTENSIONS[mimeType];
  const cleaned = base
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001F\u007F"\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/g, '')
    .trim();
  const stem = cleaned === '' || cleaned === '.' || cleaned === '..' ? 'evidence' : cleaned;
  const extension = /\.([^.]+)$/.exec(stem);
  const keeps = !!extension && extensions.includes(extension[1]!.toLowerCase());
  const suffix = keeps ? extension[0] : `.${extensions[0]!}`;
  // Cut before the extension, so a long name keeps it.
  return `${cutText(keeps ? stem.slice(0, extension.index) : stem, 200 - suffix.length)}${suffix}`;
}

/**
 * The name a stored evidence file is shown and downloaded under: the safe name of its stored one, so that
 * rows stored before uploads were given safe names (`delivery_note.bat`) read the same everywhere. Null for
 * evidence without a file (a statement).
 */
export function evidenceFileName(evidence: { fileName: string | null; mimeType: string | null }): string | null {
  if (!evidence.mimeType) return evidence.fileName;
  return safeFileName(evidence.fileName ?? undefined, evidence.mimeType as EvidenceMimeType);
}

/** `attachment` with an ASCII fallback name and the UTF-8 name (RFC 6266 / 5987). */
export function attachmentDisposition(fileName: string): string {
  const fallback = fileName.replace(/[^\x20-\x7E]/g, '_').replace(/[\\"]/g, '_');
  const encoded = encodeURIComponent(fileName).replace(/['()*]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}
