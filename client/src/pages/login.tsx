/**
 * /login (docs/product-rules.md §2, §4, §5, §8): one phone-or-email field, a password with show/hide, Sign In. Signed-in
 * users go to the dashboard (or `next`); a phone waiting for its code goes to /verify-phone.
 */
import { Button, Field, Input, Link as ChakraLink, Text } from '@chakra-ui/react';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { loadLanguage, savedLanguage, useT } from '@/i18n';
import { Link, Navigate } from '@/i18n/link';
import { authApi } from '@/features/auth/api/auth-api';
import { errorMessage, safeNextPath } from '@/features/auth/auth-messages';
import { AuthForm } from '@/features/auth/components/auth-form';
import { AuthLayout } from '@/features/auth/components/auth-layout';
import { FormAlert } from '@/features/auth/components/form-alert';
import { PasswordInput } from '@/features/auth/components/password-input';
import { UssdQuickAccess } from '@/features/auth/components/ussd-quick-access';
import { setPendingVerification, setSession, useAuth } from '@/hooks/use-auth';
import { authStorage } from '@/lib/auth-storage';
import { saveLanguageToProfile } from '@/lib/save-language';

export default function LoginPage() {
  const { isAuthenticated, requiresVerification } = useAuth();
  const [searchParams] = useSearchParams();
  const location = useLocation();
  const notice = (location.state as { notice?: string } | null)?.notice;
  const [phoneOrEmail, setPhoneOrEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const login = useMutation({ mutationFn: authApi.login });
  const { t, language, setLanguage } = useT();

  // Declarative redirects: a successful login changes the auth state, and this sends the user on.
  if (isAuthenticated) return <Navigate to={safeNextPath(searchParams.get('next')) ?? '/dashboard'} replace />;
  if (requiresVerification) return <Navigate to="/verify-phone" replace state={{ next: searchParams.get('next') }} />;

  const isIncomplete = !phoneOrEmail || !password;
  // Sign-up keeps where the visitor was going.
  const next = safeNextPath(searchParams.get('next'));
  const signupPath = next ? `/signup?next=${encodeURIComponent(next)}` : '/signup';

  async function handleSubmit(event: FormEvent) {
    event.preventDefault();
    if (!phoneOrEmail.trim() || !password) {
      setError(t('auth.login.missing'));
      return;
    }
    setError(null);
    try {
      const data = await login.mutateAsync({ phone_or_email: phoneOrEmail.trim(), password });
      if (data.token && !data.requires_verification) {
        if (savedLanguage() === language && data.user.preferred_language !== language) {
          // The visitor chose this page's language with the switch before signing in: the choice stands and
          // goes to the profile, as the switch does when signed in (it also sets their SMS language). Saved
          // before the session is announced, which leaves this page.
          authStorage.save(data.token, data.user);
          await saveLanguageToProfile(language);
          setSession(data.token, authStorage.user() ?? data.user);
          return;
        }
        // Signed in: the profile's language becomes this browser's (it also sets their SMS language). The
        // session first: this page then leaves, so its path no longer decides the language.
        await loadLanguage(data.user.preferred_language);
        setSession(data.token, data.user);
        void setLanguage(data.user.preferred_language);
      } else setPendingVerification(data.user.phone_number);
    } catch (caught) {
      setError(errorMessage(caught, t('auth.login.failed'), language));
    }
  }

  const clearErrorAnd = (update: (value: string) => void) => (value: string) => {
    update(value);
    if (error) setError(null);
  };

  return (
    <AuthLayout
      title={t('auth.login.title')}
      subtitle={t('auth.login.subtitle')}
      footer={
        <Text>
          {t('auth.login.newHere')}{' '}
          <ChakraLink asChild color="brand.fg" fontWeight="semibold">
            <Link to={signupPath}>{t('auth.login.createAccount')}</Link>
          </ChakraLink>
        </Text>
      }
    >
      <AuthForm onSubmit={handleSubmit} label={t('auth.login.formLabel')}>
        {notice && !error && <FormAlert status="success">{notice}</FormAlert>}
        {error && <FormAlert>{error}</FormAlert>}
        <Field.Root required>
          <Field.Label>
            {t('auth.common.phoneOrEmail')} <Field.RequiredIndicator />
          </Field.Label>
          <Input
            name="phone_or_email"
            autoComplete="username"
            inputMode="email"
            placeholder={t('auth.common.phoneOrEmailPlaceholder')}
            value={phoneOrEmail}
            onChange={(event) => clearErrorAnd(setPhoneOrEmail)(event.target.value)}
            autoFocus
          />
        </Field.Root>
        <Field.Root required>
          <Field.Label>
            {t('auth.common.password')} <Field.RequiredIndicator />
          </Field.Label>
          <PasswordInput
            name="password"
            autoComplete="current-password"
            value={password}
            onChange={(event) => clearErrorAnd(setPassword)(event.target.value)}
          />
          <ChakraLink asChild fontSize="sm" color="brand.fg" alignSelf="flex-end">
            <Link to="/forgot-password">{t('auth.login.forgot')}</Link>
          </ChakraLink>
        </Field.Root>
        <Button
          type="submit"
          colorPalette="teal"
          size="lg"
          disabled={isIncomplete || login.isPending}
          loading={login.isPending}
          loadingText={t('auth.login.submitting')}
        >
          {t('auth.login.submit')}
        </Button>
        <UssdQuickAccess />
      </AuthForm>
    </AuthLayout>
  );
}
