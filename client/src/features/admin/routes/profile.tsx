/** Profile: the signed-in admin's account (from the server), editable name and email, and Sign Out. */
import { Alert, Button, Card, Field, Flex, Heading, Input, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { LogOut } from 'lucide-react';
import { useEffect, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { logout, updateStoredUser } from '@/hooks/use-auth';
import { ApiError } from '@/lib/api';
import { formatDate, formatPhone } from '@/lib/format';
import { adminRest } from '../api/admin-rest';
import { PageHeader } from '../components/page-header';
import { ErrorState, LoadingState } from '../components/query-state';
import { toaster } from '../components/toaster';

export default function ProfilePage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const query = useQuery(adminRest.profile());
  const [form, setForm] = useState({ first_name: '', last_name: '', email: '' });
  useEffect(() => {
    if (query.data)
      setForm({ first_name: query.data.user.first_name, last_name: query.data.user.last_name, email: query.data.user.email ?? '' });
  }, [query.data]);
  const save = useMutation({
    mutationFn: () =>
      adminRest.updateProfile({ first_name: form.first_name.trim(), last_name: form.last_name.trim(), email: form.email.trim() }),
    onSuccess: (data) => {
      updateStoredUser(data.user);
      queryClient.setQueryData(adminRest.profile().queryKey, data);
      toaster.create({ type: 'success', title: 'Profile saved' });
    },
  });
  const errors = save.error instanceof ApiError ? save.error.errors : undefined;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate();
  };
  const signOut = async () => {
    await logout();
    navigate('/login', { replace: true });
  };

  return (
    <>
      <PageHeader
        title="Profile"
        description="Your administrator account."
        actions={
          <Button size="sm" variant="outline" colorPalette="red" onClick={() => void signOut()}>
            <LogOut aria-hidden /> Sign Out
          </Button>
        }
      />
      {query.isPending ? (
        <LoadingState label="Loading your profile…" />
      ) : query.isError ? (
        <ErrorState message="Failed to load your profile" detail={query.error.message} onRetry={() => void query.refetch()} />
      ) : (
        <SimpleGrid columns={{ base: 1, lg: 2 }} gap="4" alignItems="start">
          <Card.Root variant="outline">
            <Card.Header>
              <Heading as="h2" size="md">
                Account
              </Heading>
            </Card.Header>
            <Card.Body>
              <Stack gap="2" fontSize="sm">
                {[
                  ['Name', query.data.user.full_name],
                  ['Phone', formatPhone(query.data.user.phone_number)],
                  ['Email', query.data.user.email ?? '—'],
                  ['Role', 'Administrator'],
                  ['Phone verified', query.data.user.is_verified ? 'Yes' : 'No'],
                  ['Member since', formatDate(query.data.user.created_at)],
                ].map(([label, value]) => (
                  <Flex key={label} justify="space-between" gap="4" borderBottomWidth="1px" pb="2" _last={{ borderBottomWidth: 0 }}>
                    <Text color="fg.muted">{label}</Text>
                    <Text fontWeight="medium">{value}</Text>
                  </Flex>
                ))}
              </Stack>
            </Card.Body>
          </Card.Root>
          <Card.Root variant="outline" as="form" onSubmit={submit}>
            <Card.Header>
              <Heading as="h2" size="md">
                Edit details
              </Heading>
            </Card.Header>
            <Card.Body>
              <Stack gap="3">
                <Field.Root required invalid={!!errors?.first_name}>
                  <Field.Label>First name</Field.Label>
                  <Input
                    value={form.first_name}
                    onChange={(event) => setForm({ ...form, first_name: event.target.value })}
                    maxLength={60}
                  />
                  <Field.ErrorText>{errors?.first_name?.[0]}</Field.ErrorText>
                </Field.Root>
                <Field.Root required invalid={!!errors?.last_name}>
                  <Field.Label>Last name</Field.Label>
                  <Input value={form.last_name} onChange={(event) => setForm({ ...form, last_name: event.target.value })} maxLength={60} />
                  <Field.ErrorText>{errors?.last_name?.[0]}</Field.ErrorText>
                </Field.Root>
                <Field.Root invalid={!!errors?.email}>
                  <Field.Label>Email</Field.Label>
                  <Input
                    type="email"
                    value={form.email}
                    onChange={(event) => setForm({ ...form, email: event.target.value })}
                    maxLength={254}
                  />
                  <Field.ErrorText>{errors?.email?.[0]}</Field.ErrorText>
                </Field.Root>
                {save.isError && !errors ? (
                  <Alert.Root status="error">
                    <Alert.Indicator />
                    <Alert.Title>{save.error.message}</Alert.Title>
                  </Alert.Root>
                ) : null}
              </Stack>
            </Card.Body>
            <Card.Footer>
              <Button type="submit" colorPalette="teal" loading={save.isPending}>
                Save
              </Button>
            </Card.Footer>
          </Card.Root>
        </SimpleGrid>
      )}
    </>
  );
}
