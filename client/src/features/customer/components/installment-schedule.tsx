/** The Lipa Mdogo Mdogo schedule: deposit and monthly installments, what is paid and what is next. */
import { Badge, Box, Card, Progress, Table, Text } from '@chakra-ui/react';
import { formatKes } from '@escrow/core/domain/money';
import { useT } from '@/i18n';
import { formatDate } from '@/lib/format';
import type { Installment, TransactionWire } from '../api/transactions';
import { cents, isPlanEnded, nextInstallment } from '../money';
import { installmentBadge } from './installment-badge';

export function InstallmentSchedule({ installments, transaction }: { installments: Installment[]; transaction: TransactionWire }) {
  const total = cents(transaction.amount);
  const paid = cents(transaction.amount_paid);
  const percent = total > 0n ? Number((paid * 100n) / total) : 0;
  const ended = isPlanEnded(transaction.status);
  const next = ended ? null : nextInstallment(installments);
  const { t, language } = useT();
  const now = new Date();
  return (
    <Card.Root size="sm" as="section" aria-labelledby="installments-heading">
      <Card.Header>
        <Card.Title as="h2" id="installments-heading" fontSize="md">
          {t('customer.installments.heading')}
        </Card.Title>
        <Card.Description>
          {transaction.installment_months ? t('customer.installments.months', { months: transaction.installment_months }) : ''}
          {t('customer.installments.paidOf', { paid: formatKes(paid), total: formatKes(total) })}
        </Card.Description>
      </Card.Header>
      <Card.Body gap="3">
        <Progress.Root value={percent} colorPalette="teal" size="sm" aria-label={t('customer.installments.percentPaid', { percent })}>
          <Progress.Track>
            <Progress.Range />
          </Progress.Track>
        </Progress.Root>
        <Box overflowX="auto">
          {/* Narrower cell padding on phones: at 360 px the status badge otherwise falls off the card's edge. */}
          <Table.Root size="sm" data-testid="installment-schedule" css={{ '& :is(th, td)': { paddingInline: { base: '1.5', sm: '2' } } }}>
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>{t('customer.installments.payment')}</Table.ColumnHeader>
                <Table.ColumnHeader hideBelow="sm">{t('customer.installments.due')}</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">{t('customer.installments.amount')}</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end" hideBelow="sm">
                  {t('customer.installments.paid')}
                </Table.ColumnHeader>
                <Table.ColumnHeader>{t('customer.installments.status')}</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {installments.map((installment) => {
                const isNext = next?.id === installment.id;
                const badge = installmentBadge(installment, { isNext, ended, now, transactionStatus: transaction.status });
                return (
                  <Table.Row key={installment.id} bg={isNext ? 'brand.subtle' : undefined} data-status={installment.status}>
                    <Table.Cell>
                      {installment.sequence === 0
                        ? t('customer.installments.deposit')
                        : t('customer.installments.month', { month: installment.sequence })}
                      {/* Phones have no Due column: the date goes under the name. This cell may wrap: held on one
                          line, "Malipo ya kwanza" or "Due … · KES 1,300 paid" pushed Amount and Status off a 360 px card. */}
                      <Text hideFrom="sm" fontSize="xs" color="fg.muted">
                        {t('customer.installments.dueOn', { date: formatDate(installment.due_date, language) })}
                        {cents(installment.paid_amount) > 0n && installment.status !== 'paid'
                          ? t('customer.installments.paidPart', { amount: formatKes(cents(installment.paid_amount)) })
                          : ''}
                      </Text>
                      {isNext ? (
                        <Text as="span" srOnly>
                          {t('customer.installments.nextMark')}
                        </Text>
                      ) : null}
                    </Table.Cell>
                    <Table.Cell whiteSpace="nowrap" hideBelow="sm">
                      {formatDate(installment.due_date, language)}
                    </Table.Cell>
                    <Table.Cell textAlign="end" whiteSpace="nowrap">
                      {formatKes(cents(installment.amount))}
                    </Table.Cell>
                    <Table.Cell textAlign="end" whiteSpace="nowrap" hideBelow="sm">
                      {formatKes(cents(installment.paid_amount))}
                    </Table.Cell>
                    <Table.Cell>
                      <Badge colorPalette={badge.palette} variant="subtle">
                        {t(`customer.installments.${badge.label}`)}
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
