/**
 * /signup (docs/product-rules.md §2, §5): names, phone, account type, password twice, the terms box. It really registers
 * (POST /api/auth/register), then sends the person to /verify-phone for the SMS code.
 */
import { Box, Button, Checkbox, Field, Input, Link as ChakraLink, NativeSelect, SimpleGrid, Text } from '@chakra-ui/react';
import { registerBody, SELF_SERVICE_USER_TYPES, PASSWORD_MIN_LENGTH, PASSWORDS_DO_NOT_MATCH } from '@escrow/core/contract/auth';
import { useMutation } from '@tanstack/react-query';
import { Info } from 'lucide-react';
import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { localizeMessage, useT, type Language, type Translate } from '@/i18n';
import { Link, Navigate, useNavigate } from '@/i18n/link';
import { authApi } from '@/features/auth/api/auth-api';
import { errorMessage, fieldErrorsOf, safeNextPath } from '@/features/auth/auth-messages';
import { AuthForm } from '@/features/auth/components/auth-form';
import { AuthLayout } from '@/features/auth/components/auth-layout';
import { FormAlert } from '@/features/auth/components/form-alert';
import { PasswordInput } from '@/features/auth/components/password-input';
import { setPendingVerification, useAuth } from '@/hooks/use-auth';

type UserType = (typeof SELF_SERVICE_USER_TYPES)[number];

const ACCOUNT_TYPES = [
  { value: 'buyer', label: 'auth.signup.buyer' },
  { value: 'seller', label: 'auth.signup.seller' },
  { value: 'both', label: 'auth.signup.both' },
] as const satisfies readonly { value: UserType; label: string }[];

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

const REQUIRED = [
  ['first_name', 'auth.messages.firstNameRequired'],
  ['last_name', 'auth.messages.lastNameRequired'],
  ['phone_number', 'auth.messages.phoneRequired'],
  ['user_type', 'auth.messages.accountTypeRequired'],
  ['password', 'auth.messages.passwordRequired'],
  ['password_confirmation', 'auth.messages.confirmRequired'],
] as const satisfies readonly [keyof SignupForm, string][];

/**
 * Field errors of the form before it is sent, in the page's language: required fields first, then the
 * shared contract's rules (their English messages shown in the page's language).
 */
function validate(form: SignupForm, t: Translate, language: Language): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const [field, key] of REQUIRED) if (!form[field].trim()) errors[field] = t(key);
  const parsed = registerBody.safeParse({ ...form, email: form.email || undefined });
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0] ?? '');
      if (field && !errors[field]) errors[field] = localizeMessage(issue.message, language);
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
  // Bumped to bring the first error into view once it has rendered: a refusal arrives after the await, when
  // the button tapped may be far below the banner on a phone.
  const [errorShown, setErrorShown] = useState(0);
  const formRef = useRef<HTMLFormElement | null>(null);
  useEffect(() => {
    if (errorShown) focusFirstError(formRef.current);
  }, [errorShown]);
  const register = useMutation({ mutationFn: authApi.register });
  const { t, language } = useT();
  const termsRequired = t('auth.signup.termsRequired');
  const passwordsDoNotMatch = localizeMessage(PASSWORDS_DO_NOT_MATCH, language);

  if (isAuthenticated) return <Navigate to={next ?? '/dashboard'} replace />;

  const update = (field: keyof SignupForm) => (value: string) => {
    setForm((current) => ({ ...current, [field]: value }));
    if (fieldErrors[field]) setFieldErrors(({ [field]: _removed, ...rest }) => rest);
    if (alert) setAlert(null);
  };

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    formRef.current = event.currentTarget;
    if (!hasAcceptedTerms) {
      setAlert(termsRequired);
      return;
    }
    const errors = validate(form, t, language);
    setFieldErrors(errors);
    if (errors.password_confirmation === passwordsDoNotMatch) {
      setAlert(passwordsDoNotMatch);
      setErrorShown((count) => count + 1);
      return;
    }
    if (Object.keys(errors).length > 0) {
      setAlert(t('auth.common.correctFields'));
      setErrorShown((count) => count + 1);
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
        preferred_language: language,
      });
      setPendingVerification(user.phone_number);
      navigate('/verify-phone', { replace: true, state: { next } });
    } catch (caught) {
      setFieldErrors(fieldErrorsOf(caught, language));
      setAlert(errorMessage(caught, t('auth.signup.failed'), language));
      setErrorShown((count) => count + 1);
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
      title={t('auth.signup.title')}
      subtitle={t('auth.signup.subtitle')}
      footer={
        <Text>
          {t('auth.signup.haveAccount')}{' '}
          <ChakraLink asChild color="brand.fg" fontWeight="semibold">
            <Link to="/login">{t('auth.signup.signIn')}</Link>
          </ChakraLink>
        </Text>
      }
    >
      <AuthForm onSubmit={handleSubmit} label={t('auth.signup.formLabel')}>
        {alert && <FormAlert>{alert}</FormAlert>}
        <SimpleGrid columns={{ base: 1, sm: 2 }} gap="5">
          {field(
            'first_name',
            t('auth.signup.firstName'),
            <Input
              name="first_name"
              autoComplete="given-name"
              value={form.first_name}
              onChange={(event) => update('first_name')(event.target.value)}
            />,
          )}
          {field(
            'last_name',
            t('auth.signup.lastName'),
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
          t('auth.common.phoneNumber'),
          <Input
            name="phone_number"
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            placeholder="0712 345 678"
            value={form.phone_number}
            onChange={(event) => update('phone_number')(event.target.value)}
          />,
          { helper: t('auth.signup.phoneHelper') },
        )}
        {field(
          'email',
          t('auth.signup.email'),
          <Input
            name="email"
            type="email"
            autoComplete="email"
            placeholder="you@example.com"
            value={form.email}
            onChange={(event) => update('email')(event.target.value)}
          />,
          { isRequired: false, helper: t('auth.signup.emailHelper') },
        )}
        {field(
          'user_type',
          t('auth.signup.accountType'),
          <NativeSelect.Root>
            <NativeSelect.Field name="user_type" value={form.user_type} onChange={(event) => update('user_type')(event.target.value)}>
              <option value="" disabled>
                {t('auth.signup.chooseAccountType')}
              </option>
              {ACCOUNT_TYPES.map((type) => (
                <option key={type.value} value={type.value}>
                  {t(type.label)}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>,
          { helper: t('auth.signup.accountTypeHelper') },
        )}
        <SimpleGrid columns={{ base: 1, sm: 2 }} gap="5">
          {field(
            'password',
            t('auth.common.password'),
            <PasswordInput
              name="password"
              autoComplete="new-password"
              value={form.password}
              onChange={(event) => update('password')(event.target.value)}
            />,
            { helper: t('auth.common.atLeastCharacters', { min: PASSWORD_MIN_LENGTH }) },
          )}
          {field(
            'password_confirmation',
            t('auth.signup.confirmPassword'),
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
            if (alert === termsRequired) setAlert(null);
          }}
          alignItems="flex-start"
          colorPalette="teal"
        >
          <Checkbox.HiddenInput name="terms" />
          <Checkbox.Control mt="0.5" />
          <Checkbox.Label fontWeight="normal">
            {t('auth.signup.agreePrefix')}{' '}
            <ChakraLink asChild color="brand.fg" textDecoration="underline">
              <Link to="/terms-of-service" target="_blank">
                {t('auth.signup.terms')}
              </Link>
            </ChakraLink>{' '}
            {t('auth.signup.and')}{' '}
            <ChakraLink asChild color="brand.fg" textDecoration="underline">
              <Link to="/privacy-policy" target="_blank">
                {t('auth.signup.privacy')}
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
          loadingText={t('auth.signup.submitting')}
        >
          {t('auth.signup.submit')}
        </Button>
        <Box borderRadius="md" bg="bg.muted" p="3" display="flex" gap="2" fontSize="sm" color="fg.muted">
          <Box flexShrink={0} mt="0.5">
            <Info size={16} aria-hidden />
          </Box>
          <Text>{t('auth.signup.pilot')}</Text>
        </Box>
      </AuthForm>
    </AuthLayout>
  );
}

/**
 * Brings the banner (an alert, so it is announced) into view and focuses the first field in error, whose
 * message is read with it; the browser scrolls on to the field only if it is not in view yet. Without a
 * field in error the banner itself takes the focus.
 */
function focusFirstError(form: HTMLFormElement | null) {
  const banner = form?.querySelector<HTMLElement>('[role="alert"]');
  const field = form?.querySelector<HTMLElement>('[aria-invalid="true"]');
  banner?.scrollIntoView({ block: 'nearest' });
  if (field) field.focus();
  else if (banner) {
    banner.tabIndex = -1;
    banner.focus();
  }
}
