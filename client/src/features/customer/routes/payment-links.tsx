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
import { useCreatePaymentLink, useDisablePaymentLink, usePaymentLinks, type PaymentLink } from '../api/payment-links';
import { PageHeader } from '../components/customer-layout';
import { FormStack } from '../components/form-stack';
import { ErrorState, LoadingState, errorMessage } from '../components/query-state';
import { StatusBadge } from '@/components/status-badge';
import { ApiError } from '@/lib/api';
import { formatDateTime } from '@/lib/format';
import { formatKes } from '@escrow/core/domain/money';
import { cents } from '../money';

const STATUS_LOOK: Record<PaymentLinkStatus, { label: string; palette: string }> = {
  active: { label: 'Active', palette: 'green' },
  sold_out: { label: 'Sold out', palette: 'orange' },
  expired: { label: 'Expired', palette: 'gray' },
  disabled: { label: 'Disabled', palette: 'red' },
};

const TYPES = [
  { value: 'standard', label: 'Standard escrow' },
  { value: 'protected', label: 'Protected (dispute cover)' },
  { value: 'lipa_mdogo_mdogo', label: 'Lipa Mdogo Mdogo (over KES 10,000)' },
] as const;

function CreateLinkForm() {
  const create = useCreatePaymentLink();
  const [form, setForm] = useState({ product: '', amount: '', type: 'standard', description: '', quantity: '1', expires: '' });
  const set = (key: keyof typeof form) => (event: { target: { value: string } }) => setForm({ ...form, [key]: event.target.value });
  const fieldErrors = create.error instanceof ApiError ? (create.error.errors ?? {}) : {};
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const quantity = form.quantity.trim() === '' ? null : Number(form.quantity);
    create.mutate(
      {
        product_name: form.product.trim(),
        amount: form.amount.trim(),
        transaction_type: form.type as 'standard' | 'protected' | 'lipa_mdogo_mdogo',
        ...(form.description.trim() ? { description: form.description.trim() } : {}),
        quantity,
        ...(form.expires ? { expires_at: new Date(form.expires).toISOString() } : {}),
      },
      { onSuccess: () => setForm({ product: '', amount: '', type: form.type, description: '', quantity: '1', expires: '' }) },
    );
  };
  return (
    <Card.Root variant="outline">
      <Card.Body>
        <FormStack gap="4" onSubmit={submit} noValidate aria-labelledby="new-link-heading">
          <Text as="h2" id="new-link-heading" fontWeight="semibold">
            New payment link
          </Text>
          <Field.Root required invalid={!!fieldErrors.product_name}>
            <Field.Label htmlFor="link-product">Product</Field.Label>
            <Input
              id="link-product"
              value={form.product}
              onChange={set('product')}
              maxLength={100}
              placeholder="e.g. Ankara dress, size M"
            />
            <Field.ErrorText>{fieldErrors.product_name?.[0]}</Field.ErrorText>
          </Field.Root>
          <Stack direction={{ base: 'column', sm: 'row' }} gap="4">
            <Field.Root required invalid={!!fieldErrors.amount}>
              <Field.Label htmlFor="link-amount">Price</Field.Label>
              <InputGroup startAddon="KES">
                <Input id="link-amount" value={form.amount} onChange={set('amount')} inputMode="numeric" placeholder="2500" />
              </InputGroup>
              <Field.ErrorText>{fieldErrors.amount?.[0]}</Field.ErrorText>
            </Field.Root>
            <Field.Root required>
              <Field.Label htmlFor="link-type">Type</Field.Label>
              <NativeSelect.Root>
                <NativeSelect.Field id="link-type" value={form.type} onChange={set('type')}>
                  {TYPES.map((option) => (
                    <option key={option.value} value={option.value}>
                      {option.label}
                    </option>
                  ))}
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
            </Field.Root>
          </Stack>
          <Field.Root invalid={!!fieldErrors.description}>
            <Field.Label htmlFor="link-description">Description (optional)</Field.Label>
            <Textarea id="link-description" value={form.description} onChange={set('description')} maxLength={500} rows={2} />
            <Field.ErrorText>{fieldErrors.description?.[0]}</Field.ErrorText>
          </Field.Root>
          <Stack direction={{ base: 'column', sm: 'row' }} gap="4">
            <Field.Root invalid={!!fieldErrors.quantity}>
              <Field.Label htmlFor="link-quantity">How many buyers</Field.Label>
              <Input id="link-quantity" value={form.quantity} onChange={set('quantity')} inputMode="numeric" />
              <Field.HelperText>Empty: no limit</Field.HelperText>
              <Field.ErrorText>{fieldErrors.quantity?.[0]}</Field.ErrorText>
            </Field.Root>
            <Field.Root invalid={!!fieldErrors.expires_at}>
              <Field.Label htmlFor="link-expires">Expires (optional)</Field.Label>
              <Input id="link-expires" type="datetime-local" value={form.expires} onChange={set('expires')} />
              <Field.ErrorText>{fieldErrors.expires_at?.[0]}</Field.ErrorText>
            </Field.Root>
          </Stack>
          {create.isError && Object.keys(fieldErrors).length === 0 ? (
            <Text color="fg.error" role="alert">
              {errorMessage(create.error, 'Could not create the link. Try again.')}
            </Text>
          ) : null}
          {create.data ? (
            <Alert.Root status="success" borderRadius="l2">
              <Alert.Indicator />
              <Alert.Description>Link created: share it below.</Alert.Description>
            </Alert.Root>
          ) : null}
          <Button type="submit" colorPalette="brand" alignSelf="flex-start" loading={create.isPending}>
            Create link
          </Button>
        </FormStack>
      </Card.Body>
    </Card.Root>
  );
}

function LinkCard({ link }: { link: PaymentLink }) {
  const disable = useDisablePaymentLink();
  const [copied, setCopied] = useState(false);
  const look = STATUS_LOOK[link.status];
  const share = `https://wa.me/?text=${encodeURIComponent(`${link.product_name} — ${formatKes(cents(link.amount))}, paid safely by M-Pesa escrow: ${link.url}`)}`;
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
              {formatKes(cents(link.amount))} · {link.checkouts} {link.checkouts === 1 ? 'checkout' : 'checkouts'}
              {link.units_left !== null ? ` · ${link.units_left} left` : ''}
            </Text>
          </Stack>
          <Badge colorPalette={look.palette}>{look.label}</Badge>
        </HStack>
        <Text fontSize="sm" fontFamily="mono" wordBreak="break-all" data-testid="payment-link-url">
          {link.url}
        </Text>
        <Text fontSize="sm">
          Held in escrow now: <strong>{formatKes(cents(link.held))}</strong>
          {link.expires_at ? ` · expires ${formatDateTime(link.expires_at)}` : ''}
        </Text>
        <HStack gap="2" flexWrap="wrap">
          <Button size="sm" variant="outline" onClick={copy}>
            <Copy size={16} aria-hidden /> {copied ? 'Copied' : 'Copy link'}
          </Button>
          <Button size="sm" variant="outline" asChild>
            <a href={share} target="_blank" rel="noreferrer">
              <Share2 size={16} aria-hidden /> WhatsApp
            </a>
          </Button>
          {link.status === 'active' || link.status === 'sold_out' ? (
            <Button size="sm" variant="ghost" colorPalette="red" loading={disable.isPending} onClick={() => disable.mutate(link.code)}>
              Disable
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
  const query = usePaymentLinks();
  return (
    <Stack gap="5">
      <PageHeader title="Payment links" />
      <Text color="fg.muted">
        Sell on WhatsApp, Instagram or Facebook: share a link, the buyer pays into escrow with M-Pesa, and you are paid when they have the
        item.
      </Text>
      <CreateLinkForm />
      {query.isPending ? <LoadingState label="Loading your links" /> : null}
      {query.isError ? <ErrorState title="Could not load your links" error={query.error} onRetry={() => query.refetch()} /> : null}
      {query.data && query.data.length === 0 ? <Text color="fg.muted">No links yet.</Text> : null}
      <Grid templateColumns={{ base: '1fr', lg: 'repeat(2, 1fr)' }} gap="4">
        {query.data?.map((link) => (
          <LinkCard key={link.code} link={link} />
        ))}
      </Grid>
    </Stack>
  );
}
