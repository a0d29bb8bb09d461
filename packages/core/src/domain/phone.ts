/**
 * Kenyan mobile numbers. Input may be 07XXXXXXXX, 01XXXXXXXX, 2547XXXXXXXX, 2541XXXXXXXX or +254…,
 * with spaces or dashes; stored and returned as 254XXXXXXXXX (docs/contract.md "Phone numbers").
 */
const KENYAN_MOBILE = /^(?:\+?254|0)([17]\d{8})$/;

/** The canonical 254XXXXXXXXX form, or null when the input is not a Kenyan mobile number. */
export function normalizePhone(input: string): string | null {
  const compact = input.replace(/[\s-]/g, '');
  const match = KENYAN_MOBILE.exec(compact);
  return match ? `254${match[1]}` : null;
}

export function isKenyanPhone(input: string): boolean {
  return normalizePhone(input) !== null;
}

/** 254722123456 → 0722 123 456, for screens and SMS. */
export function displayPhone(phone: string): string {
  const local = phone.startsWith('254') ? `0${phone.slice(3)}` : phone;
  return local.replace(/^(\d{4})(\d{3})(\d{3})$/, '$1 $2 $3');
}

/** 254722123456 → 0722***456: enough to recognise, not enough to harvest. */
export function maskPhone(phone: string): string {
  const local = phone.startsWith('254') ? `0${phone.slice(3)}` : phone;
  return `${local.slice(0, 4)}***${local.slice(-3)}`;
}
