import { Flex, Table, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { StatusBadge } from '@/components/status-badge';
import { formatMoney } from '@/lib/format';

/** A table's first cell: the row's reference (`children`), and under it its status and amount. */
export function StatusAmountCell({ status, amount, children }: { status: string; amount: string; children: ReactNode }) {
  return (
    <Table.Cell whiteSpace="nowrap">
      {children}
      <Flex gap="2" align="center" mt="1">
        <StatusBadge wording="status" status={status} />
        <Text fontSize="xs" fontWeight="medium">
          {formatMoney(amount)}
        </Text>
      </Flex>
    </Table.Cell>
  );
}
