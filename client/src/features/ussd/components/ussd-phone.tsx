/**
 * A feature phone on the page: a number to dial from, the screen the network sends (CON / END), a
 * reply field with a keypad, Send and Cancel. It talks to POST /api/ussd/simulator (same menus as the gateway's callback), one session id per
 * dial, so everything done here is done for real (with the M-Pesa and SMS mocks behind it).
 */
import { Alert, Box, Button, chakra, Field, HStack, Input, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { Phone, PhoneOff, Send } from 'lucide-react';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { USSD_SERVICE_CODE } from '@escrow/core/contract/ussd';
import { useUssdSession } from '../hooks/use-ussd-session';

/** The demo buyer (README): registered on the web, so the first dial asks for a USSD PIN. */
export const DEFAULT_SIMULATOR_PHONE = '0711000101';
const KEYS = ['1', '2', '3', '4', '5', '6', '7', '8', '9', '*', '0', '#'] as const;
/** A USSD reply is short; the network refuses long ones. */
const REPLY_MAX = 160;

export function UssdPhone({ defaultPhone = DEFAULT_SIMULATOR_PHONE }: { defaultPhone?: string }) {
  const ussd = useUssdSession();
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
      <chakra.form onSubmit={dial} aria-label="Dial the USSD code">
        <Stack gap="3">
          <Field.Root>
            <Field.Label>Phone number</Field.Label>
            <Input
              name="phone"
              type="tel"
              inputMode="tel"
              autoComplete="tel"
              value={phoneNumber}
              onChange={(event) => setPhoneNumber(event.target.value)}
              maxLength={20}
            />
            <Field.HelperText>Any Kenyan mobile number. The network tells the service who is calling.</Field.HelperText>
          </Field.Root>
          <Button type="submit" colorPalette="teal" loading={ussd.isWaiting && !isOpen} loadingText="Dialling…">
            <Phone aria-hidden /> Dial {USSD_SERVICE_CODE}
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
          aria-label="Phone screen"
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
                  Session ended. Dial again to start a new one.
                </Text>
              )}
            </>
          ) : (
            <Text color="fg.muted" fontFamily="body">
              {ussd.isWaiting ? 'Connecting…' : `Enter a phone number and dial ${USSD_SERVICE_CODE}.`}
            </Text>
          )}
        </Box>

        {ussd.error && (
          <Alert.Root status="error" mt="3" size="sm">
            <Alert.Indicator />
            <Alert.Description>{ussd.error}</Alert.Description>
          </Alert.Root>
        )}

        <chakra.form onSubmit={send} mt="3" aria-label="Reply to the USSD menu">
          <Stack gap="3">
            <Input
              ref={replyRef}
              name="reply"
              aria-label="Your reply"
              aria-describedby={screenId}
              autoComplete="off"
              value={reply}
              onChange={(event) => setReply(event.target.value.slice(0, REPLY_MAX))}
              disabled={!isOpen}
              placeholder={isOpen ? 'Type a reply' : ''}
            />
            <SimpleGrid columns={3} gap="2" role="group" aria-label="Keypad">
              {KEYS.map((key) => (
                <Button
                  key={key}
                  type="button"
                  variant="subtle"
                  size="lg"
                  fontFamily="mono"
                  onClick={() => press(key)}
                  disabled={!isOpen}
                  aria-label={`Key ${key}`}
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
                <PhoneOff aria-hidden /> Cancel
              </Button>
              <Button
                type="submit"
                flex="1"
                colorPalette="teal"
                disabled={!isOpen}
                loading={ussd.isWaiting && isOpen}
                loadingText="Sending…"
              >
                <Send aria-hidden /> Send
              </Button>
            </HStack>
          </Stack>
        </chakra.form>
      </Box>
    </Stack>
  );
}
