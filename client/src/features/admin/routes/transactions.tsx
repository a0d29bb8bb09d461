/**
 * Transactions (docs/product-rules.md §2): search (reference or phone), status and type filters, the summary of the
 * filtered set, the table with view / copy / open-in-new-tab, pagination and a CSV export of the
 * filtered list. Filters live in the URL, so a filtered view can be shared or reopened.
 */
import { Button, Flex, Input, InputGroup, SimpleGrid } from '@chakra-ui/react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { CheckCircle2, Download, Hourglass, ListOrdered, Search, Wallet } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { TRANSACTION_STATUSES, TRANSACTION_TYPES } from '@escrow/core/domain/transaction-state';
import { formatMoney } from '@/lib/format';
import { trpc, type RouterInputs } from '@/lib/trpc';
import { useAdminPreferences } from '../admin-preferences';
import { downloadWithToken } from '../api/admin-rest';
import { PageHeader } from '../components/page-header';
import { FilterSelect } from '../components/filter-select';
import { PaginationBar } from '../components/pagination-bar';
import { EmptyState, ErrorState, LoadingState } from '../components/query-state';
import { StatCard } from '../components/stat-card';
import { toaster } from '../components/toaster';
import { TransactionDetailsDialog } from '../components/transaction-details-dialog';
import { TransactionsTable } from '../components/transactions-table';
import { useDebouncedValue } from '@/hooks/use-debounced-value';

type Status = (typeof TRANSACTION_STATUSES)[number];
type Type = (typeof TRANSACTION_TYPES)[number];

export default function TransactionsPage() {
  const [params, setParams] = useSearchParams();
  const { pageSize } = useAdminPreferences();
  const [search, setSearch] = useState(params.get('q') ?? '');
  const debouncedSearch = useDebouncedValue(search.trim(), 350);
  const status = (TRANSACTION_STATUSES as readonly string[]).includes(params.get('status') ?? '')
    ? (params.get('status') as Status)
    : undefined;
  const type = (TRANSACTION_TYPES as readonly string[]).includes(params.get('type') ?? '') ? (params.get('type') as Type) : undefined;
  const page = Math.max(1, Number(params.get('page')) || 1);
  const openId = params.get('open');
  const [isExporting, setIsExporting] = useState(false);

  const setParam = (changes: Record<string, string | undefined>) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(changes)) {
          if (value) next.set(key, value);
          else next.delete(key);
        }
        return next;
      },
      { replace: true },
    );

  // A new search starts at page 1.
  useEffect(() => {
    if ((params.get('q') ?? '') !== debouncedSearch) setParam({ q: debouncedSearch || undefined, page: undefined });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when the debounced term changes
  }, [debouncedSearch]);

  const filters = {
    ...(debouncedSearch ? { search: debouncedSearch } : {}),
    ...(status ? { status } : {}),
    ...(type ? { transaction_type: type } : {}),
  } satisfies RouterInputs['admin']['transactions'];
  const query = useQuery({
    ...trpc.admin.transactions.queryOptions({ ...filters, page, per_page: pageSize }),
    placeholderData: keepPreviousData,
  });

  const exportCsv = async () => {
    setIsExporting(true);
    try {
      await downloadWithToken('/api/admin/monitoring/transactions/export', { query: filters });
      toaster.create({ type: 'success', title: 'Export ready', description: 'The CSV of the filtered list was downloaded.' });
    } catch (error) {
      toaster.create({ type: 'error', title: 'Export failed', description: (error as Error).message });
    } finally {
      setIsExporting(false);
    }
  };

  const summary = query.data?.summary;
  return (
    <>
      <PageHeader
        title="Transactions"
        description="Every escrow and Lipa Mdogo Mdogo transaction on the platform."
        actions={
          <Button size="sm" variant="outline" onClick={() => void exportCsv()} loading={isExporting} loadingText="Exporting">
            <Download aria-hidden /> Export CSV
          </Button>
        }
      />
      <Flex gap="3" mb="4" direction={{ base: 'column', md: 'row' }}>
        <InputGroup startElement={<Search size={16} aria-hidden />} flex="1">
          <Input
            type="search"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            placeholder="Search by reference number or buyer/seller phone"
            aria-label="Search transactions"
            maxLength={100}
          />
        </InputGroup>
        <FilterSelect
          label="Filter by status"
          allLabel="All statuses"
          values={TRANSACTION_STATUSES}
          value={status ?? ''}
          onChange={(value) => setParam({ status: value || undefined, page: undefined })}
          w={{ base: 'full', md: '48' }}
        />
        <FilterSelect
          label="Filter by type"
          allLabel="All types"
          values={TRANSACTION_TYPES}
          value={type ?? ''}
          onChange={(value) => setParam({ type: value || undefined, page: undefined })}
          w={{ base: 'full', md: '52' }}
        />
      </Flex>

      {summary ? (
        <SimpleGrid columns={{ base: 2, lg: 4 }} gap="3" mb="4">
          <StatCard label="Total" value={summary.total.toLocaleString('en-KE')} icon={ListOrdered} />
          <StatCard label="Completed" value={summary.completed.toLocaleString('en-KE')} icon={CheckCircle2} palette="green" />
          <StatCard
            label="Pending"
            value={summary.pending.toLocaleString('en-KE')}
            icon={Hourglass}
            palette="orange"
            hint="Still in progress"
          />
          <StatCard
            label="Total Value"
            value={formatMoney(summary.total_value)}
            hint="Cancelled not counted"
            icon={Wallet}
            palette="blue"
          />
        </SimpleGrid>
      ) : null}

      {query.isPending ? (
        <LoadingState label="Loading transactions…" />
      ) : query.isError ? (
        <ErrorState message="Failed to load transactions" detail={query.error.message} onRetry={() => void query.refetch()} />
      ) : query.data.transactions.length === 0 ? (
        <EmptyState>No transactions match these filters.</EmptyState>
      ) : (
        <>
          <TransactionsTable
            showType
            onView={(id) => setParam({ open: id })}
            rows={query.data.transactions.map((row) => ({
              id: row.id,
              reference_number: row.reference_number,
              amount: row.amount,
              status: row.status,
              transaction_type: row.transaction_type,
              created_at: row.created_at,
              buyer_phone: row.buyer.phone_number,
              buyer_name: row.buyer.display_name,
              seller_phone: row.seller.phone_number,
              seller_name: row.seller.display_name,
              latest_event: row.latest_event?.event_type ?? '',
            }))}
          />
          <PaginationBar
            pagination={query.data.pagination}
            onPage={(next) => setParam({ page: next > 1 ? String(next) : undefined })}
            isBusy={query.isFetching}
          />
        </>
      )}
      <TransactionDetailsDialog transactionId={openId} onClose={() => setParam({ open: undefined })} />
    </>
  );
}
