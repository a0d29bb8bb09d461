/**
 * /dashboard/links — the seller's payment links: create one (product, price, type, description,
 * quantity, expiry), copy or share it (WhatsApp), see each link's checkouts and the money they hold,
 * and disable it (docs/product-rules.md "Payment links").
 */
import { Alert, Badge, Button, Card, Field, Grid, HStack, Input, InputGroup, NativeSelect, Stack, Text, Textarea } from '@chakra-ui/react';
import { Copy, Share2 } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import type { PaymentLinkStatus } from '@escrow/core/domain/payment-link';
import { createPaymentLinkBody, type CreatePaymentLinkBody } from '@escrow/core/contract/payment-links';
import { useCreatePaymentLink, useDisablePaymentLink, usePaymentLinks, type PaymentLink } from '../api/payment-links';
import { PageHeader } from '../components/customer-layout';
import { FormStack } from '../components/form-stack';
import { ErrorState, LoadingState, errorMessage, fieldErrorsOf } from '../components/query-state';
import { PlanTermOptions } from '@/components/plan-term-options';
import { StatusBadge } from '@/components/status-badge';
import { useT } from '@/i18n';
import { localizeCustomerMessage } from '@/i18n/customer-messages';
import { formatDateTime } from '@/lib/format';
import { formatKes } from '@escrow/core/domain/money';
import { cents } from '../money';

const STATUS_PALETTE: Record<PaymentLinkStatus, string> = { active: 'green', sold_out: 'orange', expired: 'gray', disabled: 'red' };

const TYPES = ['standard', 'protected', 'lipa_mdogo_mdogo'] as const;

type LinkForm = { product: string; amount: string; type: string; months: string; description: string; quantity: string; expires: string };

/**
 * What the form sends to `POST /api/payment-links`. An empty quantity is unlimited (null); anything else is
 * read as a number, NaN when it is not one: `quantityRefusal` stops that before it is sent, as JSON would
 * write NaN as null, an unlimited link.
 */
export function createLinkBody(form: LinkForm): CreatePaymentLinkBody {
  const quantity = form.quantity.trim() === '' ? null : Number(form.quantity);
  return {
    product_name: form.product.trim(),
    amount: form.amount.trim(),
    transaction_type: form.type as 'standard' | 'protected' | 'lipa_mdogo_mdogo',
    // The plan's length is the seller's to choose (without it the link is always 6 months), as on a new transaction.
    ...(form.type === 'lipa_mdogo_mdogo' ? { installment_months: Number(form.months) } : {}),
    ...(form.description.trim() ? { description: form.description.trim() } : {}),
    quantity,
    ...(form.expires ? { expires_at: new Date(form.expires).toISOString() } : {}),
  };
}

/** Why the contract refuses the quantity of a link about to be created ("two", "1,000", 0), or null. */
export function quantityRefusal(body: CreatePaymentLinkBody): string | null {
  const checked = createPaymentLinkBody.shape.quantity.safeParse(body.quantity);
  return checked.success ? null : (checked.error.issues[0]?.message ?? null);
}

function CreateLinkForm() {
  const { t, language } = useT();
  const create = useCreatePaymentLink();
  const [form, setForm] = useState<LinkForm>({
    product: '',
    amount: '',
    type: 'standard',
    months: '6',
    description: '',
    quantity: '1',
    expires: '',
  });
  const set = (key: keyof typeof form) => (event: { target: { value: string } }) => setForm({ ...form, [key]: event.target.value });
  const [quantityError, setQuantityError] = useState<string | null>(null);
  // Each under its field, in the reader's language.
  const fieldErrors: Partial<Record<string, string>> = {
    ...fieldErrorsOf(create.error, language),
    ...(quantityError ? { quantity: localizeCustomerMessage(quantityError, language) } : {}),
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = createLinkBody(form);
    const refusal = quantityRefusal(body);
    setQuantityError(refusal);
    if (refusal) return create.reset();
    create.mutate(body, {
      onSuccess: () =>
        setForm({ product: '', amount: '', type: form.type, months: form.months, description: '', quantity: '1', expires: '' }),
    });
  };
  return (
    <Card.Root variant="outline">
      <Card.Body>
        <FormStack gap="4" onSubmit={submit} noValidate aria-labelledby="new-link-heading">
          <Text as="h2" id="new-link-heading" fontWeight="semibold">
            {t('customer.paymentLinks.newHeading')}
          </Text>
          <Field.Root required invalid={!!fieldErrors.product_name}>
            <Field.Label htmlFor="link-product">{t('customer.paymentLinks.product')}</Field.Label>
            <Input
              id="link-product"
              value={form.product}
              onChange={set('product')}
              maxLength={100}
              placeholder={t('customer.paymentLinks.productPlaceholder')}
            />
            <Field.ErrorText>{fieldErrors.product_name}</Field.ErrorText>
          </Field.Root>
          <Stack direction={{ base: 'column', sm: 'row' }} gap="4">
            <Field.Root required invalid={!!fieldErrors.amount}>
              <Field.Label htmlFor="link-amount">{t('customer.paymentLinks.price')}</Field.Label>
              <InputGroup startAddon="KES">
                <Input id="link-amount" value={form.amount} onChange={set('amount')} inputMode="numeric" placeholder="2500" />
              </InputGroup>
              <Field.ErrorText>{fieldErrors.amount}</Field.ErrorText>
            </Field.Root>
            <Field.Root required>
              <Field.Label htmlFor="link-type">{t('customer.paymentLinks.type')}</Field.Label>
              <NativeSelect.Root>
                <NativeSelect.Field id="link-type" value={form.type} onChange={set('type')}>
                  {TYPES.map((type) => (
                    <option key={type} value={type}>
                      {t(`customer.paymentLinks.types.${type}`)}
                    </option>
                  ))}
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
            </Field.Root>
          </Stack>
          {form.type === 'lipa_mdogo_mdogo' ? (
            <Field.Root invalid={!!fieldErrors.installment_months}>
              <Field.Label htmlFor="link-months">{t('customer.form.months')}</Field.Label>
              <NativeSelect.Root>
                <NativeSelect.Field id="link-months" value={form.months} onChange={set('months')}>
                  <PlanTermOptions />
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
              <Field.ErrorText>{fieldErrors.installment_months}</Field.ErrorText>
            </Field.Root>
          ) : null}
          <Field.Root invalid={!!fieldErrors.description}>
            <Field.Label htmlFor="link-description">{t('customer.paymentLinks.description')}</Field.Label>
            <Textarea id="link-description" value={form.description} onChange={set('description')} maxLength={500} rows={2} />
            <Field.ErrorText>{fieldErrors.description}</Field.ErrorText>
          </Field.Root>
          <Stack direction={{ base: 'column', sm: 'row' }} gap="4">
            <Field.Root invalid={!!fieldErrors.quantity}>
              <Field.Label htmlFor="link-quantity">{t('customer.paymentLinks.quantity')}</Field.Label>
              <Input id="link-quantity" value={form.quantity} onChange={set('quantity')} inputMode="numeric" />
              <Field.HelperText>{t('customer.paymentLinks.quantityHelp')}</Field.HelperText>
              <Field.ErrorText>{fieldErrors.quantity}</Field.ErrorText>
            </Field.Root>
            <Field.Root invalid={!!fieldErrors.expires_at}>
              <Field.Label htmlFor="link-expires">{t('customer.paymentLinks.expires')}</Field.Label>
              <Input id="link-expires" type="datetime-local" value={form.expires} onChange={set('expires')} />
              <Field.ErrorText>{fieldErrors.expires_at}</Field.ErrorText>
            </Field.Root>
          </Stack>
          {create.isError && Object.keys(fieldErrors).length === 0 ? (
            <Text color="fg.error" role="alert">
              {errorMessage(create.error, t('customer.paymentLinks.createFailed'), language)}
            </Text>
          ) : null}
          {create.data ? (
            <Alert.Root status="success" borderRadius="l2">
              <Alert.Indicator />
              <Alert.Description>{t('customer.paymentLinks.created')}</Alert.Description>
            </Alert.Root>
          ) : null}
          <Button type="submit" colorPalette="brand" alignSelf="flex-start" loading={create.isPending}>
            {t('customer.paymentLinks.create')}
          </Button>
        </FormStack>
      </Card.Body>
    </Card.Root>
  );
}

function LinkCard({ link }: { link: PaymentLink }) {
  const { t, language } = useT();
  const disable = useDisablePaymentLink();
  const [copied, setCopied] = useState(false);
  const share = `https://wa.me/?text=${encodeURIComponent(
    t('customer.paymentLinks.shareText', { product: link.product_name, price: formatKes(cents(link.amount)), url: link.url }),
  )}`;
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link.url);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  };
  return (
    <Card.Root variant="outline" data-testid="payment-link">
      <Card.Body gap="3">
        <HStack justify="space-between" align="flex-start" gap="3">
          <Stack gap="0" minW="0">
            <Text fontWeight="semibold" truncate>
              {link.product_name}
            </Text>
            <Text fontSize="sm" color="fg.muted">
              {formatKes(cents(link.amount))} ·{' '}
              {t(link.checkouts === 1 ? 'customer.paymentLinks.checkoutOne' : 'customer.paymentLinks.checkoutMany', {
                count: link.checkouts,
              })}
              {link.units_left !== null ? t('customer.paymentLinks.unitsLeft', { count: link.units_left }) : ''}
            </Text>
          </Stack>
          <Badge colorPalette={STATUS_PALETTE[link.status]}>{t(`customer.paymentLinks.statuses.${link.status}`)}</Badge>
        </HStack>
        <Text fontSize="sm" fontFamily="mono" wordBreak="break-all" data-testid="payment-link-url">
          {link.url}
        </Text>
        <Text fontSize="sm">
          {t('customer.paymentLinks.held')} <strong>{formatKes(cents(link.held))}</strong>
          {link.expires_at ? t('customer.paymentLinks.expiresOn', { date: formatDateTime(link.expires_at, language) }) : ''}
        </Text>
        <HStack gap="2" flexWrap="wrap">
          <Button size="sm" variant="outline" onClick={copy}>
            <Copy size={16} aria-hidden /> {copied ? t('customer.paymentLinks.copied') : t('customer.paymentLinks.copy')}
          </Button>
          <Button size="sm" variant="outline" asChild>
            <a href={share} target="_blank" rel="noreferrer">
              <Share2 size={16} aria-hidden /> WhatsApp
            </a>
          </Button>
          {link.status === 'active' || link.status === 'sold_out' ? (
            <Button size="sm" variant="ghost" colorPalette="red" loading={disable.isPending} onClick={() => disable.mutate(link.code)}>
              {t('customer.paymentLinks.disable')}
            </Button>
          ) : null}
        </HStack>
        {link.recent_checkouts.length > 0 ? (
          <Stack gap="1" as="ul" listStyleType="none" fontSize="sm">
            {link.recent_checkouts.map((checkout) => (
              <HStack as="li" key={checkout.id} justify="space-between" gap="2">
                <Link to={`/dashboard/transactions/${checkout.id}`}>
                  {checkout.reference_number} · {checkout.buyer.display_name}
                </Link>
                <StatusBadge status={checkout.status} />
              </HStack>
            ))}
          </Stack>
        ) : null}
      </Card.Body>
    </Card.Root>
  );
}

export default function PaymentLinksScreen() {
  const { t } = useT();
  const query = usePaymentLinks();
  return (
    <Stack gap="5">
      <PageHeader title={t('customer.paymentLinks.title')} />
      <Text color="fg.muted">{t('customer.paymentLinks.intro')}</Text>
      <CreateLinkForm />
      {query.isPending ? <LoadingState label={t('customer.paymentLinks.loading')} /> : null}
      {query.isError ? (
        <ErrorState title={t('customer.paymentLinks.loadFailed')} error={query.error} onRetry={() => query.refetch()} />
      ) : null}
      {query.data && query.data.length === 0 ? <Text color="fg.muted">{t('customer.paymentLinks.empty')}</Text> : null}
      <Grid templateColumns={{ base: '1fr', lg: 'repeat(2, 1fr)' }} gap="4">
        {query.data?.map((link) => (
          <LinkCard key={link.code} link={link} />
        ))}
      </Grid>
    </Stack>
  );
}
