/**
 * Users (docs/product-rules.md §2): search (phone, name or email), type and status filters, summary cards, the table
 * (User, Contact, Type, Status, Joined) and actions that work: verify, suspend (with a reason, never
 * yourself), reactivate, and remove a caller's forgotten USSD PIN (customer care's way back for a holder
 * with no web password), each confirmed first and written to the audit log by the server. The Status
 * column says when an account has no USSD PIN or wrong PINs lock it, so customer care sees a locked-out caller.
 */
import { Badge, Box, Button, Field, Flex, HStack, Input, InputGroup, SimpleGrid, Stack, Table, Text, Textarea } from '@chakra-ui/react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { BadgeCheck, Download, KeyRound, Search, ShoppingBag, Store, Users as UsersIcon } from 'lucide-react';
import { useState } from 'react';
import { USER_TYPES } from '@escrow/core/contract/auth';
import { USER_STATUS_FILTERS } from '@escrow/core/contract/admin';
import { useAuth } from '@/hooks/use-auth';
import { TIME_ZONE, formatDateTime, formatPhone, formatRelativeTime } from '@/lib/format';
import { trpc, trpcClient, type RouterInputs, type RouterOutputs } from '@/lib/trpc';
import { useAdminPreferences } from '../admin-preferences';
import { downloadWithToken } from '../api/admin-rest';
import { ConfirmDialog } from '../components/confirm-dialog';
import { PageHeader } from '../components/page-header';
import { FilterSelect } from '../components/filter-select';
import { PaginationBar } from '../components/pagination-bar';
import { EmptyState, ErrorState, LoadingState } from '../components/query-state';
import { StatCard } from '../components/stat-card';
import { StatusBadge } from '@/components/status-badge';
import { toaster } from '../components/toaster';
import { useDebouncedValue } from '@/hooks/use-debounced-value';

type AdminUser = RouterOutputs['admin']['users']['users'][number];
type Action = 'verify' | 'suspend' | 'reactivate' | 'removeUssdPin';

export const ACTION_COPY: Record<Action, { title: string; confirm: string; palette: 'teal' | 'red' | 'green' | 'orange'; done: string }> = {
  verify: { title: 'Verify this account?', confirm: 'Verify', palette: 'teal', done: 'Account verified' },
  suspend: { title: 'Suspend this account?', confirm: 'Suspend', palette: 'red', done: 'Account suspended' },
  reactivate: { title: 'Reactivate this account?', confirm: 'Reactivate', palette: 'green', done: 'Account reactivated' },
  removeUssdPin: { title: 'Remove their USSD PIN?', confirm: 'Remove PIN', palette: 'orange', done: 'USSD PIN removed' },
};

/**
 * What removing a caller's USSD PIN asks of the admin first, and what it does. Whoever holds the phone
 * chooses the next PIN with the code texted to it, so the identity check on the call is the whole guard.
 */
export const REMOVE_PIN_COPY = {
  checkFirst:
    "First check that the caller is this account's holder: call them back on the phone number above, and ask for what only the holder would know, such as their full name and a recent transaction (item, amount, the other party). If in doubt, do not remove it.",
  effect:
    'Their PIN and its lock are removed, any USSD session open on their phone ends, and they get an SMS saying customer care removed it. On their next dial of *384*40# they choose a new PIN after entering the code texted to that phone.',
} as const;

/**
 * What the table says of an account's USSD PIN: a badge when it has none or wrong PINs lock it now (nothing
 * when it is set, the usual case), and whether Remove PIN is offered (only for a PIN, set or locked: the
 * server answers 409 for none). The lock's end is Nairobi's hour and minute, as the SMS the caller got says it.
 */
export function ussdPinView(user: Pick<AdminUser, 'ussd_pin' | 'ussd_pin_locked_until'>): {
  badge: { label: string; title: string; palette: 'gray' | 'red' } | null;
  canRemove: boolean;
} {
  if (user.ussd_pin === 'none') {
    return { badge: { label: 'No PIN', title: 'No USSD PIN: they choose one on their next dial', palette: 'gray' }, canRemove: false };
  }
  if (user.ussd_pin === 'locked' && user.ussd_pin_locked_until) {
    const until = new Date(user.ussd_pin_locked_until).toLocaleTimeString('en-GB', {
      hour: '2-digit',
      minute: '2-digit',
      timeZone: TIME_ZONE,
    });
    return {
      badge: {
        label: `PIN locked until ${until}`,
        title: `Wrong USSD PINs lock it until ${formatDateTime(user.ussd_pin_locked_until)}`,
        palette: 'red',
      },
      canRemove: true,
    };
  }
  return { badge: null, canRemove: true };
}

function ActionDialog({ target, onClose }: { target: { user: AdminUser; action: Action } | null; onClose: () => void }) {
  const queryClient = useQueryClient();
  const [reason, setReason] = useState('');
  const mutation = useMutation({
    mutationFn: ({ user, action }: { user: AdminUser; action: Action }) => {
      if (action === 'verify') return trpcClient.admin.verifyUser.mutate({ id: user.id });
      if (action === 'reactivate') return trpcClient.admin.reactivateUser.mutate({ id: user.id });
      if (action === 'removeUssdPin') return trpcClient.admin.removeUssdPin.mutate({ id: user.id });
      return trpcClient.admin.suspendUser.mutate({ id: user.id, ...(reason.trim() ? { reason: reason.trim() } : {}) });
    },
    onSuccess: async (_user, { action }) => {
      toaster.create({ type: 'success', title: ACTION_COPY[action].done });
      await queryClient.invalidateQueries({ queryKey: trpc.admin.users.pathKey() });
      setReason('');
      onClose();
    },
  });
  const copy = target ? ACTION_COPY[target.action] : null;
  const name = target ? target.user.full_name.trim() || 'No Name' : '';
  return (
    <ConfirmDialog
      open={target !== null}
      title={copy?.title}
      confirmLabel={copy?.confirm}
      colorPalette={copy?.palette}
      busy={mutation.isPending}
      error={mutation.isError ? mutation.error.message : null}
      onConfirm={() => (target ? mutation.mutateAsync(target) : Promise.resolve())}
      onClose={() => {
        mutation.reset();
        onClose();
      }}
    >
      <Text mb="3">
        <strong>{name}</strong> · {formatPhone(target?.user.phone_number)}
      </Text>
      {target?.action === 'verify' ? (
        <Text fontSize="sm" color="fg.muted">
          Their phone counts as verified, as if they had entered the SMS code. Do this only after confirming the number, for example on a
          support call.
        </Text>
      ) : null}
      {target?.action === 'suspend' ? (
        <>
          <Text fontSize="sm" color="fg.muted" mb="3">
            They are signed out everywhere at once and cannot sign in until reactivated. Their transactions are not changed.
          </Text>
          <Field.Root>
            <Field.Label>Reason (kept in the audit log)</Field.Label>
            <Textarea value={reason} onChange={(event) => setReason(event.target.value)} maxLength={500} rows={3} />
          </Field.Root>
        </>
      ) : null}
      {target?.action === 'reactivate' ? (
        <Text fontSize="sm" color="fg.muted">
          They can sign in again with their password.
        </Text>
      ) : null}
      {target?.action === 'removeUssdPin' ? (
        <>
          <Text fontSize="sm" fontWeight="medium" mb="3">
            {REMOVE_PIN_COPY.checkFirst}
          </Text>
          <Text fontSize="sm" color="fg.muted">
            {REMOVE_PIN_COPY.effect}
          </Text>
        </>
      ) : null}
    </ConfirmDialog>
  );
}

export default function UsersPage() {
  const { user: me } = useAuth();
  const { pageSize } = useAdminPreferences();
  const [search, setSearch] = useState('');
  const debouncedSearch = useDebouncedValue(search.trim(), 350);
  const [userType, setUserType] = useState<(typeof USER_TYPES)[number] | ''>('');
  const [status, setStatus] = useState<(typeof USER_STATUS_FILTERS)[number] | ''>('');
  const [page, setPage] = useState(1);
  const [target, setTarget] = useState<{ user: AdminUser; action: Action } | null>(null);
  const [isExporting, setIsExporting] = useState(false);

  const filters = {
    ...(debouncedSearch ? { search: debouncedSearch } : {}),
    ...(userType ? { user_type: userType } : {}),
    ...(status ? { status } : {}),
  } satisfies RouterInputs['admin']['users'];
  const query = useQuery({ ...trpc.admin.users.queryOptions({ ...filters, page, per_page: pageSize }), placeholderData: keepPreviousData });
  const filterChanged = () => setPage(1);

  const exportCsv = async () => {
    setIsExporting(true);
    try {
      await downloadWithToken('/api/admin/users/export', { query: filters });
    } catch (error) {
      toaster.create({ type: 'error', title: 'Export failed', description: (error as Error).message });
    } finally {
      setIsExporting(false);
    }
  };

  return (
    <>
      <PageHeader
        title="Users"
        description="Every account: buyers, sellers and admins."
        actions={
          <Button size="sm" variant="outline" onClick={() => void exportCsv()} loading={isExporting}>
            <Download aria-hidden /> Export CSV
          </Button>
        }
      />
      <Flex gap="3" mb="4" direction={{ base: 'column', md: 'row' }}>
        <InputGroup startElement={<Search size={16} aria-hidden />} flex="1">
          <Input
            type="search"
            value={search}
            onChange={(event) => {
              setSearch(event.target.value);
              filterChanged();
            }}
            placeholder="Search by phone, name or email"
            aria-label="Search users"
            maxLength={100}
          />
        </InputGroup>
        <FilterSelect
          label="Filter by type"
          allLabel="All types"
          values={USER_TYPES}
          value={userType}
          onChange={(value) => {
            setUserType(value);
            filterChanged();
          }}
          w={{ base: 'full', md: '44' }}
        />
        <FilterSelect
          label="Filter by status"
          allLabel="All statuses"
          values={USER_STATUS_FILTERS}
          value={status}
          onChange={(value) => {
            setStatus(value);
            filterChanged();
          }}
          w={{ base: 'full', md: '44' }}
        />
      </Flex>

      {query.data ? (
        <SimpleGrid columns={{ base: 2, lg: 4 }} gap="3" mb="4">
          <StatCard label="Total Users" value={query.data.summary.total.toLocaleString('en-KE')} icon={UsersIcon} />
          <StatCard label="Verified" value={query.data.summary.verified.toLocaleString('en-KE')} icon={BadgeCheck} palette="green" />
          <StatCard
            label="Sellers"
            value={query.data.summary.sellers.toLocaleString('en-KE')}
            icon={Store}
            palette="purple"
            hint="Sellers and both"
          />
          <StatCard
            label="Buyers"
            value={query.data.summary.buyers.toLocaleString('en-KE')}
            icon={ShoppingBag}
            palette="blue"
            hint="Buyers and both"
          />
        </SimpleGrid>
      ) : null}

      {query.isPending ? (
        <LoadingState label="Loading users…" />
      ) : query.isError ? (
        <ErrorState message="Failed to load users" detail={query.error.message} onRetry={() => void query.refetch()} />
      ) : query.data.users.length === 0 ? (
        <EmptyState>No users match these filters.</EmptyState>
      ) : (
        <>
          <Table.ScrollArea borderWidth="1px" borderRadius="l2">
            <Table.Root size="sm" interactive>
              <Table.Header>
                <Table.Row bg="bg.subtle">
                  <Table.ColumnHeader>User</Table.ColumnHeader>
                  <Table.ColumnHeader hideBelow="md">Contact</Table.ColumnHeader>
                  <Table.ColumnHeader hideBelow="md">Type</Table.ColumnHeader>
                  <Table.ColumnHeader hideBelow="md">Status</Table.ColumnHeader>
                  <Table.ColumnHeader hideBelow="md">Joined</Table.ColumnHeader>
                  <Table.ColumnHeader textAlign="end">Actions</Table.ColumnHeader>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {query.data.users.map((user) => {
                  const name = user.full_name.trim() || 'No Name';
                  const isMe = user.id === me?.id;
                  const contact = (
                    <Box>
                      <Text fontSize="sm">{formatPhone(user.phone_number)}</Text>
                      {user.email ? (
                        <Text fontSize="xs" color="fg.muted">
                          {user.email}
                        </Text>
                      ) : null}
                    </Box>
                  );
                  const pin = ussdPinView(user);
                  const standing = (
                    <HStack gap="1" wrap="wrap">
                      <StatusBadge wording="status" status={user.status} />
                      <Badge size="sm" variant="outline" colorPalette={user.is_verified ? 'green' : 'yellow'}>
                        {user.is_verified ? 'Verified' : 'Unverified'}
                      </Badge>
                      {pin.badge ? (
                        <Badge size="sm" variant="outline" colorPalette={pin.badge.palette} title={pin.badge.title}>
                          {pin.badge.label}
                        </Badge>
                      ) : null}
                    </HStack>
                  );
                  return (
                    <Table.Row key={user.id}>
                      <Table.Cell>
                        <Text fontWeight="medium">
                          {name}
                          {isMe ? (
                            <Badge ml="2" size="sm" variant="outline">
                              You
                            </Badge>
                          ) : null}
                        </Text>
                        {/* UUIDv7s begin with their creation time, alike for every account: the end tells them apart. */}
                        <Text fontSize="xs" color="fg.muted" fontFamily="mono" title={user.id}>
                          ID …{user.id.slice(-8)}
                        </Text>
                        {/* On a phone the other columns sit under the name, so the actions stay in view. */}
                        <Stack hideFrom="md" gap="1" mt="1" fontSize="xs" overflowWrap="anywhere">
                          {contact}
                          {standing}
                          <Text color="fg.muted">
                            <Box as="span" textTransform="capitalize">
                              {user.user_type}
                            </Box>{' '}
                            · joined {formatRelativeTime(user.created_at)}
                          </Text>
                        </Stack>
                      </Table.Cell>
                      <Table.Cell hideBelow="md" whiteSpace="nowrap">
                        {contact}
                      </Table.Cell>
                      <Table.Cell hideBelow="md" textTransform="capitalize">
                        {user.user_type}
                      </Table.Cell>
                      <Table.Cell hideBelow="md">{standing}</Table.Cell>
                      <Table.Cell hideBelow="md" fontSize="sm" whiteSpace="nowrap" title={formatDateTime(user.created_at)}>
                        {formatRelativeTime(user.created_at)}
                      </Table.Cell>
                      <Table.Cell textAlign="end">
                        {/* Stacked on a phone: side by side, two or three actions push the row past 360 px. */}
                        <HStack
                          gap="1"
                          justify="flex-end"
                          flexDirection={{ base: 'column', md: 'row' }}
                          alignItems={{ base: 'stretch', md: 'center' }}
                        >
                          {!user.is_verified ? (
                            <Button
                              size="xs"
                              variant="outline"
                              colorPalette="teal"
                              onClick={() => setTarget({ user, action: 'verify' })}
                              aria-label={`Verify ${name}`}
                            >
                              Verify
                            </Button>
                          ) : null}
                          {user.status === 'active' && !isMe ? (
                            <Button
                              size="xs"
                              variant="outline"
                              colorPalette="red"
                              onClick={() => setTarget({ user, action: 'suspend' })}
                              aria-label={`Suspend ${name}`}
                            >
                              Suspend
                            </Button>
                          ) : null}
                          {user.status === 'suspended' ? (
                            <Button
                              size="xs"
                              variant="outline"
                              colorPalette="green"
                              onClick={() => setTarget({ user, action: 'reactivate' })}
                              aria-label={`Reactivate ${name}`}
                            >
                              Reactivate
                            </Button>
                          ) : null}
                          {pin.canRemove ? (
                            <Button
                              size="xs"
                              variant="outline"
                              colorPalette="orange"
                              onClick={() => setTarget({ user, action: 'removeUssdPin' })}
                              aria-label={`Remove the USSD PIN of ${name}`}
                              title="Remove a forgotten USSD PIN (customer care)"
                            >
                              <KeyRound aria-hidden /> Remove PIN
                            </Button>
                          ) : null}
                        </HStack>
                      </Table.Cell>
                    </Table.Row>
                  );
                })}
              </Table.Body>
            </Table.Root>
          </Table.ScrollArea>
          <PaginationBar pagination={query.data.pagination} onPage={setPage} isBusy={query.isFetching} />
        </>
      )}
      <ActionDialog target={target} onClose={() => setTarget(null)} />
    </>
  );
}
