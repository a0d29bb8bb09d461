/** SMS outbox: every message the platform sent (newest first), by phone, with its delivery status. */
import { Button, Flex, Input, InputGroup, NativeSelect, Table, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { RefreshCw, Search } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { formatDateTime, formatPhone, humanize } from '@/lib/format';
import { adminRest } from '../api/admin-rest';
import { maskCodes } from '../mask-codes';
import { PageHeader } from '../components/page-header';
import { EmptyState, ErrorState, LoadingState } from '../components/query-state';
import { StatusBadge } from '@/components/status-badge';
import { WideTable } from '../components/wide-table';

const LIMITS = [50, 100, 200] as const;

export default function SmsOutboxPage() {
  const [phoneInput, setPhoneInput] = useState('');
  const [phone, setPhone] = useState('');
  const [limit, setLimit] = useState<(typeof LIMITS)[number]>(50);
  const query = useQuery(adminRest.sms({ ...(phone ? { phone } : {}), limit }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setPhone(phoneInput.trim());
  };
  return (
    <>
      <PageHeader
        title="SMS outbox"
        description="Every SMS the platform sent, newest first."
        actions={
          <Button size="sm" variant="outline" onClick={() => void query.refetch()} loading={query.isFetching}>
            <RefreshCw aria-hidden /> Refresh
          </Button>
        }
      />
      <Flex as="form" onSubmit={submit} gap="3" mb="4" direction={{ base: 'column', md: 'row' }}>
        <InputGroup startElement={<Search size={16} aria-hidden />} flex="1">
          <Input
            type="search"
            inputMode="tel"
            value={phoneInput}
            onChange={(event) => setPhoneInput(event.target.value)}
            placeholder="Phone number, e.g. 0722123456"
            aria-label="Filter by phone"
            maxLength={20}
          />
        </InputGroup>
        <NativeSelect.Root w={{ base: 'full', md: '40' }}>
          <NativeSelect.Field
            aria-label="How many"
            value={limit}
            onChange={(event) => setLimit(Number(event.target.value) as (typeof LIMITS)[number])}
          >
            {LIMITS.map((value) => (
              <option key={value} value={value}>
                Newest {value}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
        <Button type="submit" variant="outline">
          Filter
        </Button>
      </Flex>
      {query.isPending ? (
        <LoadingState label="Loading messages…" />
      ) : query.isError ? (
        <ErrorState message="Failed to load the SMS outbox" detail={query.error.message} onRetry={() => void query.refetch()} />
      ) : query.data.messages.length === 0 ? (
        <EmptyState>No messages{phone ? ' to this phone' : ''}.</EmptyState>
      ) : (
        <WideTable label="SMS messages" borderWidth="1px" borderRadius="l2">
          <Table.Root size="sm">
            <Table.Header>
              <Table.Row bg="bg.subtle">
                <Table.ColumnHeader>Message</Table.ColumnHeader>
                <Table.ColumnHeader>Template</Table.ColumnHeader>
                <Table.ColumnHeader>Created</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {query.data.messages.map((message) => (
                <Table.Row key={message.id}>
                  {/* Who and how first, then the text: a phone shows the whole message without scrolling. */}
                  <Table.Cell minW={{ base: '64', md: '80' }} maxW="xl" whiteSpace="normal">
                    <Flex gap="2" align="center" wrap="wrap" mb="1">
                      <Text fontSize="sm" fontWeight="medium" whiteSpace="nowrap">
                        {formatPhone(message.phone_number)}
                      </Text>
                      <StatusBadge wording="status" status={message.status} />
                    </Flex>
                    <Text fontSize="sm" overflowWrap="anywhere">
                      {maskCodes(message.template, message.message)}
                    </Text>
                    {message.failure_reason ? (
                      <Text fontSize="xs" color="fg.error">
                        {message.failure_reason}
                      </Text>
                    ) : null}
                  </Table.Cell>
                  <Table.Cell fontSize="xs" color="fg.muted" whiteSpace="nowrap">
                    {humanize(message.template)}
                  </Table.Cell>
                  <Table.Cell whiteSpace="nowrap" fontSize="xs">
                    {formatDateTime(message.created_at)}
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </WideTable>
      )}
    </>
  );
}
