/**
 * Reports: CSV downloads for spreadsheets and auditors. Transactions and users (filtered on the
 * server, newest first, up to 10,000 rows each) and the analytics series for a chosen range.
 */
import { Button, Card, Field, Flex, Heading, Input, NativeSelect, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Download } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { TRANSACTION_STATUSES, TRANSACTION_TYPES } from '@escrow/core/domain/transaction-state';
import { USER_TYPES } from '@escrow/core/contract/auth';
import { EXPORT_ROW_LIMIT, USER_STATUS_FILTERS } from '@escrow/core/contract/admin';
import { TIME_ZONE } from '@/lib/format';
import { trpc } from '@/lib/trpc';
import { downloadWithToken, saveBlob } from '../api/admin-rest';
import { FilterSelect } from '../components/filter-select';
import { PageHeader } from '../components/page-header';
import { toaster } from '../components/toaster';

function Select({
  label,
  value,
  onChange,
  options,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  options: readonly string[];
}) {
  return (
    <Field.Root>
      <Field.Label fontSize="sm">{label}</Field.Label>
      <FilterSelect label={label} allLabel="All" values={options} value={value} onChange={onChange} size="sm" />
    </Field.Root>
  );
}

function ReportCard({
  title,
  description,
  children,
  onDownload,
}: {
  title: string;
  description: string;
  children: ReactNode;
  onDownload: () => Promise<void>;
}) {
  const [isBusy, setIsBusy] = useState(false);
  const run = async () => {
    setIsBusy(true);
    try {
      await onDownload();
      toaster.create({ type: 'success', title: `${title} downloaded` });
    } catch (error) {
      toaster.create({ type: 'error', title: `${title} failed`, description: (error as Error).message });
    } finally {
      setIsBusy(false);
    }
  };
  return (
    <Card.Root variant="outline">
      <Card.Header>
        <Heading as="h2" size="md">
          {title}
        </Heading>
        <Text fontSize="sm" color="fg.muted">
          {description}
        </Text>
      </Card.Header>
      <Card.Body>
        <Stack gap="3">{children}</Stack>
      </Card.Body>
      <Card.Footer>
        <Button colorPalette="teal" size="sm" onClick={() => void run()} loading={isBusy} loadingText="Preparing">
          <Download aria-hidden /> Download CSV
        </Button>
      </Card.Footer>
    </Card.Root>
  );
}

/** Today's date in Nairobi, as a date input holds it (YYYY-MM-DD). */
const today = () => new Date().toLocaleDateString('en-CA', { timeZone: TIME_ZONE });

export default function ReportsPage() {
  const queryClient = useQueryClient();
  const [txStatus, setTxStatus] = useState('');
  const [txType, setTxType] = useState('');
  const [userType, setUserType] = useState('');
  const [userStatus, setUserStatus] = useState('');
  const [interval, setIntervalChoice] = useState<'day' | 'week' | 'month'>('month');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  // The range the server uses when none is chosen, so the date inputs show it instead of "mm/dd/yyyy".
  const defaults = useQuery({ ...trpc.admin.analytics.queryOptions({ interval }), enabled: !from || !to, staleTime: 5 * 60_000 });

  const downloadAnalytics = async () => {
    const data = await queryClient.fetchQuery(
      trpc.admin.analytics.queryOptions({ interval, ...(from ? { from } : {}), ...(to ? { to } : {}) }),
    );
    const header = 'period,count,volume,revenue,disputes,installment_plans_started,installment_plans_completed,installment_completion_rate';
    const rows = data.series.map((point) =>
      [
        point.period,
        point.count,
        point.volume,
        point.revenue,
        point.disputes,
        point.installment_plans_started,
        point.installment_plans_completed,
        point.installment_completion_rate ?? '',
      ].join(','),
    );
    saveBlob(
      new Blob([[header, ...rows].join('\r\n') + '\r\n'], { type: 'text/csv' }),
      `analytics-${interval}-${data.from}-to-${data.to}.csv`,
    );
  };

  return (
    <>
      <PageHeader
        title="Reports"
        description={`CSV files for spreadsheets and audits. Lists hold the newest ${EXPORT_ROW_LIMIT.toLocaleString('en-KE')} rows that match.`}
      />
      <SimpleGrid columns={{ base: 1, lg: 3 }} gap="4">
        <ReportCard
          title="Transactions report"
          description="Reference, amount, status, type, parties, latest event and date."
          onDownload={() =>
            downloadWithToken('/api/admin/monitoring/transactions/export', {
              query: { status: txStatus || undefined, transaction_type: txType || undefined },
            })
          }
        >
          <Select label="Status" value={txStatus} onChange={setTxStatus} options={TRANSACTION_STATUSES} />
          <Select label="Type" value={txType} onChange={setTxType} options={TRANSACTION_TYPES} />
        </ReportCard>
        <ReportCard
          title="Users report"
          description="Name, phone, email, type, status, verification and join date."
          onDownload={() =>
            downloadWithToken('/api/admin/users/export', { query: { user_type: userType || undefined, status: userStatus || undefined } })
          }
        >
          <Select label="Type" value={userType} onChange={setUserType} options={USER_TYPES} />
          <Select label="Status" value={userStatus} onChange={setUserStatus} options={USER_STATUS_FILTERS} />
        </ReportCard>
        <ReportCard
          title="Analytics report"
          description="Per period: count, volume, revenue, disputes and plan completion."
          onDownload={downloadAnalytics}
        >
          <Field.Root>
            <Field.Label fontSize="sm">Interval</Field.Label>
            <NativeSelect.Root size="sm">
              <NativeSelect.Field value={interval} onChange={(event) => setIntervalChoice(event.target.value as typeof interval)}>
                <option value="day">Daily</option>
                <option value="week">Weekly</option>
                <option value="month">Monthly</option>
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </Field.Root>
          <Flex gap="2">
            <Field.Root>
              <Field.Label fontSize="sm">From</Field.Label>
              <Input
                size="sm"
                type="date"
                value={from || defaults.data?.from || ''}
                max={to || today()}
                onChange={(event) => setFrom(event.target.value)}
              />
            </Field.Root>
            <Field.Root>
              <Field.Label fontSize="sm">To</Field.Label>
              <Input
                size="sm"
                type="date"
                value={to || defaults.data?.to || ''}
                max={today()}
                onChange={(event) => setTo(event.target.value)}
              />
            </Field.Root>
          </Flex>
        </ReportCard>
      </SimpleGrid>
    </>
  );
}
