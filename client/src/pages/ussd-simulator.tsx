/** /ussd-simulator: try *384*40# in the browser, against the real USSD endpoint. */
import { Box, Code, Container, Grid, Heading, List, Stack, Text } from '@chakra-ui/react';
import { USSD_SERVICE_CODE } from '@escrow/core/contract/ussd';
import { Fragment, type ReactNode } from 'react';
import { UssdPhone } from '@/features/ussd/components/ussd-phone';
import { useT, type MessageKey, type Translate } from '@/i18n';

/** Marks a slot in a translated text; no catalog text contains it. */
const SLOT = '\u0000';

/**
 * A catalog text whose `{{name}}` slots hold elements (a bold word, a code), which `t` cannot put in a
 * string: each slot is marked, and the text split around the marks.
 */
function withElements(t: Translate, key: MessageKey, elements: Record<string, ReactNode>): ReactNode {
  const marked = t(key, Object.fromEntries(Object.keys(elements).map((name) => [name, `${SLOT}${name}${SLOT}`])));
  return marked.split(SLOT).map((part, index) => <Fragment key={index}>{index % 2 === 1 ? elements[part] : part}</Fragment>);
}

export default function UssdSimulatorPage() {
  const { t } = useT();
  const tips = [
    withElements(t, 'public.ussdSimulator.tips.reply', {
      send: <b>{t('public.ussdSimulator.phone.send')}</b>,
      back: <Code>0</Code>,
      home: <Code>00</Code>,
    }),
    withElements(t, 'public.ussdSimulator.tips.register', { buyer: <Code>0711000101</Code>, seller: <Code>0711000202</Code> }),
    withElements(t, 'public.ussdSimulator.tips.payment', { cancels: <Code>1032</Code>, noFunds: <Code>0001</Code> }),
    t('public.ussdSimulator.tips.sameAccount'),
    t('public.ussdSimulator.tips.language'),
  ];
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
            {t('public.ussdSimulator.title')}
          </Heading>
          <Text color="fg.muted" fontSize="lg">
            {withElements(t, 'public.ussdSimulator.lead', { code: <b>{USSD_SERVICE_CODE}</b> })}
          </Text>
        </Stack>
        <Box gridArea="phone">
          <UssdPhone />
        </Box>
        <Box as="section" aria-labelledby="ussd-tips" gridArea="tips">
          <Heading as="h2" id="ussd-tips" size="md" mb="2">
            {t('public.ussdSimulator.tipsTitle')}
          </Heading>
          <List.Root gap="2" ps="5" color="fg.muted">
            {tips.map((tip, index) => (
              <List.Item key={index}>{tip}</List.Item>
            ))}
          </List.Root>
        </Box>
      </Grid>
    </Container>
  );
}
