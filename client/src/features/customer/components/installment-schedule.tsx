/** The Lipa Mdogo Mdogo schedule: deposit and monthly installments, what is paid and what is next. */
import { Badge, Box, Card, Progress, Table, Text } from '@chakra-ui/react';
import { formatKes } from '@escrow/core/domain/money';
import { formatDate } from '@/lib/format';
import type { Installment, TransactionWire } from '../api/transactions';
import { cents, nextInstallment } from '../money';

const STATUS: Record<Installment['status'], { label: string; palette: string }> = {
  paid: { label: 'Paid', palette: 'green' },
  pending: { label: 'Due', palette: 'gray' },
  overdue: { label: 'Overdue', palette: 'red' },
  waived: { label: 'Waived', palette: 'gray' },
};

export function InstallmentSchedule({ installments, transaction }: { installments: Installment[]; transaction: TransactionWire }) {
  const total = cents(transaction.amount);
  const paid = cents(transaction.amount_paid);
  const percent = total > 0n ? Number((paid * 100n) / total) : 0;
  const next = nextInstallment(installments);
  return (
    <Card.Root size="sm" as="section" aria-labelledby="installments-heading">
      <Card.Header>
        <Card.Title as="h2" id="installments-heading" fontSize="md">
          Installment schedule
        </Card.Title>
        <Card.Description>
          {transaction.installment_months ? `${transaction.installment_months} months · ` : ''}
          {formatKes(paid)} of {formatKes(total)} paid
        </Card.Description>
      </Card.Header>
      <Card.Body gap="3">
        <Progress.Root value={percent} colorPalette="teal" size="sm" aria-label={`${percent}% of the item paid`}>
          <Progress.Track>
            <Progress.Range />
          </Progress.Track>
        </Progress.Root>
        <Box overflowX="auto">
          <Table.Root size="sm" data-testid="installment-schedule">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>Payment</Table.ColumnHeader>
                <Table.ColumnHeader hideBelow="sm">Due</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">Amount</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end" hideBelow="sm">
                  Paid
                </Table.ColumnHeader>
                <Table.ColumnHeader>Status</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {installments.map((installment) => {
                const status = STATUS[installment.status];
                const isNext = next?.id === installment.id;
                return (
                  <Table.Row key={installment.id} bg={isNext ? 'brand.subtle' : undefined} data-status={installment.status}>
                    <Table.Cell whiteSpace="nowrap">
                      {installment.sequence === 0 ? 'Deposit' : `Month ${installment.sequence}`}
                      {/* Phones have no Due column: the date goes under the name. */}
                      <Text hideFrom="sm" fontSize="xs" color="fg.muted">
                        Due {formatDate(installment.due_date)}
                        {cents(installment.paid_amount) > 0n && installment.status !== 'paid'
                          ? ` · ${formatKes(cents(installment.paid_amount))} paid`
                          : ''}
                      </Text>
                      {isNext ? (
                        <Text as="span" srOnly>
                          {' '}
                          (next)
                        </Text>
                      ) : null}
                    </Table.Cell>
                    <Table.Cell whiteSpace="nowrap" hideBelow="sm">
                      {formatDate(installment.due_date)}
                    </Table.Cell>
                    <Table.Cell textAlign="end" whiteSpace="nowrap">
                      {formatKes(cents(installment.amount))}
                    </Table.Cell>
                    <Table.Cell textAlign="end" whiteSpace="nowrap" hideBelow="sm">
                      {formatKes(cents(installment.paid_amount))}
                    </Table.Cell>
                    <Table.Cell>
                      <Badge colorPalette={isNext && installment.status === 'pending' ? 'blue' : status.palette} variant="subtle">
                        {isNext && installment.status === 'pending' ? 'Next' : status.label}
                      </Badge>
                    </Table.Cell>
                  </Table.Row>
                );
              })}
            </Table.Body>
          </Table.Root>
        </Box>
      </Card.Body>
    </Card.Root>
  );
}
