/**
 * The form's live fee preview: the server's figure (GET /api/v1/charges/calculate) once the amount is
 * above 0. Standard is priced with wo_dispute, Protected with with_dispute, Lipa Mdogo Mdogo with
 * lipa_mdogo_mdogo on the total cost; the fee is split 50/50 and the buyer's half is shown.
 */
import { Box, HStack, Spinner, Stack, Text } from '@chakra-ui/react';
import type { FeeType } from '@escrow/core/domain/fees';
import { formatCents, formatKes, parseAmount } from '@escrow/core/domain/money';
import type { TransactionType } from '@escrow/core/domain/transaction-state';
import { useT } from '@/i18n';
import { typedCents } from './transaction-form-rules';
import { useChargePreview } from './use-charge-preview';

const FEE_TYPE: Record<TransactionType, FeeType> = {
  standard: 'wo_dispute',
  protected: 'with_dispute',
  lipa_mdogo_mdogo: 'lipa_mdogo_mdogo',
};
/** Above the last band nothing is charged; the form flags such an amount instead of showing "Free". */
const MAX_PREVIEW = 500_000n * 100n;
const kes = (wire: string) => formatKes(parseAmount(wire) ?? 0n);

export function ChargePreview({ type, amount, totalCost }: { type: TransactionType; amount: string; totalCost: string }) {
  const { t } = useT();
  const isInstallment = type === 'lipa_mdogo_mdogo';
  const amountCents = typedCents(amount);
  const totalCents = typedCents(totalCost);
  const base = isInstallment && totalCents !== null && totalCents > 0n ? totalCents : amountCents;
  const isShown = amountCents !== null && amountCents > 0n && base !== null && base <= MAX_PREVIEW;
  const preview = useChargePreview(isShown && base !== null ? formatCents(base) : null, FEE_TYPE[type]);

  if (!isShown || amountCents === null) return null;
  const charge = preview.status === 'done' ? preview.data.selected : preview.status === 'loading' ? preview.previous?.selected : undefined;
  const isCurrent = preview.status === 'done';
  const upfront = amountCents + (charge ? (parseAmount(charge.buyer_share) ?? 0n) : 0n);

  return (
    <Box
      role="status"
      aria-live="polite"
      aria-busy={!isCurrent}
      data-testid="charge-preview"
      borderWidth="1px"
      borderColor="teal.muted"
      bg="brand.subtle"
      borderRadius="l2"
      p="3"
      fontSize="sm"
    >
      {preview.status === 'error' ? (
        <Text color="fg.error">{t('customer.form.fee.unavailable')}</Text>
      ) : !charge ? (
        <HStack gap="2" color="fg.muted">
          <Spinner size="xs" />
          <Text>{t('customer.form.fee.calculating')}</Text>
        </HStack>
      ) : (
        <Stack gap="1" opacity={isCurrent ? 1 : 0.6}>
          <HStack justify="space-between">
            <Text color="fg.muted">
              {isInstallment && totalCents
                ? t('customer.form.fee.installmentFee', { amount: formatKes(base ?? 0n) })
                : t('customer.form.fee.escrowFee')}
            </Text>
            <Text fontWeight="medium" data-testid="charge-total" whiteSpace="nowrap" flexShrink={0}>
              {Number(charge.total) === 0 ? t('customer.form.fee.free') : kes(charge.total)}
            </Text>
          </HStack>
          <HStack justify="space-between">
            <Text color="fg.muted">{t('customer.form.fee.yourShare')}</Text>
            <Text fontWeight="medium" data-testid="charge-buyer-share" whiteSpace="nowrap" flexShrink={0}>
              {kes(charge.buyer_share)}
            </Text>
          </HStack>
          <HStack justify="space-between" borderTopWidth="1px" borderColor="teal.muted" pt="1" mt="1">
            <Text fontWeight="semibold">{t(isInstallment ? 'customer.form.fee.firstPayment' : 'customer.form.fee.youPay')}</Text>
            <Text fontWeight="bold" color="brand.fg" data-testid="charge-upfront" whiteSpace="nowrap" flexShrink={0}>
              {formatKes(upfront)}
            </Text>
          </HStack>
        </Stack>
      )}
    </Box>
  );
}
