/**
 * The list summary (docs/product-rules.md §2: Total, Completed, Pending, Total Value) as four stat cards. The
 * value leaves the cancelled transactions out (docs/contract.md "Transactions"), and its card says so.
 */
import { SimpleGrid, Skeleton, Stat } from '@chakra-ui/react';
import { useT } from '@/i18n';
import { formatMoney } from '@/lib/format';
import type { TransactionList } from '../api/transactions';

export function SummaryCards({ summary, label }: { summary: TransactionList['summary'] | undefined; label: string }) {
  const { t } = useT();
  const cards = [
    { key: 'total', title: t('customer.summary.total'), value: summary ? summary.total.toLocaleString('en-KE') : null },
    { key: 'pending', title: t('customer.summary.pending'), value: summary ? summary.pending.toLocaleString('en-KE') : null },
    { key: 'completed', title: t('customer.summary.completed'), value: summary ? summary.completed.toLocaleString('en-KE') : null },
    {
      key: 'value',
      title: t('customer.summary.value'),
      value: summary ? formatMoney(summary.total_value) : null,
      note: t('customer.summary.valueNote'),
    },
  ];
  return (
    <SimpleGrid columns={{ base: 2, md: 4 }} gap={{ base: '2', md: '4' }} aria-label={label} role="group">
      {cards.map((card) => (
        <Stat.Root
          key={card.key}
          borderWidth="1px"
          borderRadius="l3"
          bg="bg"
          p={{ base: '3', md: '4' }}
          data-testid={`summary-${card.key}`}
        >
          <Stat.Label>{card.title}</Stat.Label>
          {card.value === null ? (
            <Skeleton h="7" w="16" />
          ) : (
            <Stat.ValueText fontSize={{ base: 'lg', md: '2xl' }} truncate>
              {card.value}
            </Stat.ValueText>
          )}
          {/* The Stat is a dl: its note must be a dd (axe: definition-list). */}
          {'note' in card && (
            <Stat.HelpText as="dd" fontSize="xs">
              {card.note}
            </Stat.HelpText>
          )}
        </Stat.Root>
      ))}
    </SimpleGrid>
  );
}
