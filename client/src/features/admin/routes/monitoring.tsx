/**
 * Monitoring: the live event feed. New timeline events across the platform as they happen, refreshed
 * every 30 s while auto-refresh is on (docs/product-rules.md §9, both adjustable here), the newest transactions, and
 * the notifications kept from the feed (newest 10).
 */
import { Badge, Box, Button, Card, Flex, Grid, Heading, HStack, NativeSelect, Stack, Switch, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { Pause, Play, RefreshCw } from 'lucide-react';
import { useState } from 'react';
import { formatDateTime, formatMoney, formatPhone, formatRelativeTime, humanize } from '@/lib/format';
import { REFRESH_INTERVALS, setPreferences, useAdminPreferences } from '../admin-preferences';
import { toneOf } from '../monitoring-feed';
import { PageHeader } from '../components/page-header';
import { EmptyState, ErrorState, LoadingState } from '../components/query-state';
import { StatusBadge } from '@/components/status-badge';
import { TransactionDetailsDialog } from '../components/transaction-details-dialog';
import { latestQueryOptions, useFeedState } from '../hooks/use-live-feed';

const TONE_COLOR = { info: 'blue', success: 'green', warning: 'orange', error: 'red' } as const;

export default function MonitoringPage() {
  const { autoRefresh, refreshInterval } = useAdminPreferences();
  const query = useQuery(latestQueryOptions(autoRefresh, refreshInterval));
  const feed = useFeedState();
  const [openId, setOpenId] = useState<string | null>(null);

  return (
    <>
      <PageHeader
        title="Monitoring"
        description={
          feed.lastRefresh ? `Last refresh ${formatRelativeTime(feed.lastRefresh).toLowerCase()}` : 'Live activity across the platform.'
        }
        actions={
          <HStack gap="3" wrap="wrap">
            <Switch.Root
              checked={autoRefresh}
              onCheckedChange={(details) => setPreferences({ autoRefresh: details.checked })}
              colorPalette="teal"
            >
              <Switch.HiddenInput aria-label="Auto-refresh" />
              <Switch.Control />
              <Switch.Label display="inline-flex" alignItems="center" gap="1" whiteSpace="nowrap">
                {autoRefresh ? <Play size={14} aria-hidden /> : <Pause size={14} aria-hidden />} Auto-refresh
              </Switch.Label>
            </Switch.Root>
            <NativeSelect.Root size="sm" w="32" disabled={!autoRefresh}>
              <NativeSelect.Field
                aria-label="Refresh interval"
                value={refreshInterval}
                onChange={(event) => setPreferences({ refreshInterval: Number(event.target.value) as (typeof REFRESH_INTERVALS)[number] })}
              >
                {REFRESH_INTERVALS.map((seconds) => (
                  <option key={seconds} value={seconds}>
                    Every {seconds} s
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
            <Button size="sm" variant="outline" onClick={() => void query.refetch()} loading={query.isFetching} loadingText="Refreshing">
              <RefreshCw aria-hidden /> Refresh now
            </Button>
          </HStack>
        }
      />
      {query.isPending ? (
        <LoadingState label="Loading the live feed…" />
      ) : query.isError ? (
        <ErrorState message="Failed to load the live feed" detail={query.error.message} onRetry={() => void query.refetch()} />
      ) : (
        <Grid templateColumns={{ base: '1fr', xl: '3fr 2fr' }} gap="4" alignItems="start">
          <Card.Root variant="outline">
            <Card.Header flexDirection="row" justifyContent="space-between" alignItems="center">
              <Heading as="h2" size="md">
                Event feed
              </Heading>
              <Badge colorPalette={autoRefresh ? 'green' : 'gray'} variant="subtle">
                {autoRefresh ? `Live · every ${refreshInterval} s` : 'Paused'}
              </Badge>
            </Card.Header>
            <Card.Body>
              {query.data.events.length === 0 ? (
                <EmptyState>No activity yet.</EmptyState>
              ) : (
                <Stack as="ol" gap="0" listStyleType="none" aria-live="polite">
                  {query.data.events.map((event) => (
                    <Flex as="li" key={event.id} gap="3" py="2.5" borderBottomWidth="1px" _last={{ borderBottomWidth: 0 }}>
                      <Box
                        boxSize="2.5"
                        mt="1.5"
                        borderRadius="full"
                        flexShrink={0}
                        bg={`${TONE_COLOR[toneOf(event.event_type)]}.solid`}
                        aria-hidden
                      />
                      <Box flex="1" minW="0">
                        <Flex justify="space-between" gap="2">
                          <Text fontSize="sm" fontWeight="medium">
                            {humanize(event.event_type)}{' '}
                            <Button
                              variant="plain"
                              size="xs"
                              p="0"
                              h="auto"
                              fontFamily="mono"
                              color="brand.fg"
                              onClick={() => setOpenId(event.transaction_id)}
                            >
                              {event.reference_number}
                            </Button>
                          </Text>
                          <Text fontSize="xs" color="fg.muted" whiteSpace="nowrap" title={formatDateTime(event.timestamp)}>
                            {formatRelativeTime(event.timestamp)}
                          </Text>
                        </Flex>
                        <Text fontSize="sm" color="fg.muted">
                          {event.description}
                        </Text>
                      </Box>
                    </Flex>
                  ))}
                </Stack>
              )}
            </Card.Body>
          </Card.Root>
          <Stack gap="4">
            <Card.Root variant="outline">
              <Card.Header flexDirection="row" justifyContent="space-between" alignItems="center">
                <Heading as="h2" size="md">
                  Notifications
                </Heading>
                <Button size="xs" variant="ghost" onClick={feed.clear} disabled={feed.notifications.length === 0}>
                  Clear
                </Button>
              </Card.Header>
              <Card.Body>
                {feed.notifications.length === 0 ? (
                  <Text fontSize="sm" color="fg.muted">
                    The newest 10 events are kept here.
                  </Text>
                ) : (
                  <Stack gap="2">
                    {feed.notifications.map((notification) => (
                      <Box key={notification.id} borderLeftWidth="3px" borderLeftColor={`${TONE_COLOR[notification.tone]}.solid`} ps="3">
                        <Text fontSize="sm" fontWeight="medium">
                          {notification.title}
                        </Text>
                        <Text fontSize="xs" color="fg.muted">
                          {formatRelativeTime(notification.timestamp)}
                        </Text>
                      </Box>
                    ))}
                  </Stack>
                )}
              </Card.Body>
            </Card.Root>
            <Card.Root variant="outline">
              <Card.Header>
                <Heading as="h2" size="md">
                  Newest transactions
                </Heading>
              </Card.Header>
              <Card.Body>
                <Stack gap="0">
                  {query.data.transactions.slice(0, 10).map((row) => (
                    <Flex
                      key={row.id}
                      as="button"
                      onClick={() => setOpenId(row.id)}
                      justify="space-between"
                      gap="3"
                      py="2"
                      borderBottomWidth="1px"
                      _last={{ borderBottomWidth: 0 }}
                      textAlign="left"
                      _hover={{ bg: 'bg.muted' }}
                      aria-label={`View details of ${row.reference_number}`}
                    >
                      <Box minW="0">
                        <Text fontFamily="mono" fontSize="xs">
                          {row.reference_number}
                        </Text>
                        <Text fontSize="xs" color="fg.muted" truncate>
                          {formatPhone(row.buyer_phone)} → {formatPhone(row.seller_phone)}
                        </Text>
                      </Box>
                      <Box textAlign="right" flexShrink={0}>
                        <Text fontSize="sm" fontWeight="medium">
                          {formatMoney(row.amount)}
                        </Text>
                        <StatusBadge wording="status" status={row.status} />
                      </Box>
                    </Flex>
                  ))}
                </Stack>
              </Card.Body>
            </Card.Root>
          </Stack>
        </Grid>
      )}
      <TransactionDetailsDialog transactionId={openId} onClose={() => setOpenId(null)} />
    </>
  );
}
