/**
 * Analytics: the platform over time, per day, week or month: transaction volume and count, revenue,
 * disputes opened and Lipa Mdogo Mdogo plan completion, as simple SVG charts with the period totals.
 */
import { Box, Card, Field, Flex, Grid, Input, NativeSelect, SimpleGrid, useBreakpointValue } from '@chakra-ui/react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ArrowLeftRight, Gavel, Percent, Wallet } from 'lucide-react';
import { useState } from 'react';
import { ANALYTICS_INTERVALS } from '@escrow/core/contract/admin';
import { formatMoney } from '@/lib/format';
import { trpc } from '@/lib/trpc';
import { BarChart, compactNumber, LineChart } from '../components/charts';
import { PageHeader } from '../components/page-header';
import { ErrorState, LoadingState } from '../components/query-state';
import { StatCard } from '../components/stat-card';

type Interval = (typeof ANALYTICS_INTERVALS)[number];

/** "2026-11-21" → "21 Nov" (days and weeks) or "Nov 2026" (months). */
function periodLabel(period: string, interval: Interval): string {
  const date = new Date(`${period}T00:00:00Z`);
  return interval === 'month'
    ? date.toLocaleDateString('en-KE', { month: 'short', year: 'numeric', timeZone: 'UTC' })
    : date.toLocaleDateString('en-KE', { day: 'numeric', month: 'short', timeZone: 'UTC' });
}

const shillings = (wire: string) => Number(wire);
const kesCompact = (value: number) => `KES ${compactNumber(value)}`;

export default function AnalyticsPage() {
  const [interval, setIntervalChoice] = useState<Interval>('day');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const isRangeValid = !from || !to || from <= to;
  const query = useQuery({
    ...trpc.admin.analytics.queryOptions({ interval, ...(from ? { from } : {}), ...(to ? { to } : {}) }),
    placeholderData: keepPreviousData,
    enabled: isRangeValid,
  });
  // The completion chart spans two columns only from xl: below, a wide SVG in one column shrinks its labels to specks.
  const isWide = useBreakpointValue({ base: false, xl: true }) ?? false;
  const series = query.data?.series ?? [];
  const points = (pick: (point: (typeof series)[number]) => number | null) =>
    series.map((point) => ({ label: periodLabel(point.period, interval), value: pick(point) }));

  return (
    <>
      <PageHeader
        title="Analytics"
        description={query.data ? `From ${query.data.from} to ${query.data.to} (Nairobi time)` : 'The platform over time.'}
        actions={
          <Flex gap="2" wrap="wrap" align="flex-end">
            <Field.Root w="auto" invalid={!isRangeValid}>
              <Field.Label fontSize="xs">From</Field.Label>
              {/* Until the admin picks dates, the inputs show the range in effect (the server's default). */}
              <Input
                size="sm"
                type="date"
                value={from || query.data?.from || ''}
                max={to || query.data?.to || undefined}
                onChange={(event) => setFrom(event.target.value)}
              />
            </Field.Root>
            <Field.Root w="auto" invalid={!isRangeValid}>
              <Field.Label fontSize="xs">To</Field.Label>
              <Input
                size="sm"
                type="date"
                value={to || query.data?.to || ''}
                min={from || query.data?.from || undefined}
                onChange={(event) => setTo(event.target.value)}
              />
            </Field.Root>
            <Field.Root w="auto">
              <Field.Label fontSize="xs">Interval</Field.Label>
              <NativeSelect.Root size="sm" w="32">
                <NativeSelect.Field
                  aria-label="Interval"
                  value={interval}
                  onChange={(event) => setIntervalChoice(event.target.value as Interval)}
                >
                  <option value="day">Daily</option>
                  <option value="week">Weekly</option>
                  <option value="month">Monthly</option>
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
            </Field.Root>
          </Flex>
        }
      />
      {!isRangeValid ? (
        <ErrorState message="The start date must not be after the end date" />
      ) : query.isPending ? (
        <LoadingState label="Loading analytics…" />
      ) : query.isError ? (
        <ErrorState message="Failed to load analytics" detail={query.error.message} onRetry={() => void query.refetch()} />
      ) : (
        <>
          <SimpleGrid columns={{ base: 2, lg: 4 }} gap="3" mb="4">
            <StatCard
              label="Volume"
              value={formatMoney(query.data.totals.volume)}
              icon={Wallet}
              palette="blue"
              hint={`${query.data.totals.count.toLocaleString('en-KE')} transactions`}
            />
            <StatCard
              label="Revenue"
              value={formatMoney(query.data.totals.revenue)}
              icon={ArrowLeftRight}
              palette="green"
              hint="Net platform fees"
            />
            <StatCard label="Disputes opened" value={query.data.totals.disputes.toLocaleString('en-KE')} icon={Gavel} palette="red" />
            <StatCard
              label="Plan completion"
              value={query.data.totals.installment_completion_rate === null ? '—' : `${query.data.totals.installment_completion_rate}%`}
              icon={Percent}
              palette="purple"
              hint={`${query.data.totals.installment_plans_completed} of ${query.data.totals.installment_plans_started} plans started`}
            />
          </SimpleGrid>
          <Box opacity={query.isFetching ? 0.6 : 1} transition="opacity 0.2s">
            <Grid templateColumns={{ base: '1fr', xl: '1fr 1fr' }} gap="4">
              <Card.Root variant="outline">
                <Card.Body>
                  <BarChart
                    title="Volume (KES)"
                    points={points((point) => shillings(point.volume))}
                    format={kesCompact}
                    color="var(--chakra-colors-blue-500)"
                  />
                </Card.Body>
              </Card.Root>
              <Card.Root variant="outline">
                <Card.Body>
                  <LineChart title="Transactions created" points={points((point) => point.count)} color="var(--chakra-colors-teal-500)" />
                </Card.Body>
              </Card.Root>
              <Card.Root variant="outline">
                <Card.Body>
                  <BarChart
                    title="Revenue (KES)"
                    points={points((point) => shillings(point.revenue))}
                    format={kesCompact}
                    color="var(--chakra-colors-green-500)"
                  />
                </Card.Body>
              </Card.Root>
              <Card.Root variant="outline">
                <Card.Body>
                  <BarChart title="Disputes opened" points={points((point) => point.disputes)} color="var(--chakra-colors-red-400)" />
                </Card.Body>
              </Card.Root>
              <Card.Root variant="outline" gridColumn={{ xl: 'span 2' }}>
                <Card.Body>
                  <LineChart
                    title="Lipa Mdogo Mdogo plan completion (% of plans started in the period now fully paid)"
                    points={points((point) => point.installment_completion_rate)}
                    format={(value) => `${value}%`}
                    maxValue={100}
                    wide={isWide}
                    color="var(--chakra-colors-purple-500)"
                  />
                </Card.Body>
              </Card.Root>
            </Grid>
          </Box>
        </>
      )}
    </>
  );
}
