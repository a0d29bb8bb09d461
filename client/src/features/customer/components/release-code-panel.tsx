/**
 * The hand-over code on a transaction's page (docs/product-rules.md "Release codes"): the buyer sees
 * their 6-digit code while the money is held (and may send a new one); the seller types the code the
 * buyer or the rider gives them, and the payment is released at once. Never both on one screen: the
 * server shows the code to the buyer only.
 */
import { Alert, Button, Card, Field, HStack, Input, Stack, Text } from '@chakra-ui/react';
import { KeyRound } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useT } from '@/i18n';
import { customerMessageKey } from '@/i18n/customer-messages';
import { useReleaseCode, useReleaseWithCode, useResendReleaseCode } from '../api/payment-links';
import type { TransactionDetail } from '../api/transactions';
import { errorMessage } from './query-state';
import { FormStack } from './form-stack';

const HELD = ['funded', 'dispatched'];
/** Refusals after which typing the same code again cannot help: only a new code from the buyer can. */
const NO_LIVE_CODE = new Set(['customer.messages.codeBurnt', 'customer.messages.noCodeYet']);

function BuyerCode({ detail }: { detail: TransactionDetail }) {
  const { t, language } = useT();
  const txn = detail.transaction;
  const query = useReleaseCode(txn.id, true, txn.status);
  const resend = useResendReleaseCode(txn.id);
  const code = query.data;
  if (!code || code.status === 'none' || code.status === 'closed') {
    return code?.status === 'none' && code.can_resend ? (
      <Button size="sm" variant="outline" onClick={() => resend.mutate()} loading={resend.isPending} alignSelf="flex-start">
        {t('customer.releaseCode.getCode')}
      </Button>
    ) : null;
  }
  return (
    <Stack gap="3">
      {code.status === 'active' && code.code ? (
        <>
          <Text color="fg.muted">
            {t('customer.releaseCode.giveBefore')} <strong>{t('customer.releaseCode.giveStrong')}</strong>{' '}
            {t('customer.releaseCode.giveAfter')}
          </Text>
          <Text
            data-testid="release-code"
            fontFamily="mono"
            fontSize="3xl"
            fontWeight="bold"
            letterSpacing="0.3em"
            color="brand.fg"
            aria-label={t('customer.releaseCode.codeLabel', { digits: code.code.split('').join(' ') })}
          >
            {code.code}
          </Text>
        </>
      ) : null}
      {code.status === 'burnt' ? (
        <Alert.Root status="warning" borderRadius="l2">
          <Alert.Indicator />
          <Alert.Description>{t('customer.releaseCode.burnt')}</Alert.Description>
        </Alert.Root>
      ) : null}
      {code.status === 'used' ? <Text color="fg.muted">{t('customer.releaseCode.used')}</Text> : null}
      {code.can_resend && code.status !== 'used' ? (
        <HStack gap="3" flexWrap="wrap">
          <Button size="sm" variant="outline" onClick={() => resend.mutate()} loading={resend.isPending}>
            {t('customer.releaseCode.resend')}
          </Button>
          {resend.isSuccess ? <Text fontSize="sm">{t('customer.releaseCode.resent')}</Text> : null}
        </HStack>
      ) : null}
      {resend.isError ? (
        <Text color="fg.error" fontSize="sm" role="alert">
          {errorMessage(resend.error, t('customer.releaseCode.errResend'), language)}
        </Text>
      ) : null}
    </Stack>
  );
}

function SellerEntry({ detail }: { detail: TransactionDetail }) {
  const { t, language } = useT();
  const txn = detail.transaction;
  const [code, setCode] = useState('');
  const release = useReleaseWithCode(txn.id);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!/^\d{6}$/.test(code)) return;
    release.mutate(code, { onSuccess: () => setCode('') });
  };
  if (release.isError && NO_LIVE_CODE.has(customerMessageKey(release.error.message) ?? '')) {
    // The form would only refuse again: say what to do, and open it again when the buyer has a new code.
    return (
      <Stack gap="3">
        <Alert.Root status="warning" borderRadius="l2" role="alert">
          <Alert.Indicator />
          <Alert.Description>{errorMessage(release.error, t('customer.releaseCode.errRelease'), language)}</Alert.Description>
        </Alert.Root>
        <Button
          size="sm"
          variant="outline"
          alignSelf="flex-start"
          onClick={() => {
            setCode('');
            release.reset();
          }}
        >
          {t('customer.releaseCode.haveNewCode')}
        </Button>
      </Stack>
    );
  }
  return (
    <FormStack gap="3" onSubmit={submit} noValidate aria-label={t('customer.releaseCode.formLabel')}>
      <Text color="fg.muted">{t('customer.releaseCode.sellerHelp')}</Text>
      <Field.Root invalid={release.isError}>
        <Field.Label htmlFor="release-code-input">{t('customer.releaseCode.inputLabel')}</Field.Label>
        <Input
          id="release-code-input"
          value={code}
          onChange={(event) => setCode(event.target.value.replace(/\D/g, '').slice(0, 6))}
          inputMode="numeric"
          autoComplete="one-time-code"
          placeholder={t('customer.releaseCode.placeholder')}
          maxW="12rem"
          fontFamily="mono"
          letterSpacing="0.2em"
        />
        <Field.ErrorText>
          {release.isError ? errorMessage(release.error, t('customer.releaseCode.errRelease'), language) : null}
        </Field.ErrorText>
      </Field.Root>
      <Button type="submit" colorPalette="brand" alignSelf="flex-start" disabled={code.length !== 6} loading={release.isPending}>
        {t('customer.releaseCode.submit')}
      </Button>
    </FormStack>
  );
}

export function ReleaseCodePanel({ detail }: { detail: TransactionDetail }) {
  const { t } = useT();
  const txn = detail.transaction;
  const isBuyerView = txn.my_role === 'buyer' && HELD.includes(txn.status);
  const isSellerView = txn.my_role === 'seller' && txn.allowed_actions.includes('release_with_code');
  if (!isBuyerView && !isSellerView) return null;
  return (
    <Card.Root variant="outline" aria-labelledby="release-code-heading">
      <Card.Body gap="3">
        <HStack gap="2">
          <KeyRound size={18} aria-hidden />
          <Text as="h2" id="release-code-heading" fontWeight="semibold">
            {t(isBuyerView ? 'customer.releaseCode.buyerHeading' : 'customer.releaseCode.sellerHeading')}
          </Text>
        </HStack>
        {isBuyerView ? <BuyerCode detail={detail} /> : <SellerEntry detail={detail} />}
      </Card.Body>
    </Card.Root>
  );
}
