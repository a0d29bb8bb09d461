/** The login page's USSD box (docs/product-rules.md §2): the short code for phones without internet, and the simulator. */
import { Box, HStack, Link as ChakraLink, Stack, Text } from '@chakra-ui/react';
import { Smartphone } from 'lucide-react';
import { useT } from '@/i18n';
import { Link } from '@/i18n/link';

export const USSD_CODE = '*384*40#';

export function UssdQuickAccess() {
  const { t } = useT();
  return (
    <Box as="aside" aria-label={t('auth.ussd.label')} borderWidth="1px" borderColor="brand.muted" bg="brand.subtle" borderRadius="lg" p="4">
      <HStack gap="3" align="flex-start">
        <Box color="brand.fg" mt="0.5">
          <Smartphone aria-hidden />
        </Box>
        <Stack gap="1">
          <Text fontSize="sm" color="fg.muted">
            {t('auth.ussd.noInternet')}
          </Text>
          <Text fontWeight="bold" fontSize="xl" fontFamily="mono" color="brand.fg">
            {USSD_CODE}
          </Text>
          <ChakraLink asChild fontSize="sm" color="brand.fg" fontWeight="medium">
            <Link to="/ussd-simulator">{t('auth.ussd.trySimulator')}</Link>
          </ChakraLink>
        </Stack>
      </HStack>
    </Box>
  );
}
