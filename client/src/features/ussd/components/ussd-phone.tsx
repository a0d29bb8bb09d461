/**
 * A feature phone on the page: a number to dial from, the screen the network sends (CON / END), a
 * reply field with a keypad, Send and Cancel. It talks to POST /api/ussd/simulator (same menus as the gateway's callback), one session id per
 * dial, so everything done here is done for real (with the M-Pesa and SMS mocks behind it).
 */
import { Alert, Box, Button, chakra, Field, HStack, Input, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { Phone, PhoneOff, Send } from 'lucide-react';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { USSD_SERVICE_CODE } from '@escrow/core/contract/ussd';
import { useT } from '@/i18n';
import { useUssdSession } from '../hooks/use-ussd-session';

/** The demo buyer (README): registered on the web, so the first dial asks for a USSD PIN. */
export const DEFAULT_SIMULATOR_PHONE = '0711000101';
const KEYS = ['1', '2', '3', '4', '5', '6', '7', '8', '9', '*', '0', '#'] as const;
/** A USSD reply is short; the network refuses long ones. */
const REPLY_MAX = 160;

export function UssdPhone({ defaultPhone = DEFAULT_SIMULATOR_PHONE }: { defaultPhone?: string }) {
  const ussd = useUssdSession();
  const { t } = useT();
  const [phoneNumber, setPhoneNumber] = useState(defaultPhone);
  const [reply, setReply] = useState('');
  const replyRef = useRef<HTMLInputElement>(null);
  const screenId = useId();
  const isOpen = ussd.status === 'open';

  // Each new screen puts the cursor back in the reply field, as a handset does.
  useEffect(() => {
    if (ussd.screen?.kind === 'CON') replyRef.current?.focus();
  }, [ussd.screen]);

  const dial = (event: FormEvent) => {
    event.preventDefault();
    setReply('');
    void ussd.dial(phoneNumber);
  };

  const send = (event: FormEvent) => {
    event.preventDefault();
    if (!isOpen || ussd.isWaiting) return;
    const input = reply;
    setReply('');
    void ussd.reply(input);
  };

  const press = (key: string) => {
    setReply((current) => (current + key).slice(0, REPLY_MAX));
    replyRef.current?.focus();
  };

  const cancel = () => {
    setReply('');
    ussd.hangUp();
  };

  return (
    <Stack gap="6" w="full" maxW="sm" mx="auto">
      <chakra.form onSubmit={dial} aria-label={t('public.ussdSimulator.phone.dialForm')}>
        <Stack gap="3">
          <Field.Root>
            <Field.Label>{t('public.ussdSimulator.phone.phoneNumber')}</Field.Label>
            <Input
              name="phone"
              type="tel"
              inputMode="tel"
              autoComplete="tel"
              value={phoneNumber}
              onChange={(event) => setPhoneNumber(event.target.value)}
              maxLength={20}
            />
            <Field.HelperText>{t('public.ussdSimulator.phone.phoneHelper')}</Field.HelperText>
          </Field.Root>
          <Button
            type="submit"
            colorPalette="teal"
            loading={ussd.isWaiting && !isOpen}
            loadingText={t('public.ussdSimulator.phone.dialling')}
          >
            <Phone aria-hidden /> {t('public.ussdSimulator.phone.dial', { code: USSD_SERVICE_CODE })}
          </Button>
        </Stack>
      </chakra.form>

      <Box
        borderWidth="2px"
        borderColor="border.emphasized"
        borderRadius="3xl"
        bg="bg.panel"
        p={{ base: '3', sm: '4' }}
        shadow="md"
        data-testid="ussd-phone"
      >
        <Box
          id={screenId}
          role="region"
          aria-label={t('public.ussdSimulator.phone.screen')}
          aria-live="polite"
          aria-busy={ussd.isWaiting}
          data-testid="ussd-screen"
          data-kind={ussd.screen?.kind ?? 'none'}
          bg="bg.muted"
          color="fg"
          borderWidth="1px"
          borderColor="border"
          borderRadius="lg"
          p="3"
          minH="13rem"
          fontFamily="mono"
          fontSize="sm"
          lineHeight="1.5"
          whiteSpace="pre-wrap"
          overflowWrap="anywhere"
        >
          {ussd.screen ? (
            <>
              <Text as="span">{ussd.screen.text}</Text>
              {ussd.screen.kind === 'END' && (
                <Text mt="3" fontSize="xs" color="fg.muted" fontFamily="body">
                  {t('public.ussdSimulator.phone.sessionEnded')}
                </Text>
              )}
            </>
          ) : (
            <Text color="fg.muted" fontFamily="body">
              {ussd.isWaiting
                ? t('public.ussdSimulator.phone.connecting')
                : t('public.ussdSimulator.phone.idle', { code: USSD_SERVICE_CODE })}
            </Text>
          )}
        </Box>

        {ussd.error && (
          <Alert.Root status="error" mt="3" size="sm">
            <Alert.Indicator />
            <Alert.Description>{ussd.error}</Alert.Description>
          </Alert.Root>
        )}

        <chakra.form onSubmit={send} mt="3" aria-label={t('public.ussdSimulator.phone.replyForm')}>
          <Stack gap="3">
            <Input
              ref={replyRef}
              name="reply"
              aria-label={t('public.ussdSimulator.phone.reply')}
              aria-describedby={screenId}
              autoComplete="off"
              value={reply}
              onChange={(event) => setReply(event.target.value.slice(0, REPLY_MAX))}
              disabled={!isOpen}
              placeholder={isOpen ? t('public.ussdSimulator.phone.replyPlaceholder') : ''}
            />
            <SimpleGrid columns={3} gap="2" role="group" aria-label={t('public.ussdSimulator.phone.keypad')}>
              {KEYS.map((key) => (
                <Button
                  key={key}
                  type="button"
                  variant="subtle"
                  size="lg"
                  fontFamily="mono"
                  onClick={() => press(key)}
                  disabled={!isOpen}
                  aria-label={t('public.ussdSimulator.phone.key', { key })}
                >
                  {key}
                </Button>
              ))}
            </SimpleGrid>
            <HStack gap="2">
              <Button
                type="button"
                flex="1"
                variant="outline"
                colorPalette="red"
                onClick={cancel}
                disabled={ussd.status === 'idle' && !ussd.error}
              >
                <PhoneOff aria-hidden /> {t('public.ussdSimulator.phone.cancel')}
              </Button>
              <Button
                type="submit"
                flex="1"
                colorPalette="teal"
                disabled={!isOpen}
                loading={ussd.isWaiting && isOpen}
                loadingText={t('public.ussdSimulator.phone.sending')}
              >
                <Send aria-hidden /> {t('public.ussdSimulator.phone.send')}
              </Button>
            </HStack>
          </Stack>
        </chakra.form>
      </Box>
    </Stack>
  );
}
