/**
 * "Demo — no real money moves", on every page while the server runs on its built-in M-Pesa and SMS
 * mocks. The mode is asked once (GET /api/config) after the first render, so the ribbon never delays a
 * page; it sits in a fixed corner and shifts no layout when it appears. A spacer as tall as the ribbon
 * ends the page, so a phone can always scroll its last line (a button, a field) out from under it.
 */
import { Box } from '@chakra-ui/react';
import { useT } from '@/i18n';
import { usePublicConfig } from '@/lib/public-config';

export function DemoRibbon() {
  const data = usePublicConfig();
  const { t } = useT();
  if (data?.mode !== 'demo') return null;
  return (
    <>
      <Box aria-hidden height="10" />
      <Box
        data-testid="demo-ribbon"
        position="fixed"
        insetStart="2"
        bottom="2"
        zIndex="banner"
        pointerEvents="none"
        bg="orange.700"
        color="white"
        fontSize="xs"
        fontWeight="semibold"
        px="2.5"
        py="1"
        borderRadius="full"
        boxShadow="sm"
      >
        {t('common.demoRibbon')}
      </Box>
    </>
  );
}
