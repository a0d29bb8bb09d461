/**
 * The profile's USSD PIN card: whether the account has a PIN (never the PIN itself), its lock, and the
 * way back from a forgotten one: remove it here with the password, then choose a new one by dialling.
 */
import { Alert, Badge, Button, Card, DataList, Field, HStack, Input, Text } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import { useT } from '@/i18n';
import { formatDateTime } from '@/lib/format';
import { useResetUssdPin, useUssdPin } from '../api/profile';
import { errorMessage, fieldErrorOf } from './query-state';
import { FormStack } from './form-stack';

function ForgotPinForm({ onDone, onCancel }: { onDone: () => void; onCancel: () => void }) {
  const { t, language } = useT();
  const reset = useResetUssdPin();
  const [password, setPassword] = useState('');
  const fieldError = fieldErrorOf(reset.error, 'password', language);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    // One request for a double tap: the button is busy from the first.
    if (reset.isPending) return;
    reset.mutate({ password }, { onSuccess: onDone });
  };
  return (
    <FormStack gap="3" onSubmit={submit} noValidate aria-label={t('customer.profile.ussdPin.forgot')}>
      <Text textStyle="sm">{t('customer.profile.ussdPin.forgotHelp')}</Text>
      <Field.Root required invalid={!!fieldError}>
        <Field.Label>{t('customer.profile.ussdPin.password')}</Field.Label>
        <Input type="password" value={password} onChange={(event) => setPassword(event.target.value)} autoComplete="current-password" />
        <Field.ErrorText>{fieldError}</Field.ErrorText>
      </Field.Root>
      {reset.isError && !fieldError ? (
        <Alert.Root status="error" role="alert">
          <Alert.Indicator />
          <Alert.Title>{errorMessage(reset.error, t('customer.profile.ussdPin.failed'), language)}</Alert.Title>
        </Alert.Root>
      ) : null}
      <HStack>
        <Button type="submit" colorPalette="red" loading={reset.isPending} loadingText={t('customer.profile.ussdPin.removing')}>
          {t('customer.profile.ussdPin.remove')}
        </Button>
        <Button variant="ghost" onClick={onCancel} disabled={reset.isPending}>
          {t('customer.profile.ussdPin.cancel')}
        </Button>
      </HStack>
    </FormStack>
  );
}

export function UssdPinCard() {
  const { t, language } = useT();
  const pin = useUssdPin();
  const [isForgetting, setIsForgetting] = useState(false);
  const [isRemoved, setIsRemoved] = useState(false);
  return (
    <Card.Root size={{ base: 'sm', md: 'md' }} data-testid="ussd-pin">
      <Card.Header>
        <Card.Title as="h2" fontSize="md">
          {t('customer.profile.ussdPin.title')}
        </Card.Title>
        <Card.Description>{t('customer.profile.ussdPin.intro')}</Card.Description>
      </Card.Header>
      <Card.Body gap="3">
        {pin.isError ? (
          <Text color="fg.error" role="alert">
            {errorMessage(pin.error, t('customer.profile.ussdPin.loadFailed'), language)}
          </Text>
        ) : pin.data ? (
          <>
            <DataList.Root orientation="horizontal" size="sm">
              <DataList.Item>
                <DataList.ItemLabel>{t('customer.profile.ussdPin.state')}</DataList.ItemLabel>
                <DataList.ItemValue>
                  <Badge colorPalette={pin.data.is_set ? 'green' : 'gray'} variant="subtle" data-testid="ussd-pin-state">
                    {t(pin.data.is_set ? 'customer.profile.ussdPin.set' : 'customer.profile.ussdPin.notSet')}
                  </Badge>
                </DataList.ItemValue>
              </DataList.Item>
            </DataList.Root>
            {pin.data.locked_until ? (
              <Text textStyle="sm" color="fg.warning">
                {t('customer.profile.ussdPin.lockedUntil', { time: formatDateTime(pin.data.locked_until, language) })}
              </Text>
            ) : null}
            {isRemoved ? (
              <Alert.Root status="success" role="status">
                <Alert.Indicator />
                <Alert.Title>{t('customer.profile.ussdPin.removed')}</Alert.Title>
              </Alert.Root>
            ) : !pin.data.is_set ? (
              <Text textStyle="sm">{t('customer.profile.ussdPin.notSetHelp')}</Text>
            ) : isForgetting ? (
              <ForgotPinForm
                onDone={() => {
                  setIsForgetting(false);
                  setIsRemoved(true);
                }}
                onCancel={() => setIsForgetting(false)}
              />
            ) : (
              <HStack>
                <Button variant="outline" size="sm" onClick={() => setIsForgetting(true)}>
                  {t('customer.profile.ussdPin.forgot')}
                </Button>
              </HStack>
            )}
          </>
        ) : null}
      </Card.Body>
    </Card.Root>
  );
}
