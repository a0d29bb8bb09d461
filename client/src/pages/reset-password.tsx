/**
 * /reset-password: the SMS reset code and a new password (twice). Success revokes every session of the
 * account on the server and returns the person to /login.
 */
import { Button, Field, Input, Link as ChakraLink, Text } from '@chakra-ui/react';
import { CODE_RESEND_COOLDOWN_SECONDS, PASSWORD_MIN_LENGTH, PASSWORDS_DO_NOT_MATCH } from '@escrow/core/contract/auth';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useLocation } from 'react-router';
import { localizeMessage, useT, type Language, type Translate } from '@/i18n';
import { Link, useNavigate } from '@/i18n/link';
import { authApi } from '@/features/auth/api/auth-api';
import { errorMessage, fieldErrorsOf } from '@/features/auth/auth-messages';
import { AuthForm } from '@/features/auth/components/auth-form';
import { AuthLayout } from '@/features/auth/components/auth-layout';
import { FormAlert } from '@/features/auth/components/form-alert';
import { ResendCodeRow } from '@/features/auth/components/resend-code-row';
import { PasswordInput } from '@/features/auth/components/password-input';
import { useCountdown } from '@/features/auth/hooks/use-countdown';
import { ApiError } from '@/lib/api';

interface ResetForm {
  phone_or_email: string;
  code: string;
  password: string;
  password_confirmation: string;
}

function validate(form: ResetForm, t: Translate, language: Language): Record<string, string> {
  const errors: Record<string, string> = {};
  if (!form.phone_or_email.trim()) errors.phone_or_email = t('auth.common.enterPhoneOrEmail');
  if (!/^\d{6}$/.test(form.code)) errors.code = t('auth.verify.enterCode');
  if (form.password.length < PASSWORD_MIN_LENGTH) errors.password = t('auth.messages.passwordTooShort', { min: PASSWORD_MIN_LENGTH });
  if (form.password !== form.password_confirmation) errors.password_confirmation = localizeMessage(PASSWORDS_DO_NOT_MATCH, language);
  return errors;
}

export default function ResetPasswordPage() {
  const navigate = useNavigate();
  const { t, language } = useT();
  const state = useLocation().state as { phoneOrEmail?: string; codeSentAt?: number } | null;
  const [form, setForm] = useState<ResetForm>({
    phone_or_email: state?.phoneOrEmail ?? '',
    code: '',
    password: '',
    password_confirmation: '',
  });
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [alert, setAlert] = useState<{ status: 'error' | 'success'; text: string } | null>(
    state?.phoneOrEmail ? { status: 'success', text: t('auth.reset.codeSent') } : null,
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
    const errors = validate(form, t, language);
    setFieldErrors(errors);
    if (Object.keys(errors).length > 0) {
      const mismatch = localizeMessage(PASSWORDS_DO_NOT_MATCH, language);
      setAlert({ status: 'error', text: errors.password_confirmation === mismatch ? mismatch : t('auth.common.correctFields') });
      return;
    }
    setAlert(null);
    try {
      await reset.mutateAsync({ ...form, phone_or_email: form.phone_or_email.trim() });
      navigate('/login', { replace: true, state: { notice: t('auth.reset.done') } });
    } catch (caught) {
      setFieldErrors(fieldErrorsOf(caught, language));
      setAlert({ status: 'error', text: errorMessage(caught, t('auth.reset.failed'), language) });
    }
  }

  async function handleResend() {
    const identifier = form.phone_or_email.trim();
    if (!identifier) {
      setFieldErrors((current) => ({ ...current, phone_or_email: t('auth.common.enterPhoneOrEmail') }));
      return;
    }
    try {
      await resend.mutateAsync({ phone_or_email: identifier });
      restart(CODE_RESEND_COOLDOWN_SECONDS);
      setAlert({ status: 'success', text: t('auth.reset.newCodeSent') });
    } catch (caught) {
      if (caught instanceof ApiError && caught.retryAfter) restart(caught.retryAfter);
      setAlert({ status: 'error', text: errorMessage(caught, t('auth.common.couldNotSendCode'), language) });
    }
  }

  return (
    <AuthLayout
      title={t('auth.reset.title')}
      subtitle={t('auth.reset.subtitle')}
      footer={
        <Text>
          <ChakraLink asChild color="brand.fg" fontWeight="semibold">
            <Link to="/login">{t('auth.common.backToSignIn')}</Link>
          </ChakraLink>
        </Text>
      }
    >
      <AuthForm onSubmit={handleSubmit} label={t('auth.reset.formLabel')}>
        {alert && <FormAlert status={alert.status}>{alert.text}</FormAlert>}
        <Field.Root required invalid={!!fieldErrors.phone_or_email}>
          <Field.Label>
            {t('auth.common.phoneOrEmail')} <Field.RequiredIndicator />
          </Field.Label>
          <Input
            name="phone_or_email"
            autoComplete="username"
            placeholder={t('auth.common.phoneOrEmailPlaceholder')}
            value={form.phone_or_email}
            onChange={(event) => update('phone_or_email')(event.target.value)}
          />
          {fieldErrors.phone_or_email && <Field.ErrorText>{fieldErrors.phone_or_email}</Field.ErrorText>}
        </Field.Root>
        <Field.Root required invalid={!!fieldErrors.code}>
          <Field.Label>
            {t('auth.reset.code')} <Field.RequiredIndicator />
          </Field.Label>
          <Input
            name="code"
            inputMode="numeric"
            autoComplete="one-time-code"
            pattern="[0-9]*"
            maxLength={6}
            placeholder={t('auth.reset.codePlaceholder')}
            fontFamily="mono"
            value={form.code}
            onChange={(event) => update('code')(event.target.value)}
            autoFocus={!!state?.phoneOrEmail}
          />
          {fieldErrors.code && <Field.ErrorText>{fieldErrors.code}</Field.ErrorText>}
        </Field.Root>
        <Field.Root required invalid={!!fieldErrors.password}>
          <Field.Label>
            {t('auth.reset.newPassword')} <Field.RequiredIndicator />
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
            <Field.HelperText>{t('auth.common.atLeastCharacters', { min: PASSWORD_MIN_LENGTH })}</Field.HelperText>
          )}
        </Field.Root>
        <Field.Root required invalid={!!fieldErrors.password_confirmation}>
          <Field.Label>
            {t('auth.reset.confirmNewPassword')} <Field.RequiredIndicator />
          </Field.Label>
          <PasswordInput
            name="password_confirmation"
            autoComplete="new-password"
            value={form.password_confirmation}
            onChange={(event) => update('password_confirmation')(event.target.value)}
          />
          {fieldErrors.password_confirmation && <Field.ErrorText>{fieldErrors.password_confirmation}</Field.ErrorText>}
        </Field.Root>
        <Button
          type="submit"
          colorPalette="teal"
          size="lg"
          disabled={reset.isPending}
          loading={reset.isPending}
          loadingText={t('auth.reset.submitting')}
        >
          {t('auth.reset.submit')}
        </Button>
        <ResendCodeRow
          prompt={t('auth.reset.noCode')}
          label={secondsLeft > 0 ? t('auth.reset.sendNewIn', { seconds: secondsLeft }) : t('auth.reset.sendNew')}
          secondsLeft={secondsLeft}
          isPending={resend.isPending}
          onResend={() => void handleResend()}
        />
      </AuthForm>
    </AuthLayout>
  );
}
