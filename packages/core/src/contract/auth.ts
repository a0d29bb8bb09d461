/**
 * Wire shapes of `/api/auth` (docs/contract.md "Auth"), shared by the routes, the OpenAPI document and the
 * client's auth forms.
 */
import { z } from 'zod';
import { envelope, isoDate, phoneInput } from './common.ts';

export const SELF_SERVICE_USER_TYPES = ['buyer', 'seller', 'both'] as const;
export const USER_TYPES = [...SELF_SERVICE_USER_TYPES, 'admin'] as const;

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
/** Seconds a verification or reset code stays valid. */
export const CODE_TTL_SECONDS = 600;
/** Seconds between two codes sent to one phone. */
export const CODE_RESEND_COOLDOWN_SECONDS = 60;

export const PASSWORDS_DO_NOT_MATCH = 'Passwords do not match';
export const INVALID_CREDENTIALS = 'Invalid phone/email or password';
/**
 * A sign-up with a phone or email that already has an account: the message above the form, and the one
 * under its field (the client shows both in the page's language, so they are named once, here).
 */
export const PHONE_TAKEN = 'An account with this phone number already exists. Please sign in.';
export const PHONE_TAKEN_FIELD = 'An account with this phone number already exists';
export const EMAIL_TAKEN = 'An account with this email already exists.';
export const EMAIL_TAKEN_FIELD = 'An account with this email already exists';

/** The language of the person's web pages and of every SMS sent to them (the USSD menu's language too). */
export const preferredLanguage = z.enum(['en', 'sw']).meta({
  description:
    "The person's language: 'en' English, 'sw' Kiswahili. Sets the web pages' language after sign-in and the language of every SMS to them.",
  example: 'sw',
});

export const userSchema = z
  .object({
    id: z.string().meta({ example: '0b6f3a52-5d4e-4c1a-9f57-3e2d8c7b1a90' }),
    full_name: z.string().meta({ example: 'Wanjiku Kamau' }),
    /** First name and last initial: what the other party of a transaction sees. */
    display_name: z.string().meta({ example: 'Wanjiku K.' }),
    first_name: z.string().meta({ example: 'Wanjiku' }),
    last_name: z.string().meta({ example: 'Kamau' }),
    phone_number: z.string().meta({ example: '254722123456' }),
    email: z.string().nullable().meta({ example: 'wanjiku@example.co.ke' }),
    user_type: z.enum(USER_TYPES),
    is_verified: z.boolean(),
    preferred_language: preferredLanguage,
    created_at: isoDate,
  })
  .meta({ id: 'User' });
export type UserWire = z.infer<typeof userSchema>;

const personName = (label: 'First name' | 'Last name') =>
  z
    .string({ message: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(60, `${label} must be at most 60 characters`)
    .meta({ example: label === 'First name' ? 'Wanjiku' : 'Kamau' });

/** Optional email; an empty string means "none". Stored lower-cased. */
const emailFormat = z.email();
const optionalEmail = z
  .string()
  .trim()
  .max(254, 'Email must be at most 254 characters')
  .refine((email) => email === '' || emailFormat.safeParse(email).success, 'Enter a valid email address')
  .transform((email) => (email === '' ? null : email.toLowerCase()))
  .nullable()
  .meta({ example: 'wanjiku@example.co.ke' });

const newPassword = z
  .string({ message: 'Password is required' })
  .min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters`)
  .max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters`)
  .meta({ example: 'Mvua-ya-2026' });

const passwordConfirmation = z.string({ message: 'Please confirm your password' }).meta({ example: 'Mvua-ya-2026' });

/** "Passwords do not match" on `password_confirmation`. */
function passwordsMatch(body: { password: string; password_confirmation: string }, ctx: z.RefinementCtx) {
  if (body.password !== body.password_confirmation) {
    ctx.addIssue({ code: 'custom', path: ['password_confirmation'], message: PASSWORDS_DO_NOT_MATCH });
  }
}

/** A phone number or an email address; which one is decided by the server (an `@` means email). */
const phoneOrEmail = z
  .string({ message: 'Phone or email is required' })
  .trim()
  .min(1, 'Phone or email is required')
  .max(254)
  .meta({ example: '0722123456' });

const smsCode = z
  .string({ message: 'Code is required' })
  .trim()
  .regex(/^\d{6}$/, 'The code has 6 digits')
  .meta({ example: '123456' });

export const registerBody = z
  .object({
    first_name: personName('First name'),
    last_name: personName('Last name'),
    phone_number: phoneInput,
    email: optionalEmail.optional(),
    user_type: z.enum(SELF_SERVICE_USER_TYPES, { message: 'Account type must be buyer, seller or both' }),
    password: newPassword,
    password_confirmation: passwordConfirmation,
    /** The language of the page signed up on: the verification code is the first SMS sent in it. */
    preferred_language: preferredLanguage.optional(),
  })
  .superRefine(passwordsMatch);
export type RegisterBody = z.input<typeof registerBody>;

/** A password typed to prove who one is (sign-in, removing a USSD PIN): any length the account's could have. */
const currentPassword = z
  .string({ message: 'Password is required' })
  .min(1, 'Password is required')
  .max(PASSWORD_MAX_LENGTH * 2)
  .meta({ example: 'Mvua-ya-2026' });

export const loginBody = z.object({
  phone_or_email: phoneOrEmail,
  password: currentPassword,
});
export type LoginBody = z.input<typeof loginBody>;

export const phoneNumberBody = z.object({ phone_number: phoneInput });
export type PhoneNumberBody = z.input<typeof phoneNumberBody>;

export const verifyPhoneBody = z.object({ phone_number: phoneInput, code: smsCode });
export type VerifyPhoneBody = z.input<typeof verifyPhoneBody>;

export const updateProfileBody = z
  .object({
    first_name: personName('First name').optional(),
    last_name: personName('Last name').optional(),
    email: optionalEmail.optional(),
    preferred_language: preferredLanguage.optional(),
  })
  .strict();
export type UpdateProfileBody = z.input<typeof updateProfileBody>;

export const forgotPasswordBody = z.object({ phone_or_email: phoneOrEmail });
export type ForgotPasswordBody = z.input<typeof forgotPasswordBody>;

export const resetPasswordBody = z
  .object({
    phone_or_email: phoneOrEmail,
    code: smsCode,
    password: newPassword,
    password_confirmation: passwordConfirmation,
  })
  .superRefine(passwordsMatch);
export type ResetPasswordBody = z.input<typeof resetPasswordBody>;

export const registerData = z.object({ user: userSchema, requires_verification: z.literal(true) });
export const loginData = z.object({
  user: userSchema,
  token: z.string().nullable().meta({ example: 'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIwYjZmM2E1MiJ9.c2lnbmF0dXJl' }),
  requires_verification: z.boolean(),
});
export type LoginData = z.infer<typeof loginData>;
export const codeSentData = z.object({ code_sent: z.literal(true), expires_in: z.number().int() });
export type CodeSentData = z.infer<typeof codeSentData>;
export const sessionData = z.object({ user: userSchema, token: z.string() });
export type SessionData = z.infer<typeof sessionData>;
export const profileData = z.object({ user: userSchema });
export const forgotPasswordData = z.object({ code_sent: z.literal(true) });

/** The signed-in user's USSD PIN, which is never shown: whether there is one, and until when wrong tries lock it. */
export const ussdPinData = z
  .object({
    is_set: z.boolean(),
    locked_until: isoDate.nullable(),
  })
  .meta({ id: 'UssdPin' });
export type UssdPinData = z.infer<typeof ussdPinData>;
/** Removing a forgotten USSD PIN from the web: the account's password is asked again. */
export const resetUssdPinBody = z.object({ password: currentPassword });
export type ResetUssdPinBody = z.input<typeof resetUssdPinBody>;
export const emptyData = z.object({});

export const registerResponse = envelope(registerData);
export const loginResponse = envelope(loginData);
export const codeSentResponse = envelope(codeSentData);
export const sessionResponse = envelope(sessionData);
export const profileResponse = envelope(profileData);
export const forgotPasswordResponse = envelope(forgotPasswordData);
export const ussdPinResponse = envelope(ussdPinData);
export const emptyResponse = envelope(emptyData);
