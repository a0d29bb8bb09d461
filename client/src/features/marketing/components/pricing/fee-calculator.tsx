/**
 * The Fee Calculator (docs/product-rules.md §2, §5, §9): the amount is read as a number; empty, zero or invalid shows
 * nothing, and a result appears only when the fee is above zero (amounts outside 1–500,000 cost 0).
 * Computed with the shared fee bands (@escrow/core/domain/fees), the same code the API charges with.
 */
import { Box, Field, Input, InputGroup, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { calculateFee, type FeeType } from '@escrow/core/domain/fees';
import { formatKes, parseAmount } from '@escrow/core/domain/money';
import { PRICED_SERVICES } from './services';

export function FeeCalculator({ type }: { type: FeeType }) {
  const [amountText, setAmountText] = useState('');
  const amount = parseAmount(amountText.replace(/,/g, '').trim());
  const fee = amount !== null && amount > 0n ? calculateFee(amount, type) : null;
  const service = PRICED_SERVICES.find((candidate) => candidate.type === type)!;

  return (
    <Stack gap="5">
      <Field.Root>
        <Field.Label>Transaction amount (KES)</Field.Label>
        <InputGroup startElement="KES">
          <Input
            name="fee-amount"
            value={amountText}
            onChange={(event) => setAmountText(event.target.value)}
            inputMode="decimal"
            autoComplete="off"
            placeholder="e.g. 15000"
            size="lg"
          />
        </InputGroup>
        <Field.HelperText>Fees for {service.name}. Amounts from KES 1 to KES 500,000.</Field.HelperText>
      </Field.Root>
      <Box aria-live="polite">
        {fee && amount !== null && fee.total > 0n ? (
          <Stack gap="4" data-testid="fee-result">
            <SimpleGrid columns={{ base: 1, sm: 3 }} gap="3">
              {[
                { label: 'Total fee', value: formatKes(fee.total), testId: 'fee-total' },
                { label: 'Buyer pays (50%)', value: formatKes(fee.buyerShare), testId: 'fee-buyer' },
                { label: 'Seller pays (50%)', value: formatKes(fee.sellerShare), testId: 'fee-seller' },
              ].map((item) => (
                <Box key={item.label} p="4" borderRadius="l2" bg="brand.subtle" borderWidth="1px" borderColor="teal.muted">
                  <Text fontSize="sm" color="fg.muted">
                    {item.label}
                  </Text>
                  <Text fontSize="2xl" fontWeight="bold" color="brand.fg" data-testid={item.testId}>
                    {item.value}
                  </Text>
                </Box>
              ))}
            </SimpleGrid>
            <Text fontSize="sm" color="fg.muted">
              That is <strong data-testid="fee-percentage">{(Number(fee.basisPoints) / 100).toFixed(2)}%</strong> of {formatKes(amount)}.
              The buyer pays {formatKes(amount + fee.buyerShare)} into escrow; the seller receives {formatKes(amount - fee.sellerShare)} on
              release.
            </Text>
          </Stack>
        ) : fee && amount !== null && amount >= 100n && amount <= 500_000n * 100n ? (
          <Text color="fg.muted" data-testid="fee-none">
            No fee for {formatKes(amount)} with {service.name}.
          </Text>
        ) : null}
      </Box>
    </Stack>
  );
}
