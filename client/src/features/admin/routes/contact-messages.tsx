/** Contact messages: the website's contact form inbox, by status and topic; mark read or resolved. */
import { Badge, Box, Button, Card, Flex, HStack, Stack, Text } from '@chakra-ui/react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { CONTACT_STATUSES, CONTACT_TOPICS } from '@escrow/core/contract/contact';
import { formatDateTime, formatPhone, humanize } from '@/lib/format';
import { useAdminPreferences } from '../admin-preferences';
import { adminRest, type ContactMessage } from '../api/admin-rest';
import { PageHeader } from '../components/page-header';
import { FilterSelect } from '../components/filter-select';
import { PaginationBar } from '../components/pagination-bar';
import { EmptyState, ErrorState, LoadingState } from '../components/query-state';
import { StatusBadge } from '@/components/status-badge';
import { toaster } from '../components/toaster';

type Status = (typeof CONTACT_STATUSES)[number];

export default function ContactMessagesPage() {
  const queryClient = useQueryClient();
  const { pageSize } = useAdminPreferences();
  const [status, setStatus] = useState<Status | ''>('new');
  const [topic, setTopic] = useState<(typeof CONTACT_TOPICS)[number] | ''>('');
  const [page, setPage] = useState(1);
  const query = useQuery({
    ...adminRest.contactMessages({ ...(status ? { status } : {}), ...(topic ? { topic } : {}), page, per_page: pageSize }),
    placeholderData: keepPreviousData,
  });
  const update = useMutation({
    mutationFn: ({ message, next }: { message: ContactMessage; next: Status }) => adminRest.updateContactMessage(message.id, next),
    onSuccess: async (_data, { next }) => {
      toaster.create({ type: 'success', title: `Marked ${next}` });
      await queryClient.invalidateQueries({ queryKey: ['admin', 'contact-messages'] });
    },
    onError: (error) => toaster.create({ type: 'error', title: 'Could not update the message', description: error.message }),
  });

  return (
    <>
      <PageHeader
        title="Contact messages"
        description="Messages sent through the website's contact form."
        actions={
          <HStack gap="2">
            <FilterSelect
              label="Filter by status"
              allLabel="All statuses"
              values={CONTACT_STATUSES}
              value={status}
              onChange={(value) => {
                setStatus(value);
                setPage(1);
              }}
              size="sm"
              w="36"
            />
            <FilterSelect
              label="Filter by topic"
              allLabel="All topics"
              values={CONTACT_TOPICS}
              value={topic}
              onChange={(value) => {
                setTopic(value);
                setPage(1);
              }}
              size="sm"
              w="36"
            />
          </HStack>
        }
      />
      {query.isPending ? (
        <LoadingState label="Loading messages…" />
      ) : query.isError ? (
        <ErrorState message="Failed to load contact messages" detail={query.error.message} onRetry={() => void query.refetch()} />
      ) : query.data.messages.length === 0 ? (
        <EmptyState>No messages here.</EmptyState>
      ) : (
        <>
          <Stack gap="3">
            {query.data.messages.map((message) => (
              <Card.Root key={message.id} variant="outline" size="sm">
                <Card.Body>
                  <Flex justify="space-between" gap="3" wrap="wrap">
                    <Box>
                      <Text fontWeight="semibold">
                        {message.first_name} {message.last_name}
                      </Text>
                      <Text fontSize="sm" color="fg.muted">
                        <a href={`mailto:${message.email}`}>{message.email}</a>
                        {message.phone_number ? ` · ${formatPhone(message.phone_number)}` : ''}
                      </Text>
                    </Box>
                    <HStack gap="2" align="flex-start">
                      <Badge variant="outline">{humanize(message.topic)}</Badge>
                      <StatusBadge wording="status" status={message.status} />
                    </HStack>
                  </Flex>
                  <Text mt="3" fontSize="sm" whiteSpace="pre-wrap">
                    {message.message}
                  </Text>
                  <Flex mt="3" justify="space-between" align="center" gap="2" wrap="wrap">
                    <Text fontSize="xs" color="fg.subtle">
                      {formatDateTime(message.created_at)}
                    </Text>
                    <HStack gap="2">
                      {message.status !== 'read' ? (
                        <Button
                          size="xs"
                          variant="outline"
                          onClick={() => update.mutate({ message, next: 'read' })}
                          loading={update.isPending && update.variables?.message.id === message.id && update.variables.next === 'read'}
                        >
                          Mark read
                        </Button>
                      ) : null}
                      {message.status !== 'resolved' ? (
                        <Button
                          size="xs"
                          colorPalette="teal"
                          onClick={() => update.mutate({ message, next: 'resolved' })}
                          loading={update.isPending && update.variables?.message.id === message.id && update.variables.next === 'resolved'}
                        >
                          Resolve
                        </Button>
                      ) : null}
                    </HStack>
                  </Flex>
                </Card.Body>
              </Card.Root>
            ))}
          </Stack>
          <PaginationBar pagination={query.data.pagination} onPage={setPage} isBusy={query.isFetching} />
        </>
      )}
    </>
  );
}
