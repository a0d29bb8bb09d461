/**
 * The detailed fee table (docs/product-rules.md §2): the first 15 of the 26 bands, each service's fee, and a "Your Share"
 * column with half the selected service's fee, or "Free" when it is zero. On a phone only the amount, the
 * selected service's fee and the share are shown, so the table fits a 360 px screen without scrolling.
 */
import { Box, Table, Text } from '@chakra-ui/react';
import { FEE_BANDS, type FeeType } from '@escrow/core/domain/fees';
import { divideRoundHalfUp, formatKes } from '@escrow/core/domain/money';
import { useT } from '@/i18n';
import { PRICED_SERVICES } from './services';

export const TABLE_BANDS = 15;

const shillings = (value: number) => value.toLocaleString('en-KE');

export function FeeTable({ type }: { type: FeeType }) {
  const bands = FEE_BANDS.slice(0, TABLE_BANDS);
  const { t } = useT();
  return (
    <>
      <Table.ScrollArea borderWidth="1px" borderRadius="l3">
        <Table.Root size="sm" interactive data-testid="fee-table" fontSize={{ base: 'xs', sm: 'sm' }}>
          <Table.Caption srOnly>{t('public.pricing.table.caption')}</Table.Caption>
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader px={{ base: '2', sm: '3' }}>{t('public.pricing.table.amount')}</Table.ColumnHeader>
              {PRICED_SERVICES.map((service) => (
                <Table.ColumnHeader
                  key={service.type}
                  textAlign="end"
                  color={service.type === type ? 'brand.fg' : undefined}
                  // On narrow screens only the selected service and "Your Share" fit.
                  display={service.type === type ? undefined : { base: 'none', md: 'table-cell' }}
                  px={{ base: '2', sm: '3' }}
                >
                  {/* A phone shows one service: "Fee" is enough there, and short. */}
                  <Box as="span" hideFrom="md">
                    {t('public.pricing.table.fee')}
                  </Box>
                  <Box as="span" hideBelow="md">
                    {t(`public.pricing.services.${service.key}.name`)}
                  </Box>
                </Table.ColumnHeader>
              ))}
              <Table.ColumnHeader textAlign="end" px={{ base: '2', sm: '3' }}>
                {t('public.pricing.table.yourShare')}
              </Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {bands.map((band) => {
              const selectedFee = band[type];
              return (
                <Table.Row key={band.min}>
                  <Table.Cell whiteSpace="nowrap" px={{ base: '2', sm: '3' }}>
                    {shillings(band.min)} – {shillings(band.max)}
                  </Table.Cell>
                  {PRICED_SERVICES.map((service) => (
                    <Table.Cell
                      key={service.type}
                      textAlign="end"
                      fontWeight={service.type === type ? 'semibold' : undefined}
                      bg={service.type === type ? 'brand.subtle' : undefined}
                      display={service.type === type ? undefined : { base: 'none', md: 'table-cell' }}
                      whiteSpace="nowrap"
                      px={{ base: '2', sm: '3' }}
                    >
                      {formatKes(BigInt(band[service.type]) * 100n)}
                    </Table.Cell>
                  ))}
                  <Table.Cell textAlign="end" fontWeight="semibold" color="brand.fg" whiteSpace="nowrap" px={{ base: '2', sm: '3' }}>
                    {selectedFee === 0 ? t('public.pricing.table.free') : formatKes(divideRoundHalfUp(BigInt(selectedFee) * 100n, 2n))}
                  </Table.Cell>
                </Table.Row>
              );
            })}
          </Table.Body>
        </Table.Root>
      </Table.ScrollArea>
      <Text fontSize="sm" color="fg.muted" mt="3" data-testid="fee-table-note">
        {t('public.pricing.table.note', { shown: TABLE_BANDS, total: FEE_BANDS.length, max: shillings(bands.at(-1)!.max) })}
      </Text>
    </>
  );
}
