/**
 * /verify-phone: the 6-digit SMS code after sign-up or a login with an unverified phone. A resend button
 * counts down the server's cooldown; success stores the session (docs/product-rules.md §4) and opens the dashboard.
 * The language the person verified in becomes their profile's (and so their SMS language).
 */
import { Button, Field, Input, Link as ChakraLink, Text } from '@chakra-ui/react';
import { displayPhone, normalizePhone } from '@escrow/core/domain/phone';
import { CODE_RESEND_COOLDOWN_SECONDS } from '@escrow/core/contract/auth';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useLocation } from 'react-router';
import { useT } from '@/i18n';
import { Navigate, useNavigate } from '@/i18n/link';
import { api } from '@/lib/api';
import { authStorage } from '@/lib/auth-storage';
import { authApi } from '@/features/auth/api/auth-api';
import { errorMessage, safeNextPath } from '@/features/auth/auth-messages';
import { AuthForm } from '@/features/auth/components/auth-form';
import { AuthLayout } from '@/features/auth/components/auth-layout';
import { FormAlert } from '@/features/auth/components/form-alert';
import { ResendCodeRow } from '@/features/auth/components/resend-code-row';
import { useCountdown } from '@/features/auth/hooks/use-countdown';
import { clearPendingVerification, setPendingVerification, setSession, useAuth } from '@/hooks/use-auth';
import { ApiError } from '@/lib/api';

export default function VerifyPhonePage() {
  const { isAuthenticated, pendingPhone } = useAuth();
  const navigate = useNavigate();
  const location = useLocation();
  const next = safeNextPath((location.state as { next?: string | null } | null)?.next ?? null);
  // Someone who arrives without a pending phone (a bookmark, another device) types it here.
  const [typedPhone, setTypedPhone] = useState('');
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | null>(null);
  const [alert, setAlert] = useState<{ status: 'error' | 'success'; text: string } | null>(null);
  // The code was just sent by the sign-up or login that brought the person here.
  const { secondsLeft, restart } = useCountdown(pendingPhone ? CODE_RESEND_COOLDOWN_SECONDS : 0);
  const verify = useMutation({ mutationFn: authApi.verifyPhone });
  const resend = useMutation({ mutationFn: authApi.resendVerificationCode });
  const { t, language } = useT();

  if (isAuthenticated) return <Navigate to={next ?? '/dashboard'} replace />;

  const phone = pendingPhone ?? normalizePhone(typedPhone);

  async function handleVerify(event: FormEvent) {
    event.preventDefault();
    setAlert(null);
    if (!phone) {
      setAlert({ status: 'error', text: t('auth.verify.enterPhone') });
      return;
    }
    if (!/^\d{6}$/.test(code)) {
      setCodeError(t('auth.verify.enterCode'));
      return;
    }
    try {
      const { token, user } = await verify.mutateAsync({ phone_number: phone, code });
      if (user.preferred_language !== language) {
        // Saved before the session is announced (which leaves this page); not saved is no reason to fail.
        authStorage.save(token, user);
        await api<{ user: typeof user }>('/api/auth/profile', {
          method: 'PUT',
          body: { preferred_language: language },
          noAuthRedirect: true,
        })
          .then((data) => setSession(token, data.user))
          .catch(() => setSession(token, user));
      } else setSession(token, user);
    } catch (caught) {
      setAlert({ status: 'error', text: errorMessage(caught, t('auth.verify.failed'), language) });
    }
  }

  async function handleResend() {
    setAlert(null);
    if (!phone) {
      setAlert({ status: 'error', text: t('auth.verify.enterPhone') });
      return;
    }
    try {
      await resend.mutateAsync({ phone_number: phone });
      if (!pendingPhone) setPendingVerification(phone);
      restart(CODE_RESEND_COOLDOWN_SECONDS);
      setAlert({ status: 'success', text: t('auth.verify.newCodeSent', { phone: displayPhone(phone) }) });
    } catch (caught) {
      if (caught instanceof ApiError && caught.retryAfter) restart(caught.retryAfter);
      setAlert({ status: 'error', text: errorMessage(caught, t('auth.common.couldNotSendCode'), language) });
    }
  }

  function startOver() {
    clearPendingVerification();
    navigate('/login', { replace: true });
  }

  return (
    <AuthLayout
      title={t('auth.verify.title')}
      subtitle={
        pendingPhone ? (
          <>
            {t('auth.verify.sentTo')} <Text as="strong">{displayPhone(pendingPhone)}</Text>. {t('auth.verify.expires')}
          </>
        ) : (
          t('auth.verify.noPending')
        )
      }
      footer={
        <Text>
          {t('auth.verify.wrongNumber')}{' '}
          <ChakraLink asChild color="brand.fg" fontWeight="semibold">
            <button type="button" onClick={startOver}>
              {t('auth.common.backToSignIn')}
            </button>
          </ChakraLink>
        </Text>
      }
    >
      <AuthForm onSubmit={handleVerify} label={t('auth.verify.formLabel')}>
        {alert && <FormAlert status={alert.status}>{alert.text}</FormAlert>}
        {!pendingPhone && (
          <Field.Root required>
            <Field.Label>
              {t('auth.common.phoneNumber')} <Field.RequiredIndicator />
            </Field.Label>
            <Input
              name="phone_number"
              type="tel"
              inputMode="tel"
              autoComplete="tel"
              placeholder="0712 345 678"
              value={typedPhone}
              onChange={(event) => setTypedPhone(event.target.value)}
            />
          </Field.Root>
        )}
        <Field.Root required invalid={!!codeError}>
          <Field.Label>
            {t('auth.verify.code')} <Field.RequiredIndicator />
          </Field.Label>
          <Input
            name="code"
            inputMode="numeric"
            autoComplete="one-time-code"
            pattern="[0-9]*"
            maxLength={6}
            placeholder="••••••"
            size="lg"
            textAlign="center"
            fontFamily="mono"
            fontSize="2xl"
            letterSpacing="0.5em"
            value={code}
            onChange={(event) => {
              setCode(event.target.value.replace(/\D/g, '').slice(0, 6));
              setCodeError(null);
            }}
            autoFocus={!!pendingPhone}
          />
          {codeError && <Field.ErrorText>{codeError}</Field.ErrorText>}
        </Field.Root>
        <Button
          type="submit"
          colorPalette="teal"
          size="lg"
          disabled={code.length !== 6 || verify.isPending}
          loading={verify.isPending}
          loadingText={t('auth.verify.submitting')}
        >
          {t('auth.verify.submit')}
        </Button>
        <ResendCodeRow
          prompt={t('auth.verify.noSms')}
          label={
            secondsLeft > 0
              ? t('auth.verify.resendIn', { seconds: secondsLeft })
              : pendingPhone
                ? t('auth.verify.resend')
                : t('auth.verify.send')
          }
          secondsLeft={secondsLeft}
          isPending={resend.isPending}
          onResend={() => void handleResend()}
        />
      </AuthForm>
    </AuthLayout>
  );
}
