/**
 * /signup (docs/product-rules.md §2, §5): names, phone, account type, password twice, the terms box. It really registers
 * (POST /api/auth/register), then sends the person to /verify-phone for the SMS code.
 */
import { Box, Button, Checkbox, Field, Input, Link as ChakraLink, NativeSelect, SimpleGrid, Text } from '@chakra-ui/react';
import { registerBody, SELF_SERVICE_USER_TYPES, PASSWORD_MIN_LENGTH, PASSWORDS_DO_NOT_MATCH } from '@escrow/core/contract/auth';
import { useMutation } from '@tanstack/react-query';
import { Info } from 'lucide-react';
import { useState, type FormEvent, type ReactNode } from 'react';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { authApi } from '@/features/auth/api/auth-api';
import { errorMessage, fieldErrorsOf, safeNextPath, TERMS_REQUIRED } from '@/features/auth/auth-messages';
import { AuthForm } from '@/features/auth/components/auth-form';
import { AuthLayout } from '@/features/auth/components/auth-layout';
import { FormAlert } from '@/features/auth/components/form-alert';
import { PasswordInput } from '@/features/auth/components/password-input';
import { setPendingVerification, useAuth } from '@/features/auth/use-auth';

type UserType = (typeof SELF_SERVICE_USER_TYPES)[number];

const ACCOUNT_TYPES: { value: UserType; label: string }[] = [
  { value: 'buyer', label: 'Buyer' },
  { value: 'seller', label: 'Seller' },
  { value: 'both', label: 'Both (buyer and seller)' },
];

interface SignupForm {
  first_name: string;
  last_name: string;
  phone_number: string;
  email: string;
  user_type: UserType | '';
  password: string;
  password_confirmation: string;
}

const EMPTY: SignupForm = {
  first_name: '',
  last_name: '',
  phone_number: '',
  email: '',
  user_type: '',
  password: '',
  password_confirmation: '',
};

const REQUIRED: [keyof SignupForm, string][] = [
  ['first_name', 'First name is required'],
  ['last_name', 'Last name is required'],
  ['phone_number', 'Phone number is required'],
  ['user_type', 'Please choose an account type'],
  ['password', 'Password is required'],
  ['password_confirmation', 'Please confirm your password'],
];

/** Field errors of the form before it is sent: required fields first, then the shared contract's rules. */
function validate(form: SignupForm): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const [field, message] of REQUIRED) if (!form[field].trim()) errors[field] = message;
  const parsed = registerBody.safeParse({ ...form, email: form.email || undefined });
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0] ?? '');
      if (field && !errors[field]) errors[field] = issue.message;
    }
  }
  return errors;
}

export default function SignupPage() {
  const { isAuthenticated } = useAuth();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  // Where the visitor was going (kept from the login page), through phone verification.
  const next = safeNextPath(searchParams.get('next'));
  const [form, setForm] = useState<SignupForm>(EMPTY);
  const [hasAcceptedTerms, setHasAcceptedTerms] = useState(false);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [alert, setAlert] = useState<string | null>(null);
  const register = useMutation({ mutationFn: authApi.register });

  if (isAuthenticated) return <Navigate to={next ?? '/dashboard'} replace />;

  const update = (field: keyof SignupForm) => (value: string) => {
    setForm((current) => ({ ...current, [field]: value }));
    if (fieldErrors[field]) setFieldErrors(({ [field]: _removed, ...rest }) => rest);
    if (alert) setAlert(null);
  };

  async function handleSubmit(event: FormEvent) {
    event.preventDefault();
    if (!hasAcceptedTerms) {
      setAlert(TERMS_REQUIRED);
      return;
    }
    const errors = validate(form);
    setFieldErrors(errors);
    if (errors.password_confirmation === PASSWORDS_DO_NOT_MATCH) {
      setAlert(PASSWORDS_DO_NOT_MATCH);
      return;
    }
    if (Object.keys(errors).length > 0) {
      setAlert('Please correct the highlighted fields.');
      focusFirstInvalid();
      return;
    }
    setAlert(null);
    try {
      const { user } = await register.mutateAsync({
        first_name: form.first_name.trim(),
        last_name: form.last_name.trim(),
        phone_number: form.phone_number.trim(),
        email: form.email.trim() || undefined,
        user_type: form.user_type as UserType,
        password: form.password,
        password_confirmation: form.password_confirmation,
      });
      setPendingVerification(user.phone_number);
      navigate('/verify-phone', { replace: true, state: { next } });
    } catch (caught) {
      setFieldErrors(fieldErrorsOf(caught));
      setAlert(errorMessage(caught, 'We could not create your account. Please try again.'));
    }
  }

  const field = (name: keyof SignupForm, label: string, input: ReactNode, options: { isRequired?: boolean; helper?: string } = {}) => (
    <Field.Root required={options.isRequired ?? true} invalid={!!fieldErrors[name]}>
      <Field.Label>
        {label} {(options.isRequired ?? true) && <Field.RequiredIndicator />}
      </Field.Label>
      {input}
      {fieldErrors[name] ? (
        <Field.ErrorText>{fieldErrors[name]}</Field.ErrorText>
      ) : (
        options.helper && <Field.HelperText>{options.helper}</Field.HelperText>
      )}
    </Field.Root>
  );

  return (
    <AuthLayout
      isWide
      title="Create Account"
      subtitle="Join as a buyer, a seller or both. Pay and get paid safely with M-Pesa escrow."
      footer={
        <Text>
          Already have an account?{' '}
          <ChakraLink asChild color="brand.fg" fontWeight="semibold">
            <Link to="/login">Sign in</Link>
          </ChakraLink>
        </Text>
      }
    >
      <AuthForm onSubmit={handleSubmit} label="Create account">
        {alert && <FormAlert>{alert}</FormAlert>}
        <SimpleGrid columns={{ base: 1, sm: 2 }} gap="5">
          {field(
            'first_name',
            'First name',
            <Input
              name="first_name"
              autoComplete="given-name"
              value={form.first_name}
              onChange={(event) => update('first_name')(event.target.value)}
            />,
          )}
          {field(
            'last_name',
            'Last name',
            <Input
              name="last_name"
              autoComplete="family-name"
              value={form.last_name}
              onChange={(event) => update('last_name')(event.target.value)}
            />,
          )}
        </SimpleGrid>
        {field(
          'phone_number',
          'Phone number',
          <Input
            name="phone_number"
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            placeholder="0712 345 678"
            value={form.phone_number}
            onChange={(event) => update('phone_number')(event.target.value)}
          />,
          { helper: 'Your M-Pesa number. We will send a 6-digit code to verify it.' },
        )}
        {field(
          'email',
          'Email',
          <Input
            name="email"
            type="email"
            autoComplete="email"
            placeholder="you@example.com"
            value={form.email}
            onChange={(event) => update('email')(event.target.value)}
          />,
          { isRequired: false, helper: 'Optional. You can also sign in with it.' },
        )}
        {field(
          'user_type',
          'Account type',
          <NativeSelect.Root>
            <NativeSelect.Field name="user_type" value={form.user_type} onChange={(event) => update('user_type')(event.target.value)}>
              <option value="" disabled>
                Choose account type
              </option>
              {ACCOUNT_TYPES.map((type) => (
                <option key={type.value} value={type.value}>
                  {type.label}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>,
          { helper: 'Buyers pay into escrow; sellers are paid once the buyer confirms delivery.' },
        )}
        <SimpleGrid columns={{ base: 1, sm: 2 }} gap="5">
          {field(
            'password',
            'Password',
            <PasswordInput
              name="password"
              autoComplete="new-password"
              value={form.password}
              onChange={(event) => update('password')(event.target.value)}
            />,
            { helper: `At least ${PASSWORD_MIN_LENGTH} characters.` },
          )}
          {field(
            'password_confirmation',
            'Confirm password',
            <PasswordInput
              name="password_confirmation"
              autoComplete="new-password"
              value={form.password_confirmation}
              onChange={(event) => update('password_confirmation')(event.target.value)}
            />,
          )}
        </SimpleGrid>
        <Checkbox.Root
          checked={hasAcceptedTerms}
          onCheckedChange={(details) => {
            setHasAcceptedTerms(details.checked === true);
            if (alert === TERMS_REQUIRED) setAlert(null);
          }}
          alignItems="flex-start"
          colorPalette="teal"
        >
          <Checkbox.HiddenInput name="terms" />
          <Checkbox.Control mt="0.5" />
          <Checkbox.Label fontWeight="normal">
            I agree to the{' '}
            <ChakraLink asChild color="brand.fg" textDecoration="underline">
              <Link to="/terms-of-service" target="_blank">
                Terms of Service
              </Link>
            </ChakraLink>{' '}
            and the{' '}
            <ChakraLink asChild color="brand.fg" textDecoration="underline">
              <Link to="/privacy-policy" target="_blank">
                Privacy Policy
              </Link>
            </ChakraLink>
            .
          </Checkbox.Label>
        </Checkbox.Root>
        <Button
          type="submit"
          colorPalette="teal"
          size="lg"
          disabled={!hasAcceptedTerms || register.isPending}
          loading={register.isPending}
          loadingText="Creating account…"
        >
          Create Account
        </Button>
        <Box borderRadius="md" bg="bg.muted" p="3" display="flex" gap="2" fontSize="sm" color="fg.muted">
          <Box flexShrink={0} mt="0.5">
            <Info size={16} aria-hidden />
          </Box>
          <Text>
            We are in our MVP pilot phase: accounts are fully activated once regulatory licensing is complete. Payments go through licensed
            third-party institutions; Escrow Kenya is not a bank or payment provider.
          </Text>
        </Box>
      </AuthForm>
    </AuthLayout>
  );
}

function focusFirstInvalid() {
  requestAnimationFrame(() => document.querySelector<HTMLElement>('form [aria-invalid="true"]')?.focus());
}
