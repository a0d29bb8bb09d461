/**
 * The hero form's live charge preview (docs/product-rules.md §2, §5): asks GET /api/v1/charges/calculate once the amount
 * is above 0, so the figure is the server's. Standard escrow is priced with wo_dispute, Lipa Mdogo
 * Mdogo with lipa_mdogo_mdogo on the total cost (the fee is split 50/50; the buyer's half is shown).
 */
import { Box, HStack, Spinner, Stack, Text } from '@chakra-ui/react';
import { formatCents, formatKes, parseAmount } from '@escrow/core/domain/money';
import { useChargePreview } from '../hooks/use-charge-preview';
import { useDebouncedValue } from '@/hooks/use-debounced-value';
import type { FormTransactionType } from '../transaction-form-rules';
import { useT } from '@/i18n';

/** Above the last band nothing is charged; the form flags such an amount instead of showing "Free". */
const MAX_PREVIEW = 500_000n * 100n;
const kes = (wire: string) => formatKes(parseAmount(wire) ?? 0n);

export function ChargePreview({ type, amount, totalCost }: { type: FormTransactionType; amount: string; totalCost: string }) {
  const { t } = useT();
  const isInstallment = type === 'lipa_mdogo_mdogo';
  const amountCents = parseAmount(amount.replace(/,/g, '').trim());
  const totalCents = parseAmount(totalCost.replace(/,/g, '').trim());
  const base = isInstallment && totalCents !== null && totalCents > 0n ? totalCents : amountCents;
  const feeType = isInstallment ? 'lipa_mdogo_mdogo' : 'wo_dispute';
  // A string key, so the debounce compares by value: "35000.00|lipa_mdogo_mdogo", or "" for no request.
  const isShown = amountCents !== null && amountCents > 0n && base !== null && base <= MAX_PREVIEW;
  const wanted = isShown ? `${formatCents(base)}|${feeType}` : '';
  const requested = useDebouncedValue(wanted);
  const [requestedAmount = '0', requestedType = 'wo_dispute'] = requested.split('|');
  const preview = useChargePreview(
    requested === '' ? null : requestedAmount,
    requestedType === 'lipa_mdogo_mdogo' ? 'lipa_mdogo_mdogo' : 'wo_dispute',
  );

  if (!isShown || amountCents === null) return null;
  const charge = preview.status === 'done' ? preview.data.selected : preview.status === 'loading' ? preview.previous?.selected : undefined;
  const isCurrent = requested === wanted;
  const upfront = amountCents + (charge ? (parseAmount(charge.buyer_share) ?? 0n) : 0n);

  return (
    <Box
      role="status"
      aria-live="polite"
      aria-busy={preview.status === 'loading' || !isCurrent}
      data-testid="charge-preview"
      borderWidth="1px"
      borderColor="teal.muted"
      bg="brand.subtle"
      borderRadius="l2"
      p="3"
      fontSize="sm"
    >
      {preview.status === 'error' ? (
        <Text color="fg.error">{t('public.charge.unavailable')}</Text>
      ) : !charge ? (
        <HStack gap="2" color="fg.muted">
          <Spinner size="xs" />
          <Text>{t('public.charge.calculating')}</Text>
        </HStack>
      ) : (
        <Stack gap="1" opacity={isCurrent ? 1 : 0.6}>
          <HStack justify="space-between">
            <Text color="fg.muted">
              {!isInstallment
                ? t('public.charge.escrowFee')
                : totalCents
                  ? t('public.charge.installmentFeeOn', { amount: formatKes(base ?? 0n) })
                  : t('public.charge.installmentFee')}
            </Text>
            <Text fontWeight="medium" data-testid="charge-total">
              {Number(charge.total) === 0 ? t('public.charge.free') : kes(charge.total)}
            </Text>
          </HStack>
          <HStack justify="space-between">
            <Text color="fg.muted">{t('public.charge.yourShare')}</Text>
            <Text fontWeight="medium" data-testid="charge-buyer-share">
              {kes(charge.buyer_share)}
            </Text>
          </HStack>
          <HStack justify="space-between" borderTopWidth="1px" borderColor="teal.muted" pt="1" mt="1">
            <Text fontWeight="semibold">{isInstallment ? t('public.charge.firstPayment') : t('public.charge.youPay')}</Text>
            <Text fontWeight="bold" color="brand.fg" data-testid="charge-upfront">
              {formatKes(upfront)}
            </Text>
          </HStack>
        </Stack>
      )}
    </Box>
  );
}
