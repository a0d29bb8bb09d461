/**
 * /verify-phone: the 6-digit SMS code after sign-up or a login with an unverified phone. A resend button
 * counts down the server's cooldown; success stores the session (docs/product-rules.md §4) and opens the dashboard.
 */
import { Button, Field, HStack, Input, Link as ChakraLink, Text } from '@chakra-ui/react';
import { displayPhone, normalizePhone } from '@escrow/core/domain/phone';
import { CODE_RESEND_COOLDOWN_SECONDS } from '@escrow/core/contract/auth';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { authApi } from '@/features/auth/api/auth-api';
import { errorMessage, safeNextPath } from '@/features/auth/auth-messages';
import { AuthForm } from '@/features/auth/components/auth-form';
import { AuthLayout } from '@/features/auth/components/auth-layout';
import { FormAlert } from '@/features/auth/components/form-alert';
import { useCountdown } from '@/features/auth/hooks/use-countdown';
import { clearPendingVerification, setPendingVerification, setSession, useAuth } from '@/features/auth/use-auth';
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

  if (isAuthenticated) return <Navigate to={next ?? '/dashboard'} replace />;

  const phone = pendingPhone ?? normalizePhone(typedPhone);

  async function handleVerify(event: FormEvent) {
    event.preventDefault();
    setAlert(null);
    if (!phone) {
      setAlert({ status: 'error', text: 'Enter the phone number you signed up with.' });
      return;
    }
    if (!/^\d{6}$/.test(code)) {
      setCodeError('Enter the 6-digit code from the SMS');
      return;
    }
    try {
      const { token, user } = await verify.mutateAsync({ phone_number: phone, code });
      setSession(token, user);
    } catch (caught) {
      setAlert({ status: 'error', text: errorMessage(caught, 'We could not verify the code. Please try again.') });
    }
  }

  async function handleResend() {
    setAlert(null);
    if (!phone) {
      setAlert({ status: 'error', text: 'Enter the phone number you signed up with.' });
      return;
    }
    try {
      await resend.mutateAsync({ phone_number: phone });
      if (!pendingPhone) setPendingVerification(phone);
      restart(CODE_RESEND_COOLDOWN_SECONDS);
      setAlert({ status: 'success', text: `A new code is on its way to ${displayPhone(phone)}.` });
    } catch (caught) {
      if (caught instanceof ApiError && caught.retryAfter) restart(caught.retryAfter);
      setAlert({ status: 'error', text: errorMessage(caught, 'We could not send a new code. Please try again.') });
    }
  }

  function startOver() {
    clearPendingVerification();
    navigate('/login', { replace: true });
  }

  return (
    <AuthLayout
      title="Verify your phone"
      subtitle={
        pendingPhone ? (
          <>
            Enter the 6-digit code we sent by SMS to <Text as="strong">{displayPhone(pendingPhone)}</Text>. It expires in 10 minutes.
          </>
        ) : (
          'Enter your phone number and the 6-digit code we sent by SMS.'
        )
      }
      footer={
        <Text>
          Wrong number or account?{' '}
          <ChakraLink asChild color="brand.fg" fontWeight="semibold">
            <button type="button" onClick={startOver}>
              Back to sign in
            </button>
          </ChakraLink>
        </Text>
      }
    >
      <AuthForm onSubmit={handleVerify} label="Verify phone">
        {alert && <FormAlert status={alert.status}>{alert.text}</FormAlert>}
        {!pendingPhone && (
          <Field.Root required>
            <Field.Label>
              Phone number <Field.RequiredIndicator />
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
            Verification code <Field.RequiredIndicator />
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
          loadingText="Verifying…"
        >
          Verify phone
        </Button>
        <HStack justify="center" gap="2" flexWrap="wrap" fontSize="sm">
          <Text color="fg.muted">Did not get the SMS?</Text>
          <Button
            variant="ghost"
            size="sm"
            colorPalette="teal"
            onClick={handleResend}
            disabled={secondsLeft > 0 || resend.isPending}
            loading={resend.isPending}
          >
            {secondsLeft > 0 ? `Resend code in ${secondsLeft}s` : pendingPhone ? 'Resend code' : 'Send code'}
          </Button>
        </HStack>
      </AuthForm>
    </AuthLayout>
  );
}
