/**
 * The detailed fee table (docs/product-rules.md §2): the first 15 of the 26 bands, each service's fee, and a "Your Share"
 * column with half the selected service's fee, or "Free" when it is zero.
 */
import { Table, Text } from '@chakra-ui/react';
import { FEE_BANDS, type FeeType } from '@escrow/core/domain/fees';
import { divideRoundHalfUp, formatKes } from '@escrow/core/domain/money';
import { PRICED_SERVICES } from './services';

export const TABLE_BANDS = 15;

const shillings = (value: number) => value.toLocaleString('en-KE');

export function FeeTable({ type }: { type: FeeType }) {
  const bands = FEE_BANDS.slice(0, TABLE_BANDS);
  return (
    <>
      <Table.ScrollArea borderWidth="1px" borderRadius="l3">
        <Table.Root size="sm" interactive data-testid="fee-table">
          <Table.Caption srOnly>Fees in KES by amount band for each service, and your share for the selected service</Table.Caption>
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>Amount (KES)</Table.ColumnHeader>
              {PRICED_SERVICES.map((service) => (
                <Table.ColumnHeader
                  key={service.type}
                  textAlign="end"
                  color={service.type === type ? 'brand.fg' : undefined}
                  // On narrow screens only the selected service and "Your Share" fit.
                  display={service.type === type ? undefined : { base: 'none', md: 'table-cell' }}
                >
                  {service.name}
                </Table.ColumnHeader>
              ))}
              <Table.ColumnHeader textAlign="end">Your Share</Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {bands.map((band) => {
              const selectedFee = band[type];
              return (
                <Table.Row key={band.min}>
                  <Table.Cell whiteSpace="nowrap">
                    {shillings(band.min)} – {shillings(band.max)}
                  </Table.Cell>
                  {PRICED_SERVICES.map((service) => (
                    <Table.Cell
                      key={service.type}
                      textAlign="end"
                      fontWeight={service.type === type ? 'semibold' : undefined}
                      bg={service.type === type ? 'brand.subtle' : undefined}
                      display={service.type === type ? undefined : { base: 'none', md: 'table-cell' }}
                    >
                      {formatKes(BigInt(band[service.type]) * 100n)}
                    </Table.Cell>
                  ))}
                  <Table.Cell textAlign="end" fontWeight="semibold" color="brand.fg">
                    {selectedFee === 0 ? 'Free' : formatKes(divideRoundHalfUp(BigInt(selectedFee) * 100n, 2n))}
                  </Table.Cell>
                </Table.Row>
              );
            })}
          </Table.Body>
        </Table.Root>
      </Table.ScrollArea>
      <Text fontSize="sm" color="fg.muted" mt="3" data-testid="fee-table-note">
        Showing the first {TABLE_BANDS} of {FEE_BANDS.length} fee bands (amounts up to KES {shillings(bands.at(-1)!.max)}). Fees for larger
        amounts, up to KES 500,000, are available in the calculator above and from our API at /api/v1/charges.
      </Text>
    </>
  );
}
