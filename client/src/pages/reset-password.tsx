/**
 * /reset-password: the SMS reset code and a new password (twice). Success revokes every session of the
 * account on the server and returns the person to /login.
 */
import { Button, Field, HStack, Input, Link as ChakraLink, Text } from '@chakra-ui/react';
import { CODE_RESEND_COOLDOWN_SECONDS, PASSWORD_MIN_LENGTH, PASSWORDS_DO_NOT_MATCH } from '@escrow/core/contract/auth';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { authApi } from '@/features/auth/api/auth-api';
import { errorMessage, fieldErrorsOf } from '@/features/auth/auth-messages';
import { AuthForm } from '@/features/auth/components/auth-form';
import { AuthLayout } from '@/features/auth/components/auth-layout';
import { FormAlert } from '@/features/auth/components/form-alert';
import { PasswordInput } from '@/features/auth/components/password-input';
import { useCountdown } from '@/features/auth/hooks/use-countdown';
import { ApiError } from '@/lib/api';

interface ResetForm {
  phone_or_email: string;
  code: string;
  password: string;
  password_confirmation: string;
}

function validate(form: ResetForm): Record<string, string> {
  const errors: Record<string, string> = {};
  if (!form.phone_or_email.trim()) errors.phone_or_email = 'Please enter your phone number or email';
  if (!/^\d{6}$/.test(form.code)) errors.code = 'Enter the 6-digit code from the SMS';
  if (form.password.length < PASSWORD_MIN_LENGTH) errors.password = `Password must be at least ${PASSWORD_MIN_LENGTH} characters`;
  if (form.password !== form.password_confirmation) errors.password_confirmation = PASSWORDS_DO_NOT_MATCH;
  return errors;
}

export default function ResetPasswordPage() {
  const navigate = useNavigate();
  const state = useLocation().state as { phoneOrEmail?: string; codeSentAt?: number } | null;
  const [form, setForm] = useState<ResetForm>({
    phone_or_email: state?.phoneOrEmail ?? '',
    code: '',
    password: '',
    password_confirmation: '',
  });
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [alert, setAlert] = useState<{ status: 'error' | 'success'; text: string } | null>(
    state?.phoneOrEmail ? { status: 'success', text: 'If an account matches, we sent a 6-digit reset code to its phone by SMS.' } : null,
  );
  const sentSecondsAgo = state?.codeSentAt ? Math.floor((Date.now() - state.codeSentAt) / 1000) : CODE_RESEND_COOLDOWN_SECONDS;
  const { secondsLeft, restart } = useCountdown(Math.max(0, CODE_RESEND_COOLDOWN_SECONDS - sentSecondsAgo));
  const reset = useMutation({ mutationFn: authApi.resetPassword });
  const resend = useMutation({ mutationFn: authApi.forgotPassword });

  const update = (field: keyof ResetForm) => (value: string) => {
    setForm((current) => ({ ...current, [field]: field === 'code' ? value.replace(/\D/g, '').slice(0, 6) : value }));
    if (fieldErrors[field]) setFieldErrors(({ [field]: _removed, ...rest }) => rest);
  };

  async function handleSubmit(event: FormEvent) {
    event.preventDefault();
    const errors = validate(form);
    setFieldErrors(errors);
    if (Object.keys(errors).length > 0) {
      setAlert({
        status: 'error',
        text: errors.password_confirmation === PASSWORDS_DO_NOT_MATCH ? PASSWORDS_DO_NOT_MATCH : 'Please correct the highlighted fields.',
      });
      return;
    }
    setAlert(null);
    try {
      await reset.mutateAsync({ ...form, phone_or_email: form.phone_or_email.trim() });
      navigate('/login', { replace: true, state: { notice: 'Your password was reset. Sign in with your new password.' } });
    } catch (caught) {
      setFieldErrors(fieldErrorsOf(caught));
      setAlert({ status: 'error', text: errorMessage(caught, 'We could not reset your password. Please try again.') });
    }
  }

  async function handleResend() {
    const identifier = form.phone_or_email.trim();
    if (!identifier) {
      setFieldErrors((current) => ({ ...current, phone_or_email: 'Please enter your phone number or email' }));
      return;
    }
    try {
      await resend.mutateAsync({ phone_or_email: identifier });
      restart(CODE_RESEND_COOLDOWN_SECONDS);
      setAlert({ status: 'success', text: 'If an account matches, a new code is on its way by SMS.' });
    } catch (caught) {
      if (caught instanceof ApiError && caught.retryAfter) restart(caught.retryAfter);
      setAlert({ status: 'error', text: errorMessage(caught, 'We could not send a new code. Please try again.') });
    }
  }

  return (
    <AuthLayout
      title="Reset password"
      subtitle="Enter the code we sent by SMS and choose a new password. You will be signed out everywhere."
      footer={
        <Text>
          <ChakraLink asChild color="brand.fg" fontWeight="semibold">
            <Link to="/login">Back to sign in</Link>
          </ChakraLink>
        </Text>
      }
    >
      <AuthForm onSubmit={handleSubmit} label="Reset password">
        {alert && <FormAlert status={alert.status}>{alert.text}</FormAlert>}
        <Field.Root required invalid={!!fieldErrors.phone_or_email}>
          <Field.Label>
            Phone or email <Field.RequiredIndicator />
          </Field.Label>
          <Input
            name="phone_or_email"
            autoComplete="username"
            placeholder="0712 345 678 or you@example.com"
            value={form.phone_or_email}
            onChange={(event) => update('phone_or_email')(event.target.value)}
          />
          {fieldErrors.phone_or_email && <Field.ErrorText>{fieldErrors.phone_or_email}</Field.ErrorText>}
        </Field.Root>
        <Field.Root required invalid={!!fieldErrors.code}>
          <Field.Label>
            Reset code <Field.RequiredIndicator />
          </Field.Label>
          <Input
            name="code"
            inputMode="numeric"
            autoComplete="one-time-code"
            pattern="[0-9]*"
            maxLength={6}
            placeholder="6-digit code"
            fontFamily="mono"
            value={form.code}
            onChange={(event) => update('code')(event.target.value)}
            autoFocus={!!state?.phoneOrEmail}
          />
          {fieldErrors.code && <Field.ErrorText>{fieldErrors.code}</Field.ErrorText>}
        </Field.Root>
        <Field.Root required invalid={!!fieldErrors.password}>
          <Field.Label>
            New password <Field.RequiredIndicator />
          </Field.Label>
          <PasswordInput
            name="password"
            autoComplete="new-password"
            value={form.password}
            onChange={(event) => update('password')(event.target.value)}
          />
          {fieldErrors.password ? (
            <Field.ErrorText>{fieldErrors.password}</Field.ErrorText>
          ) : (
            <Field.HelperText>At least {PASSWORD_MIN_LENGTH} characters.</Field.HelperText>
          )}
        </Field.Root>
        <Field.Root required invalid={!!fieldErrors.password_confirmation}>
          <Field.Label>
            Confirm new password <Field.RequiredIndicator />
          </Field.Label>
          <PasswordInput
            name="password_confirmation"
            autoComplete="new-password"
            value={form.password_confirmation}
            onChange={(event) => update('password_confirmation')(event.target.value)}
          />
          {fieldErrors.password_confirmation && <Field.ErrorText>{fieldErrors.password_confirmation}</Field.ErrorText>}
        </Field.Root>
        <Button type="submit" colorPalette="teal" size="lg" disabled={reset.isPending} loading={reset.isPending} loadingText="Resetting…">
          Reset password
        </Button>
        <HStack justify="center" gap="2" flexWrap="wrap" fontSize="sm">
          <Text color="fg.muted">No code?</Text>
          <Button
            variant="ghost"
            size="sm"
            colorPalette="teal"
            onClick={handleResend}
            disabled={secondsLeft > 0 || resend.isPending}
            loading={resend.isPending}
          >
            {secondsLeft > 0 ? `Send a new code in ${secondsLeft}s` : 'Send a new code'}
          </Button>
        </HStack>
      </AuthForm>
    </AuthLayout>
  );
}
