/**
 * The calls of `/api/auth` (docs/contract.md "Auth") through the typed client: paths, bodies and answers
 * are checked against the server's OpenAPI document at type-check time.
 */
import type {
  ForgotPasswordBody,
  LoginBody,
  PhoneNumberBody,
  RegisterBody,
  ResetPasswordBody,
  VerifyPhoneBody,
} from '@escrow/core/contract/auth';
import { typedApi, unwrap } from '@/lib/typed-api';

// Auth calls never bounce to /login on 401: a wrong password is an answer to show, not an expired session.
const asAnswer = { noAuthRedirect: true };

export const authApi = {
  login: (body: LoginBody) => unwrap(typedApi.POST('/api/auth/login', { body }), asAnswer),
  register: (body: RegisterBody) => unwrap(typedApi.POST('/api/auth/register', { body }), asAnswer),
  resendVerificationCode: (body: PhoneNumberBody) => unwrap(typedApi.POST('/api/auth/resend_verification_code', { body }), asAnswer),
  verifyPhone: (body: VerifyPhoneBody) => unwrap(typedApi.POST('/api/auth/verify_phone', { body }), asAnswer),
  forgotPassword: (body: ForgotPasswordBody) => unwrap(typedApi.POST('/api/auth/forgot_password', { body }), asAnswer),
  resetPassword: (body: ResetPasswordBody) => unwrap(typedApi.POST('/api/auth/reset_password', { body }), asAnswer),
  logout: () => unwrap(typedApi.POST('/api/auth/logout'), asAnswer),
};
