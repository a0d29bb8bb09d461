/** /forgot-password: asks for a phone or email and sends a reset code by SMS, then opens /reset-password. */
import { Button, Field, Input, Link as ChakraLink, Text } from '@chakra-ui/react';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
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

  async function handleSubmit(event: FormEvent) {
    event.preventDefault();
    const identifier = phoneOrEmail.trim();
    if (!identifier) {
      setError('Please enter your phone number or email');
      return;
    }
    setError(null);
    try {
      await request.mutateAsync({ phone_or_email: identifier });
      navigate('/reset-password', { state: { phoneOrEmail: identifier, codeSentAt: Date.now() } });
    } catch (caught) {
      setError(errorMessage(caught, 'We could not send a reset code. Please try again.'));
    }
  }

  return (
    <AuthLayout
      title="Forgot password"
      subtitle="Enter the phone number or email of your account. We will send a reset code by SMS to the account's phone."
      footer={
        <Text>
          Remembered it?{' '}
          <ChakraLink asChild color="brand.fg" fontWeight="semibold">
            <Link to="/login">Back to sign in</Link>
          </ChakraLink>
        </Text>
      }
    >
      <AuthForm onSubmit={handleSubmit} label="Request a password reset code">
        {error && <FormAlert>{error}</FormAlert>}
        <Field.Root required>
          <Field.Label>
            Phone or email <Field.RequiredIndicator />
          </Field.Label>
          <Input
            name="phone_or_email"
            autoComplete="username"
            placeholder="0712 345 678 or you@example.com"
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
          loadingText="Sending…"
        >
          Send reset code
        </Button>
        <ChakraLink asChild fontSize="sm" color="brand.fg" alignSelf="center">
          <Link to="/reset-password">I already have a code</Link>
        </ChakraLink>
      </AuthForm>
    </AuthLayout>
  );
}
