/** /dashboard/profile: the account's details (GET /api/auth/profile), editing name and email (PUT), the USSD PIN, sign out. */
import { Alert, Badge, Button, Card, DataList, Field, HStack, Input, Stack } from '@chakra-ui/react';
import { LogOut } from 'lucide-react';
import { useEffect, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import type { UserWire } from '@escrow/core/contract/auth';
import { logout } from '@/hooks/use-auth';
import { useT } from '@/i18n';
import { ApiError } from '@/lib/api';
import { formatDate, formatPhone } from '@/lib/format';
import { useProfile, useUpdateProfile } from '../api/profile';
import { PageHeader } from '../components/customer-layout';
import { ErrorState, LoadingState, errorMessage, fieldErrorsOf } from '../components/query-state';
import { FormStack } from '../components/form-stack';
import { UssdPinCard } from '../components/ussd-pin-card';

const ACCOUNT_TYPES = ['buyer', 'seller', 'both', 'admin'] as const;
const isAccountType = (type: string): type is (typeof ACCOUNT_TYPES)[number] => (ACCOUNT_TYPES as readonly string[]).includes(type);

interface ProfileValues {
  first_name: string;
  last_name: string;
  email: string;
}

function ProfileForm({ user }: { user: UserWire }) {
  const { t, language } = useT();
  const update = useUpdateProfile();
  const [values, setValues] = useState<ProfileValues>({ first_name: user.first_name, last_name: user.last_name, email: user.email ?? '' });
  const [errors, setErrors] = useState<Partial<Record<keyof ProfileValues, string>>>({});
  const [saved, setSaved] = useState(false);

  useEffect(() => {
    setValues({ first_name: user.first_name, last_name: user.last_name, email: user.email ?? '' });
  }, [user]);

  const set = (name: keyof ProfileValues) => (event: { target: { value: string } }) => {
    setValues((current) => ({ ...current, [name]: event.target.value }));
    setSaved(false);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found: typeof errors = {};
    if (!values.first_name.trim()) found.first_name = t('customer.profile.firstNameRequired');
    if (!values.last_name.trim()) found.last_name = t('customer.profile.lastNameRequired');
    if (values.email.trim() && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(values.email.trim())) found.email = t('customer.profile.emailInvalid');
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    update.mutate(
      { first_name: values.first_name.trim(), last_name: values.last_name.trim(), email: values.email.trim() },
      {
        onSuccess: () => setSaved(true),
        onError: (error) => {
          const fields = fieldErrorsOf(error, language);
          setErrors({ first_name: fields.first_name, last_name: fields.last_name, email: fields.email });
        },
      },
    );
  };

  return (
    <FormStack gap="4" onSubmit={submit} noValidate aria-label={t('customer.profile.edit')}>
      <Stack direction={{ base: 'column', sm: 'row' }} gap="4">
        <Field.Root required invalid={!!errors.first_name}>
          <Field.Label>{t('customer.profile.firstName')}</Field.Label>
          <Input value={values.first_name} onChange={set('first_name')} autoComplete="given-name" maxLength={60} />
          <Field.ErrorText>{errors.first_name}</Field.ErrorText>
        </Field.Root>
        <Field.Root required invalid={!!errors.last_name}>
          <Field.Label>{t('customer.profile.lastName')}</Field.Label>
          <Input value={values.last_name} onChange={set('last_name')} autoComplete="family-name" maxLength={60} />
          <Field.ErrorText>{errors.last_name}</Field.ErrorText>
        </Field.Root>
      </Stack>
      <Field.Root invalid={!!errors.email}>
        <Field.Label>{t('customer.profile.email')}</Field.Label>
        <Input type="email" value={values.email} onChange={set('email')} autoComplete="email" maxLength={254} />
        <Field.HelperText>{t('customer.profile.emailHelp')}</Field.HelperText>
        <Field.ErrorText>{errors.email}</Field.ErrorText>
      </Field.Root>
      {update.isError && !(update.error instanceof ApiError && update.error.errors) ? (
        <Alert.Root status="error" role="alert">
          <Alert.Indicator />
          <Alert.Title>{errorMessage(update.error, t('customer.profile.saveFailed'), language)}</Alert.Title>
        </Alert.Root>
      ) : null}
      {saved ? (
        <Alert.Root status="success" role="status">
          <Alert.Indicator />
          <Alert.Title>{t('customer.profile.saved')}</Alert.Title>
        </Alert.Root>
      ) : null}
      <HStack>
        <Button type="submit" colorPalette="teal" loading={update.isPending} loadingText={t('customer.profile.saving')}>
          {t('customer.profile.save')}
        </Button>
      </HStack>
    </FormStack>
  );
}

export default function ProfileScreen() {
  const { t, language } = useT();
  const navigate = useNavigate();
  const query = useProfile();
  const [isSigningOut, setIsSigningOut] = useState(false);
  const signOut = async () => {
    setIsSigningOut(true);
    await logout();
    navigate('/login', { replace: true });
  };
  const signOutButton = (
    <Button variant="outline" colorPalette="red" size="sm" onClick={() => void signOut()} loading={isSigningOut}>
      <LogOut aria-hidden /> {t('customer.layout.signOut')}
    </Button>
  );

  if (query.isPending) return <LoadingState label={t('customer.profile.loading')} />;
  if (query.isError)
    return (
      <Stack gap="4">
        <PageHeader title={t('customer.profile.title')} actions={signOutButton} />
        <ErrorState title={t('customer.profile.loadFailed')} error={query.error} onRetry={() => void query.refetch()} />
      </Stack>
    );
  const user = query.data;
  return (
    <Stack gap="5" maxW="2xl">
      <PageHeader title={t('customer.profile.title')} description={t('customer.profile.intro')} actions={signOutButton} />
      <Card.Root size="sm">
        <Card.Body>
          <DataList.Root orientation="horizontal" size="sm">
            <DataList.Item>
              <DataList.ItemLabel>{t('customer.profile.phone')}</DataList.ItemLabel>
              <DataList.ItemValue data-testid="profile-phone">{formatPhone(user.phone_number)}</DataList.ItemValue>
            </DataList.Item>
            <DataList.Item>
              <DataList.ItemLabel>{t('customer.profile.accountType')}</DataList.ItemLabel>
              <DataList.ItemValue>
                {isAccountType(user.user_type) ? t(`customer.profile.types.${user.user_type}`) : user.user_type}
              </DataList.ItemValue>
            </DataList.Item>
            <DataList.Item>
              <DataList.ItemLabel>{t('customer.profile.verified')}</DataList.ItemLabel>
              <DataList.ItemValue>
                <Badge colorPalette={user.is_verified ? 'green' : 'orange'} variant="subtle">
                  {t(user.is_verified ? 'customer.profile.yes' : 'customer.profile.no')}
                </Badge>
              </DataList.ItemValue>
            </DataList.Item>
            <DataList.Item>
              <DataList.ItemLabel>{t('customer.profile.since')}</DataList.ItemLabel>
              <DataList.ItemValue>{formatDate(user.created_at, language)}</DataList.ItemValue>
            </DataList.Item>
          </DataList.Root>
        </Card.Body>
      </Card.Root>
      <Card.Root size={{ base: 'sm', md: 'md' }}>
        <Card.Header>
          <Card.Title as="h2" fontSize="md">
            {t('customer.profile.details')}
          </Card.Title>
        </Card.Header>
        <Card.Body>
          <ProfileForm user={user} />
        </Card.Body>
      </Card.Root>
      <UssdPinCard />
    </Stack>
  );
}
