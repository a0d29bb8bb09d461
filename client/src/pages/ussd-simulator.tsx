/** /ussd-simulator: try *384*40# in the browser, against the real USSD endpoint. */
import { Box, Code, Container, Grid, Heading, List, Stack, Text } from '@chakra-ui/react';
import { USSD_SERVICE_CODE } from '@escrow/core/contract/ussd';
import { UssdPhone } from '@/features/ussd/components/ussd-phone';

const TIPS = [
  <>
    Reply with a menu number, then <b>Send</b>. <Code>0</Code> goes back and <Code>00</Code> home, on every screen.
  </>,
  <>
    A new number can register. The demo logins (e.g. <Code>0711000101</Code>, <Code>0711000202</Code>) set a 4-digit USSD PIN on their first
    dial.
  </>,
  <>
    After you create an escrow or choose to pay, the session ends and the M-Pesa prompt is sent: with the test M-Pesa, it is paid a moment
    later. Numbers ending <Code>1032</Code> cancel the prompt and <Code>0001</Code> have no funds.
  </>,
  <>Everything you do here is real on this site: sign in on the web with the same phone to see the same transactions.</>,
  <>Menus come in English and Kiswahili: choose Language/Lugha.</>,
];

export default function UssdSimulatorPage() {
  return (
    <Container maxW="5xl" py={{ base: '10', md: '16' }} px={{ base: '4', md: '6' }}>
      {/* On a phone the simulator comes right after the introduction; the tips follow it. */}
      <Grid
        templateColumns={{ base: '1fr', md: '1fr 1fr' }}
        templateAreas={{ base: '"intro" "phone" "tips"', md: '"intro phone" "tips phone"' }}
        columnGap="12"
        rowGap={{ base: '8', md: '6' }}
        alignItems="start"
      >
        <Stack gap="4" gridArea="intro">
          <Heading as="h1" size={{ base: '2xl', md: '3xl' }}>
            USSD Simulator
          </Heading>
          <Text color="fg.muted" fontSize="lg">
            No smartphone, no data bundle: dial <b>{USSD_SERVICE_CODE}</b> from any phone to buy and sell safely. This simulated phone dials
            the real service.
          </Text>
        </Stack>
        <Box gridArea="phone">
          <UssdPhone />
        </Box>
        <Box as="section" aria-labelledby="ussd-tips" gridArea="tips">
          <Heading as="h2" id="ussd-tips" size="md" mb="2">
            How to use it
          </Heading>
          <List.Root gap="2" ps="5" color="fg.muted">
            {TIPS.map((tip, index) => (
              <List.Item key={index}>{tip}</List.Item>
            ))}
          </List.Root>
        </Box>
      </Grid>
    </Container>
  );
}
