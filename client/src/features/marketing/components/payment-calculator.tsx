/**
 * The Lipa Mdogo Mdogo Payment Calculator: total cost, deposit (≥ 20 %, suggested by default) and term
 * → the schedule. The maths is the shared domain code the API uses (@escrow/core/domain/installment-plan), so what
 * the calculator shows is what a plan created through the API will ask for.
 */
import { Alert, Box, Button, Field, HStack, Input, InputGroup, NativeSelect, SimpleGrid, Stack, Table, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { Link } from 'react-router';
import { calculateFee } from '@escrow/core/domain/fees';
import {
  buildPlan,
  checkPlanRules,
  DEFAULT_PLAN_TERM,
  minimumDeposit,
  PLAN_TERMS,
  suggestedDeposit,
} from '@escrow/core/domain/installment-plan';
import { formatKes, type Cents } from '@escrow/core/domain/money';
import { wholeShillings } from '@/components/transaction-form/transaction-form-rules';
import type { TransactionPrefillState } from './create-transaction-form';

const toShillingsText = (cents: Cents) => (cents / 100n).toString();
const MAX_TOTAL = 500_000n * 100n;

export function PaymentCalculator({ initialTotal = 35_000 }: { initialTotal?: number }) {
  const [total, setTotal] = useState(String(initialTotal));
  const [deposit, setDeposit] = useState(() => toShillingsText(suggestedDeposit(BigInt(initialTotal) * 100n)));
  const [isDepositEdited, setIsDepositEdited] = useState(false);
  const [months, setMonths] = useState(String(DEFAULT_PLAN_TERM));
  const [product, setProduct] = useState('');

  const totalCents = wholeShillings(total);
  const depositCents = wholeShillings(deposit);

  const onTotalChange = (value: string) => {
    setTotal(value);
    const cents = wholeShillings(value);
    // The deposit follows the total until the visitor types their own.
    if (!isDepositEdited && cents !== null && cents > 0n) setDeposit(toShillingsText(suggestedDeposit(cents)));
  };

  let problem: string | null = null;
  if (totalCents === null || totalCents === 0n) problem = 'Enter the total cost in whole shillings.';
  else if (totalCents > MAX_TOTAL) problem = 'The total cost cannot exceed KES 500,000.';
  else if (depositCents === null || depositCents === 0n) problem = 'Enter the deposit in whole shillings.';
  else problem = checkPlanRules({ total: totalCents, deposit: depositCents, months: Number(months) })?.message ?? null;

  const plan =
    !problem && totalCents && depositCents ? buildPlan({ total: totalCents, deposit: depositCents, months: Number(months) }) : null;
  const fee = plan ? calculateFee(plan.total, 'lipa_mdogo_mdogo') : null;
  const installments = plan ? plan.schedule.slice(1) : [];
  const last = installments.at(-1);

  const prefill: TransactionPrefillState = plan
    ? {
        prefill: {
          type: 'lipa_mdogo_mdogo',
          productName: product.trim(),
          amount: toShillingsText(plan.deposit),
          totalCost: toShillingsText(plan.total),
          months,
        },
      }
    : {};

  return (
    <Stack gap="6" data-testid="payment-calculator">
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
        <Field.Root>
          <Field.Label>What are you buying? (optional)</Field.Label>
          <Input value={product} onChange={(event) => setProduct(event.target.value)} maxLength={100} placeholder="e.g. 3-seater sofa" />
        </Field.Root>
        <Field.Root invalid={totalCents === null && total !== ''}>
          <Field.Label>Total cost (KES)</Field.Label>
          <InputGroup startElement="KES">
            <Input
              name="total"
              value={total}
              onChange={(event) => onTotalChange(event.target.value)}
              inputMode="numeric"
              autoComplete="off"
            />
          </InputGroup>
          <Field.HelperText>Items over KES 10,000, up to KES 500,000</Field.HelperText>
        </Field.Root>
        <Field.Root>
          <Field.Label>Deposit (KES)</Field.Label>
          <InputGroup startElement="KES">
            <Input
              name="deposit"
              value={deposit}
              onChange={(event) => {
                setIsDepositEdited(true);
                setDeposit(event.target.value);
              }}
              inputMode="numeric"
              autoComplete="off"
            />
          </InputGroup>
          <Field.HelperText>
            Minimum 20%{totalCents && totalCents > 0n ? `: ${formatKes(minimumDeposit(totalCents))}` : ''}
          </Field.HelperText>
        </Field.Root>
        <Field.Root>
          <Field.Label>Repayment term</Field.Label>
          <NativeSelect.Root>
            <NativeSelect.Field name="months" value={months} onChange={(event) => setMonths(event.target.value)}>
              {PLAN_TERMS.map((term) => (
                <option key={term} value={String(term)}>
                  {term} months
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
      </SimpleGrid>

      <Box aria-live="polite">
        {problem || !plan || !fee || !last ? (
          <Alert.Root status="warning">
            <Alert.Indicator />
            <Alert.Description>{problem}</Alert.Description>
          </Alert.Root>
        ) : (
          <Stack gap="5" data-testid="plan-result">
            <SimpleGrid columns={{ base: 2, md: 4 }} gap="3">
              {[
                { label: 'Deposit today', value: formatKes(plan.deposit), testId: 'plan-deposit' },
                { label: 'Monthly payment', value: formatKes(plan.monthly), testId: 'plan-monthly' },
                { label: 'Number of payments', value: `${installments.length} months`, testId: 'plan-months' },
                { label: 'Installment fee (your half)', value: formatKes(fee.buyerShare), testId: 'plan-fee' },
              ].map((item) => (
                <Box key={item.label} p="4" borderWidth="1px" borderRadius="l2" bg="bg">
                  <Text fontSize="xs" color="fg.muted">
                    {item.label}
                  </Text>
                  <Text fontSize="xl" fontWeight="bold" data-testid={item.testId}>
                    {item.value}
                  </Text>
                </Box>
              ))}
            </SimpleGrid>
            <Text fontSize="sm" color="fg.muted">
              {formatKes(plan.deposit)} now, then {installments.length} monthly payments of {formatKes(plan.monthly)}
              {last.amount !== plan.monthly ? ` (the last one ${formatKes(last.amount)})` : ''} — {formatKes(plan.total)} in total. The
              installment fee for {formatKes(plan.total)} is {formatKes(fee.total)}, split 50/50 with the seller. The seller dispatches once
              the plan is fully paid.
            </Text>
            <Table.ScrollArea borderWidth="1px" borderRadius="l2" maxH="80">
              <Table.Root size="sm" stickyHeader>
                <Table.Caption srOnly>Payment schedule</Table.Caption>
                <Table.Header>
                  <Table.Row>
                    <Table.ColumnHeader>Payment</Table.ColumnHeader>
                    <Table.ColumnHeader>When</Table.ColumnHeader>
                    <Table.ColumnHeader textAlign="end">Amount</Table.ColumnHeader>
                  </Table.Row>
                </Table.Header>
                <Table.Body>
                  {plan.schedule.map((payment) => (
                    <Table.Row key={payment.sequence}>
                      <Table.Cell>{payment.sequence === 0 ? 'Deposit' : `Installment ${payment.sequence}`}</Table.Cell>
                      <Table.Cell>{payment.monthOffset === 0 ? 'Today' : `Month ${payment.monthOffset}`}</Table.Cell>
                      <Table.Cell textAlign="end">{formatKes(payment.amount)}</Table.Cell>
                    </Table.Row>
                  ))}
                </Table.Body>
              </Table.Root>
            </Table.ScrollArea>
            <HStack>
              <Button asChild colorPalette="teal">
                <Link to="/#create" state={prefill}>
                  Start this plan
                </Link>
              </Button>
            </HStack>
          </Stack>
        )}
      </Box>
    </Stack>
  );
}
