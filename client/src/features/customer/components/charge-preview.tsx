/**
 * The live fee preview of the new-transaction form: GET /api/v1/charges/calculate once the amount is
 * above 0 (docs/product-rules.md §5), so the figure is the server's. Standard is priced with wo_dispute, Protected with
 * with_dispute, Lipa Mdogo Mdogo with lipa_mdogo_mdogo on the total cost. The buyer pays half.
 */
import { HStack, Spinner, Stack, Text } from '@chakra-ui/react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { FeeType } from '@escrow/core/domain/fees';
import { formatCents, formatKes } from '@escrow/core/domain/money';
import type { TransactionType } from '@escrow/core/domain/transaction-state';
import { chargesQueryOptions } from '../api/charges';
import { useDebouncedValue } from '../hooks/use-debounced-value';
import { cents } from '../money';
import { typedCents } from '../new-transaction-rules';

const FEE_TYPE: Record<TransactionType, FeeType> = {
  standard: 'wo_dispute',
  protected: 'with_dispute',
  lipa_mdogo_mdogo: 'lipa_mdogo_mdogo',
};
const MAX_PREVIEW = 500_000n * 100n;

export function ChargePreview({ type, amount, totalCost }: { type: TransactionType; amount: string; totalCost: string }) {
  const isInstallment = type === 'lipa_mdogo_mdogo';
  const amountCents = typedCents(amount);
  const totalCents = typedCents(totalCost);
  const base = isInstallment && totalCents !== null && totalCents > 0n ? totalCents : amountCents;
  const isShown = amountCents !== null && amountCents > 0n && base !== null && base <= MAX_PREVIEW;
  // One string, so the debounce compares by value ("" means no request).
  const wanted = isShown ? `${formatCents(base)}|${FEE_TYPE[type]}` : '';
  const requested = useDebouncedValue(wanted, 300);
  const [requestedAmount = '0', requestedType = 'wo_dispute'] = requested.split('|');
  const query = useQuery({
    ...chargesQueryOptions(requestedAmount, requestedType as FeeType),
    enabled: requested !== '',
    placeholderData: keepPreviousData,
  });

  if (!isShown || amountCents === null) return null;
  const charge = query.data?.selected;
  const isCurrent = requested === wanted;
  const buyerShare = charge ? cents(charge.buyer_share) : 0n;

  return (
    <Stack
      role="status"
      aria-live="polite"
      aria-busy={query.isFetching || !isCurrent}
      data-testid="charge-preview"
      borderWidth="1px"
      borderColor="brand.muted"
      bg="brand.subtle"
      borderRadius="l2"
      p="3"
      fontSize="sm"
      gap="1"
    >
      {query.isError ? (
        <Text color="fg.error">The fee preview is unavailable right now; the fee is shown before you pay.</Text>
      ) : !charge ? (
        <HStack gap="2" color="fg.muted">
          <Spinner size="xs" />
          <Text>Calculating the fee…</Text>
        </HStack>
      ) : (
        <Stack gap="1" opacity={isCurrent ? 1 : 0.6}>
          <HStack justify="space-between">
            <Text color="fg.muted">Escrow fee{isInstallment ? ` on ${formatKes(base ?? 0n)}` : ''}</Text>
            <Text fontWeight="medium">{cents(charge.total) === 0n ? 'Free' : formatKes(cents(charge.total))}</Text>
          </HStack>
          <HStack justify="space-between">
            <Text color="fg.muted">Your share (buyer, 50%)</Text>
            <Text fontWeight="medium" data-testid="charge-buyer-share">
              {formatKes(buyerShare)}
            </Text>
          </HStack>
          <HStack justify="space-between" borderTopWidth="1px" borderColor="brand.muted" pt="1" mt="1">
            <Text fontWeight="semibold">{isInstallment ? 'First payment incl. your fee' : 'You pay into escrow'}</Text>
            <Text fontWeight="bold" color="brand.fg" data-testid="charge-upfront">
              {formatKes(amountCents + buyerShare)}
            </Text>
          </HStack>
        </Stack>
      )}
    </Stack>
  );
}
