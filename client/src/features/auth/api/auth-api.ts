/** The calls of `/api/auth` (CONTRACT.md "Auth"), typed from the shared contract. */
import type {
  CodeSentData,
  ForgotPasswordBody,
  LoginBody,
  LoginData,
  PhoneNumberBody,
  RegisterBody,
  ResetPasswordBody,
  SessionData,
  UserWire,
  VerifyPhoneBody,
} from '@shared/auth';
import { api } from '@/lib/api';

// Auth calls never bounce to /login on 401: a wrong password is an answer to show, not an expired session.
const post = <T>(path: string, body: unknown) => api<T>(`/api/auth${path}`, { method: 'POST', body, noAuthRedirect: true });

export const authApi = {
  login: (body: LoginBody) => post<LoginData>('/login', body),
  register: (body: RegisterBody) => post<{ user: UserWire; requires_verification: true }>('/register', body),
  resendVerificationCode: (body: PhoneNumberBody) => post<CodeSentData>('/resend_verification_code', body),
  verifyPhone: (body: VerifyPhoneBody) => post<SessionData>('/verify_phone', body),
  forgotPassword: (body: ForgotPasswordBody) => post<{ code_sent: true }>('/forgot_password', body),
  resetPassword: (body: ResetPasswordBody) => post<Record<string, never>>('/reset_password', body),
};
