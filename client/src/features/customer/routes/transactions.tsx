/**
 * /dashboard/transactions: the user's transactions as buyer, as seller or both (tabs), with a status
 * filter, a search (reference, item or phone), the summary and pagination. The filters live in the URL,
 * so the back button and a shared link restore them.
 */
import { Box, Button, Field, HStack, Input, InputGroup, NativeSelect, Stack, Tabs, Text } from '@chakra-ui/react';
import { ChevronLeft, ChevronRight, Plus, Search } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { TRANSACTION_STATUSES, type TransactionStatus } from '@escrow/core/domain/transaction-state';
import { useAuth } from '@/hooks/use-auth';
import { useTransactions, type TransactionListParams } from '../api/transactions';
import { PageHeader } from '../components/customer-layout';
import { ErrorState, LoadingState } from '../components/query-state';
import { useT } from '@/i18n';
import { statusLabel } from '@/components/status-badge';
import { SummaryCards } from '../components/summary-cards';
import { TransactionList } from '../components/transaction-list';
import { useDebouncedValue } from '@/hooks/use-debounced-value';

const PER_PAGE = 20;
const ROLES = [
  { value: 'all', label: 'customer.list.roleAll' },
  { value: 'buyer', label: 'customer.list.roleBuyer' },
  { value: 'seller', label: 'customer.list.roleSeller' },
] as const;

function readParams(params: URLSearchParams): TransactionListParams {
  const role = params.get('role');
  const status = params.get('status');
  const page = Number(params.get('page'));
  return {
    role: role === 'buyer' || role === 'seller' ? role : undefined,
    status: (TRANSACTION_STATUSES as readonly string[]).includes(status ?? '') ? (status as TransactionStatus) : undefined,
    search: params.get('q')?.trim() || undefined,
    page: Number.isInteger(page) && page > 1 ? page : 1,
    per_page: PER_PAGE,
  };
}

export default function TransactionsScreen() {
  const { user } = useAuth();
  const { t } = useT();
  const [searchParams, setSearchParams] = useSearchParams();
  const params = readParams(searchParams);
  const query = useTransactions(params);
  const [searchText, setSearchText] = useState(params.search ?? '');
  const debouncedSearch = useDebouncedValue(searchText.trim(), 350);

  const update = (changes: Record<string, string | undefined>) =>
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(changes)) {
          if (value) next.set(key, value);
          else next.delete(key);
        }
        if (!('page' in changes)) next.delete('page');
        return next;
      },
      { replace: true },
    );

  useEffect(() => {
    if (debouncedSearch !== (params.search ?? '')) update({ q: debouncedSearch || undefined });
    // Only a settled search string changes the URL.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [debouncedSearch]);

  const pagination = query.data?.pagination;
  const roleValue = params.role ?? 'all';

  return (
    <Stack gap="5">
      <PageHeader
        title={t('customer.list.title')}
        description={t('customer.list.intro')}
        actions={
          <Button asChild colorPalette="teal" size="sm">
            <Link to="/dashboard/new">
              <Plus aria-hidden /> {t('customer.layout.newTransaction')}
            </Link>
          </Button>
        }
      />
      {/* The tabs filter one list: it is the selected tab's panel, and the other panels stay empty. */}
      <Tabs.Root
        value={roleValue}
        onValueChange={(details) => update({ role: details.value === 'all' ? undefined : details.value })}
        variant="enclosed"
        size="sm"
        fitted
      >
        <Tabs.List aria-label={t('customer.list.whichSide')} maxW={{ base: 'full', sm: 'sm' }}>
          {ROLES.map((role) => (
            <Tabs.Trigger key={role.value} value={role.value}>
              {t(role.label)}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        {ROLES.map((role) => (
          <Tabs.Content key={role.value} value={role.value} pt="5">
            {role.value === roleValue ? (
              <Stack gap="5">
                <Stack direction={{ base: 'column', md: 'row' }} gap="3" as="search">
                  <Field.Root flex="2">
                    <Field.Label srOnly>{t('customer.list.search')}</Field.Label>
                    <InputGroup startElement={<Search size={16} aria-hidden />}>
                      <Input
                        type="search"
                        bg="bg"
                        placeholder={t('customer.list.searchPlaceholder')}
                        value={searchText}
                        onChange={(event) => setSearchText(event.target.value)}
                        maxLength={100}
                      />
                    </InputGroup>
                  </Field.Root>
                  <Field.Root flex="1">
                    <Field.Label srOnly>{t('customer.list.status')}</Field.Label>
                    <NativeSelect.Root>
                      <NativeSelect.Field
                        bg="bg"
                        value={params.status ?? ''}
                        onChange={(event) => update({ status: event.target.value || undefined })}
                      >
                        <option value="">{t('customer.list.allStatuses')}</option>
                        {TRANSACTION_STATUSES.map((status) => (
                          <option key={status} value={status}>
                            {statusLabel(t, status)}
                          </option>
                        ))}
                      </NativeSelect.Field>
                      <NativeSelect.Indicator />
                    </NativeSelect.Root>
                  </Field.Root>
                </Stack>

                {query.isError ? (
                  <ErrorState title={t('customer.overview.loadFailed')} error={query.error} onRetry={() => void query.refetch()} />
                ) : (
                  <SummaryCards summary={query.data?.summary} label={t('customer.list.shownSummary')} />
                )}

                {query.isPending ? (
                  <LoadingState label={t('customer.overview.loading')} />
                ) : query.isError ? null : (
                  <Box opacity={query.isPlaceholderData ? 0.6 : 1} aria-busy={query.isFetching}>
                    <TransactionList
                      items={query.data.transactions}
                      myPhone={user?.phone_number}
                      empty={
                        params.search || params.status ? (
                          <Text>{t('customer.list.noMatch')}</Text>
                        ) : (
                          <>
                            <Text fontWeight="semibold">{t('customer.overview.emptyTitle')}</Text>
                            <Button asChild colorPalette="teal" size="sm" mt="2">
                              <Link to="/dashboard/new">{t('customer.overview.create')}</Link>
                            </Button>
                          </>
                        )
                      }
                    />
                  </Box>
                )}

                {pagination && pagination.total_pages > 1 ? (
                  <HStack as="nav" aria-label={t('customer.list.pages')} justify="space-between">
                    <Button
                      size="sm"
                      variant="outline"
                      disabled={pagination.current_page <= 1}
                      onClick={() => update({ page: String(pagination.current_page - 1) })}
                    >
                      <ChevronLeft aria-hidden /> {t('customer.list.previous')}
                    </Button>
                    <Text fontSize="sm" color="fg.muted" aria-live="polite">
                      {t('customer.list.page', { page: pagination.current_page, pages: pagination.total_pages })}
                    </Text>
                    <Button
                      size="sm"
                      variant="outline"
                      disabled={pagination.current_page >= pagination.total_pages}
                      onClick={() => update({ page: String(pagination.current_page + 1) })}
                    >
                      {t('customer.list.next')} <ChevronRight aria-hidden />
                    </Button>
                  </HStack>
                ) : null}
              </Stack>
            ) : null}
          </Tabs.Content>
        ))}
      </Tabs.Root>
    </Stack>
  );
}
