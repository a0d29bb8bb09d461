/** "No internet? Dial *384*40#": the USSD access box (docs/product-rules.md §1, §2). */
import { Box, Button, Stack, Text } from '@chakra-ui/react';
import { Smartphone } from 'lucide-react';
import { useT } from '@/i18n';
import { Link } from '@/i18n/link';
import { USSD_CODE } from '../constants';

export function UssdBox({ title, note }: { title?: string; note?: string }) {
  const { t } = useT();
  return (
    <Box borderWidth="1px" borderStyle="dashed" borderColor="teal.border" borderRadius="l3" p="5" bg="brand.subtle" data-testid="ussd-box">
      <Stack gap="2">
        <Text fontWeight="semibold" display="flex" alignItems="center" gap="2">
          <Smartphone size={18} aria-hidden /> {title ?? t('public.ussd.title')}
        </Text>
        <Text fontSize="sm" color="fg.muted">
          {t('public.ussd.dial')}
        </Text>
        <Text fontFamily="mono" fontSize="3xl" fontWeight="bold" color="brand.fg" lineHeight="1">
          {USSD_CODE}
        </Text>
        <Text fontSize="sm" color="fg.muted">
          {note ?? t('public.ussd.note')}
        </Text>
        <Button asChild size="sm" variant="outline" alignSelf="flex-start" bg="bg">
          <Link to="/ussd-simulator">{t('public.ussd.simulator')}</Link>
        </Button>
      </Stack>
    </Box>
  );
}
