import { describe, expect, it } from 'vitest';
import { attachmentDisposition, checkEvidenceType, detectEvidenceType, safeFileName } from './evidence-file.ts';

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 16]);
const WEBP = Buffer.concat([Buffer.from('RIFF'), Buffer.from([1, 2, 3, 4]), Buffer.from('WEBPVP8 ')]);
const PDF = Buffer.from('%PDF-1.7\n%...');

describe('evidence file types', () => {
  it('reads the type from the bytes', () => {
    expect(detectEvidenceType(PNG)).toBe('image/png');
    expect(detectEvidenceType(JPEG)).toBe('image/jpeg');
    expect(detectEvidenceType(WEBP)).toBe('image/webp');
    expect(detectEvidenceType(PDF)).toBe('application/pdf');
    expect(detectEvidenceType(Buffer.from('Habari, the phone never arrived.\nM-Pesa QK12345'))).toBe('text/plain');
    expect(detectEvidenceType(Buffer.from([0x4d, 0x5a, 0x90, 0x00, 0x03]))).toBeNull(); // a Windows executable
    expect(detectEvidenceType(Buffer.from([0xc3, 0x28]))).toBeNull(); // not UTF-8
    expect(detectEvidenceType(Buffer.alloc(0))).toBeNull();
  });

  it('refuses a declared type the bytes do not match, and types that are not accepted', () => {
    expect(checkEvidenceType(PNG, 'image/png')).toEqual({ ok: true, mimeType: 'image/png' });
    expect(checkEvidenceType(JPEG, 'image/jpg')).toEqual({ ok: true, mimeType: 'image/jpeg' });
    expect(checkEvidenceType(PDF, 'application/octet-stream')).toEqual({ ok: true, mimeType: 'application/pdf' });
    expect(checkEvidenceType(Buffer.from('<html><script>alert(1)</script>'), 'image/png')).toMatchObject({ ok: false });
    expect(checkEvidenceType(PNG, 'application/zip')).toMatchObject({ ok: false });
    expect(checkEvidenceType(Buffer.from([0x4d, 0x5a, 0x90, 0x00]), 'application/octet-stream')).toMatchObject({ ok: false });
  });

  it('makes file names safe for a header', () => {
    expect(safeFileName('../../etc/passwd', 'text/plain')).toBe('passwd.txt');
    expect(safeFileName('C:\\Users\\me\\receipt "final".pdf', 'application/pdf')).toBe('receipt final.pdf');
    expect(safeFileName('', 'image/png')).toBe('evidence.png');
    expect(safeFileName('run.bat', 'text/plain')).toBe('run.bat.txt');
    expect(safeFileName('page.html', 'text/plain')).toBe('page.html.txt');
    expect(safeFileName('photo.JPG', 'image/jpeg')).toBe('photo.JPG');
    expect(safeFileName('invoice\u202Efdp.exe', 'application/pdf')).toBe('invoicefdp.exe.pdf');
    expect(safeFileName(`${'a'.repeat(300)}.webp`, 'image/webp')).toBe(`${'a'.repeat(195)}.webp`);
    expect(attachmentDisposition('risiti ya M-Pesa (1).pdf')).toBe(
      `attachment; filename="risiti ya M-Pesa (1).pdf"; filename*=UTF-8''risiti%20ya%20M-Pesa%20%281%29.pdf`,
    );
    expect(attachmentDisposition('ñ.png')).toContain('filename="_.png"');
  });
});
