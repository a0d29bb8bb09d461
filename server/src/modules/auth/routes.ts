/** `/api/auth` (docs/contract.md "Auth"): accounts, SMS phone verification, sessions and password recovery. */
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  codeSentResponse,
  emptyResponse,
  forgotPasswordBody,
  forgotPasswordResponse,
  loginBody,
  loginResponse,
  phoneNumberBody,
  profileResponse,
  registerBody,
  registerResponse,
  resetPasswordBody,
  resetUssdPinBody,
  sessionResponse,
  updateProfileBody,
  ussdPinResponse,
  verifyPhoneBody,
} from '@escrow/core/contract/auth';
import { errorEnvelope } from '@escrow/core/contract/common';
import { caller } from '../../plugins/auth.ts';
import { getProfile } from './use-cases/get-profile.ts';
import { logIn } from './use-cases/log-in.ts';
import { logOut } from './use-cases/log-out.ts';
import { registerUser } from './use-cases/register-user.ts';
import { requestPasswordReset } from './use-cases/request-password-reset.ts';
import { resetPassword } from './use-cases/reset-password.ts';
import { sendVerificationCode } from './use-cases/send-verification-code.ts';
import { updateProfile } from './use-cases/update-profile.ts';
import { getUssdPin, removeUssdPin } from './use-cases/ussd-pin.ts';
import { verifyPhone } from './use-cases/verify-phone.ts';

const tags = ['auth'];
const security = [{ bearerAuth: [] }];
const rateLimitedAnswer = { 429: errorEnvelope.describe('RATE_LIMITED, with a Retry-After header (seconds)') };
const userAgentOf = (request: FastifyRequest) => request.headers['user-agent'];

const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;

  app.post(
    '/register',
    {
      schema: {
        tags,
        summary: 'Create a buyer, seller or both account; a 6-digit code is sent by SMS',
        description:
          'The phone is accepted as 07…, 01…, 254… or +254… and stored as 254XXXXXXXXX. Password at least 8 characters, ' +
          'confirmation must match (400 VALIDATION_ERROR with field errors). A phone or email that already has an account ' +
          'is 409 ALREADY_EXISTS. The account cannot sign in with a token until the phone is verified (POST /verify_phone).',
        body: registerBody,
        response: { 201: registerResponse, 400: errorEnvelope, 409: errorEnvelope, ...rateLimitedAnswer },
      },
    },
    async (request, reply) => {
      const body = request.body;
      const { user } = await registerUser({
        ctx,
        ip: request.ip,
        input: {
          firstName: body.first_name,
          lastName: body.last_name,
          phone: body.phone_number,
          email: body.email ?? null,
          userType: body.user_type,
          password: body.password,
          language: body.preferred_language,
        },
      });
      return reply.status(201).send({
        success: true as const,
        message: 'Account created. Enter the code we sent by SMS to verify your phone.',
        data: { user, requires_verification: true as const },
      });
    },
  );

  app.post(
    '/login',
    {
      schema: {
        tags,
        summary: 'Sign in with a phone (any accepted form) or email and a password',
        description:
          'Wrong password and unknown account answer the same 401. When the phone is not verified yet, `token` is null, ' +
          '`requires_verification` is true and a code is sent by SMS. Five failed attempts for one account from one ' +
          'address in 15 minutes, then 429 RATE_LIMITED with Retry-After for that pair; failures from many addresses ' +
          'slow the account down but never lock it. A suspended account is 403 ACCOUNT_SUSPENDED.',
        body: loginBody,
        response: { 200: loginResponse, 400: errorEnvelope, 401: errorEnvelope, 403: errorEnvelope, ...rateLimitedAnswer },
      },
    },
    async (request) => {
      const data = await logIn({
        ctx,
        issueToken: app.issueToken,
        phoneOrEmail: request.body.phone_or_email,
        password: request.body.password,
        ip: request.ip,
        userAgent: userAgentOf(request),
      });
      const message = data.requires_verification ? 'Please verify your phone with the code we sent by SMS' : 'Login successful';
      return { success: true as const, message, data };
    },
  );

  for (const path of ['/send_verification_code', '/resend_verification_code'] as const) {
    app.post(
      path,
      {
        schema: {
          tags,
          summary:
            path === '/send_verification_code' ? 'Send the phone verification code by SMS' : 'Send a new phone verification code by SMS',
          description:
            'Answers the same whether or not the number has an account (only an unverified account gets an SMS). ' +
            'One code a minute per phone (429 RATE_LIMITED with Retry-After), five an hour. A new code replaces the previous one.',
          body: phoneNumberBody,
          response: { 200: codeSentResponse, 400: errorEnvelope, ...rateLimitedAnswer },
        },
      },
      async (request) => {
        const data = await sendVerificationCode({ ctx, phone: request.body.phone_number, ip: request.ip });
        return { success: true as const, message: 'If this number needs verification, a code has been sent by SMS', data };
      },
    );
  }

  app.post(
    '/verify_phone',
    {
      schema: {
        tags,
        summary: 'Verify the phone with its 6-digit SMS code and sign in',
        description:
          'Codes are single use, expire in 10 minutes and are burnt after 5 wrong tries; a wrong, expired or used code is ' +
          '400 VALIDATION_ERROR. Transactions that named this phone as the seller before it had an account are attached to it.',
        body: verifyPhoneBody,
        response: { 200: sessionResponse, 400: errorEnvelope, 403: errorEnvelope, ...rateLimitedAnswer },
      },
    },
    async (request) => {
      const data = await verifyPhone({
        ctx,
        issueToken: app.issueToken,
        phone: request.body.phone_number,
        code: request.body.code,
        ip: request.ip,
        userAgent: userAgentOf(request),
      });
      return { success: true as const, message: 'Phone verified successfully', data };
    },
  );

  app.get(
    '/profile',
    {
      onRequest: app.requireAuth,
      schema: { tags, security, summary: 'The signed-in user', response: { 200: profileResponse, 401: errorEnvelope } },
    },
    async (request) => ({ success: true as const, message: 'Profile', data: await getProfile({ ctx, userId: caller(request).userId }) }),
  );

  app.put(
    '/profile',
    {
      onRequest: app.requireAuth,
      schema: {
        tags,
        security,
        summary: "Change the signed-in user's first name, last name, email or language",
        description:
          'The phone number and account type cannot be changed here. `email: null` or "" removes the email. `preferred_language` (en | sw) is the language of the web pages after sign-in and of every SMS to this person; the USSD menu\'s language setting changes the same field.',
        body: updateProfileBody,
        response: { 200: profileResponse, 400: errorEnvelope, 401: errorEnvelope, 409: errorEnvelope },
      },
    },
    async (request) => {
      const body = request.body;
      const data = await updateProfile({
        ctx,
        userId: caller(request).userId,
        changes: { firstName: body.first_name, lastName: body.last_name, email: body.email, language: body.preferred_language },
      });
      return { success: true as const, message: 'Profile updated', data };
    },
  );

  app.get(
    '/ussd_pin',
    {
      onRequest: app.requireAuth,
      schema: {
        tags,
        security,
        summary: 'Whether the signed-in user has a USSD PIN, and until when wrong PINs lock it (the PIN itself is never shown)',
        response: { 200: ussdPinResponse, 401: errorEnvelope },
      },
    },
    async (request) => ({ success: true as const, message: 'USSD PIN', data: await getUssdPin(ctx, caller(request).userId) }),
  );

  app.post(
    '/ussd_pin/reset',
    {
      onRequest: app.requireAuth,
      schema: {
        tags,
        security,
        summary: 'Remove a forgotten USSD PIN, with the account password; the next dial of *384*40# sets a new one',
        description:
          "The PIN and its lock are removed, the phone's open USSD sessions end, and the phone is told by SMS. The next dial sets a new PIN after the 6-digit code the platform texts that phone then (or the web password). A wrong password is 400 with `errors.password`; wrong passwords count with the sign-in's (LIMIT_LOGIN_FAILURES per account and address in 15 minutes, then 429).",
        body: resetUssdPinBody,
        response: { 200: ussdPinResponse, 400: errorEnvelope, 401: errorEnvelope, ...rateLimitedAnswer },
      },
    },
    async (request) => {
      const data = await removeUssdPin(ctx, { userId: caller(request).userId, password: request.body.password, ip: request.ip });
      return { success: true as const, message: 'USSD PIN removed. Dial *384*40# to choose a new one.', data };
    },
  );

  app.post(
    '/forgot_password',
    {
      schema: {
        tags,
        summary: 'Send a password reset code by SMS to the account with this phone or email',
        description: 'Always 200 with the same answer, whether or not the account exists. One code a minute per account, five an hour.',
        body: forgotPasswordBody,
        response: { 200: forgotPasswordResponse, 400: errorEnvelope, ...rateLimitedAnswer },
      },
    },
    async (request) => {
      const data = await requestPasswordReset({ ctx, phoneOrEmail: request.body.phone_or_email, ip: request.ip });
      return { success: true as const, message: 'If an account matches, a reset code has been sent by SMS', data };
    },
  );

  app.post(
    '/reset_password',
    {
      schema: {
        tags,
        summary: 'Set a new password with the SMS reset code; every session of the account is revoked',
        body: resetPasswordBody,
        response: { 200: emptyResponse, 400: errorEnvelope, ...rateLimitedAnswer },
      },
    },
    async (request) => {
      const body = request.body;
      const data = await resetPassword({
        ctx,
        phoneOrEmail: body.phone_or_email,
        code: body.code,
        password: body.password,
        ip: request.ip,
      });
      await app.sessionCache.barrier();
      return { success: true as const, message: 'Password reset. Please sign in with your new password.', data };
    },
  );

  app.post(
    '/logout',
    {
      onRequest: app.requireAuth,
      schema: { tags, security, summary: 'Revoke this token (401 afterwards)', response: { 200: emptyResponse, 401: errorEnvelope } },
    },
    async (request) => {
      const data = await logOut({ ctx, sessionId: caller(request).sessionId });
      // Answer once this node has heard the revocation: the other nodes hear it in the same delivery.
      await app.sessionCache.barrier();
      return { success: true as const, message: 'Logged out', data };
    },
  );
};

export default authRoutes;
