/** /forgot-password: asks for a phone or email and sends a reset code by SMS, then opens /reset-password. */
import { Button, Field, Input, Link as ChakraLink, Text } from '@chakra-ui/react';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useT } from '@/i18n';
import { Link, useNavigate } from '@/i18n/link';
import { authApi } from '@/features/auth/api/auth-api';
import { errorMessage } from '@/features/auth/auth-messages';
import { AuthForm } from '@/features/auth/components/auth-form';
import { AuthLayout } from '@/features/auth/components/auth-layout';
import { FormAlert } from '@/features/auth/components/form-alert';

export default function ForgotPasswordPage() {
  const navigate = useNavigate();
  const [phoneOrEmail, setPhoneOrEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const request = useMutation({ mutationFn: authApi.forgotPassword });
  const { t, language } = useT();

  async function handleSubmit(event: FormEvent) {
    event.preventDefault();
    const identifier = phoneOrEmail.trim();
    if (!identifier) {
      setError(t('auth.common.enterPhoneOrEmail'));
      return;
    }
    setError(null);
    try {
      await request.mutateAsync({ phone_or_email: identifier });
      navigate('/reset-password', { state: { phoneOrEmail: identifier, codeSentAt: Date.now() } });
    } catch (caught) {
      setError(errorMessage(caught, t('auth.forgot.failed'), language));
    }
  }

  return (
    <AuthLayout
      title={t('auth.forgot.title')}
      subtitle={t('auth.forgot.subtitle')}
      footer={
        <Text>
          {t('auth.forgot.remembered')}{' '}
          <ChakraLink asChild color="brand.fg" fontWeight="semibold">
            <Link to="/login">{t('auth.common.backToSignIn')}</Link>
          </ChakraLink>
        </Text>
      }
    >
      <AuthForm onSubmit={handleSubmit} label={t('auth.forgot.formLabel')}>
        {error && <FormAlert>{error}</FormAlert>}
        <Field.Root required>
          <Field.Label>
            {t('auth.common.phoneOrEmail')} <Field.RequiredIndicator />
          </Field.Label>
          <Input
            name="phone_or_email"
            autoComplete="username"
            placeholder={t('auth.common.phoneOrEmailPlaceholder')}
            value={phoneOrEmail}
            onChange={(event) => {
              setPhoneOrEmail(event.target.value);
              setError(null);
            }}
            autoFocus
          />
        </Field.Root>
        <Button
          type="submit"
          colorPalette="teal"
          size="lg"
          disabled={!phoneOrEmail.trim() || request.isPending}
          loading={request.isPending}
          loadingText={t('auth.forgot.submitting')}
        >
          {t('auth.forgot.submit')}
        </Button>
        <ChakraLink asChild fontSize="sm" color="brand.fg" alignSelf="center">
          <Link to="/reset-password">{t('auth.forgot.haveCode')}</Link>
        </ChakraLink>
      </AuthForm>
    </AuthLayout>
  );
}
