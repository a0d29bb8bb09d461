/**
 * /login (docs/product-rules.md §2, §4, §5, §8): one phone-or-email field, a password with show/hide, Sign In. Signed-in
 * users go to the dashboard (or `next`); a phone waiting for its code goes to /verify-phone.
 */
import { Button, Field, Input, Link as ChakraLink, Text } from '@chakra-ui/react';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link, Navigate, useLocation, useSearchParams } from 'react-router';
import { authApi } from '@/features/auth/api/auth-api';
import { loginErrorMessage, MISSING_CREDENTIALS, safeNextPath } from '@/features/auth/auth-messages';
import { AuthForm } from '@/features/auth/components/auth-form';
import { AuthLayout } from '@/features/auth/components/auth-layout';
import { FormAlert } from '@/features/auth/components/form-alert';
import { PasswordInput } from '@/features/auth/components/password-input';
import { UssdQuickAccess } from '@/features/auth/components/ussd-quick-access';
import { setPendingVerification, setSession, useAuth } from '@/features/auth/use-auth';

export default function LoginPage() {
  const { isAuthenticated, requiresVerification } = useAuth();
  const [searchParams] = useSearchParams();
  const location = useLocation();
  const notice = (location.state as { notice?: string } | null)?.notice;
  const [phoneOrEmail, setPhoneOrEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const login = useMutation({ mutationFn: authApi.login });

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
      setError(MISSING_CREDENTIALS);
      return;
    }
    setError(null);
    try {
      const data = await login.mutateAsync({ phone_or_email: phoneOrEmail.trim(), password });
      if (data.token && !data.requires_verification) setSession(data.token, data.user);
      else setPendingVerification(data.user.phone_number);
    } catch (caught) {
      setError(loginErrorMessage(caught));
    }
  }

  const clearErrorAnd = (update: (value: string) => void) => (value: string) => {
    update(value);
    if (error) setError(null);
  };

  return (
    <AuthLayout
      title="Sign In"
      subtitle="Welcome back. Sign in with your phone number or email."
      footer={
        <Text>
          New to Escrow Kenya?{' '}
          <ChakraLink asChild color="brand.fg" fontWeight="semibold">
            <Link to={signupPath}>Create an account</Link>
          </ChakraLink>
        </Text>
      }
    >
      <AuthForm onSubmit={handleSubmit} label="Sign in">
        {notice && !error && <FormAlert status="success">{notice}</FormAlert>}
        {error && <FormAlert>{error}</FormAlert>}
        <Field.Root required>
          <Field.Label>
            Phone or email <Field.RequiredIndicator />
          </Field.Label>
          <Input
            name="phone_or_email"
            autoComplete="username"
            inputMode="email"
            placeholder="0712 345 678 or you@example.com"
            value={phoneOrEmail}
            onChange={(event) => clearErrorAnd(setPhoneOrEmail)(event.target.value)}
            autoFocus
          />
        </Field.Root>
        <Field.Root required>
          <Field.Label>
            Password <Field.RequiredIndicator />
          </Field.Label>
          <PasswordInput
            name="password"
            autoComplete="current-password"
            value={password}
            onChange={(event) => clearErrorAnd(setPassword)(event.target.value)}
          />
          <ChakraLink asChild fontSize="sm" color="brand.fg" alignSelf="flex-end">
            <Link to="/forgot-password">Forgot password?</Link>
          </ChakraLink>
        </Field.Root>
        <Button
          type="submit"
          colorPalette="teal"
          size="lg"
          disabled={isIncomplete || login.isPending}
          loading={login.isPending}
          loadingText="Signing in…"
        >
          Sign In
        </Button>
        <UssdQuickAccess />
      </AuthForm>
    </AuthLayout>
  );
}
