/**
 * The website's contact form (home page, section "contact") and the admin inbox that reads it.
 * Pure zod: the client form imports these schemas too.
 */
import { z } from 'zod';
import { envelope, isoDate, pagination, paginationQuery, phoneInput } from './common.ts';

export const CONTACT_TOPICS = ['general', 'support', 'billing', 'partnership'] as const;
export const contactTopic = z.enum(CONTACT_TOPICS);

export const CONTACT_STATUSES = ['new', 'read', 'resolved'] as const;
export const contactStatus = z.enum(CONTACT_STATUSES);

const trimmed = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`);

export const contactMessageBody = z.object({
  first_name: trimmed('First name', 60),
  last_name: trimmed('Last name', 60),
  email: z
    .string({ error: 'Email is required' })
    .trim()
    .max(254, 'Email must be at most 254 characters')
    .pipe(z.email({ error: 'Enter a valid email address' })),
  /** Optional; an empty string means "not given". Stored as 254XXXXXXXXX. */
  phone_number: z
    .union([z.literal('').transform(() => undefined), phoneInput])
    .optional()
    .nullable()
    .transform((value) => value ?? undefined),
  topic: contactTopic.default('general'),
  message: trimmed('Message', 5000),
});
export type ContactMessageBody = z.input<typeof contactMessageBody>;

export const contactMessage = z.object({
  id: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  phone_number: z.string().nullable(),
  topic: contactTopic,
  message: z.string(),
  status: contactStatus,
  created_at: isoDate,
});
export type ContactMessage = z.infer<typeof contactMessage>;

export const contactSubmitResponse = envelope(z.object({ id: z.string(), created_at: isoDate }));

export const contactListQuery = paginationQuery.extend({
  status: contactStatus.optional(),
  topic: contactTopic.optional(),
});

export const contactListData = z.object({
  messages: z.array(contactMessage),
  pagination,
});
export type ContactListData = z.infer<typeof contactListData>;
export const contactListResponse = envelope(contactListData);

export const contactStatusBody = z.object({ status: contactStatus });
export const contactMessageResponse = envelope(z.object({ message: contactMessage }));
