/** Three service cards that behave as one radio group (native radios: arrow keys and screen readers work as expected). */
import { Box, SimpleGrid, Text } from '@chakra-ui/react';
import type { FeeType } from '@escrow/core/domain/fees';
import { PRICED_SERVICES } from './services';

export function ServiceSelector({ value, onChange }: { value: FeeType; onChange: (type: FeeType) => void }) {
  return (
    <SimpleGrid as="fieldset" columns={{ base: 1, md: 3 }} gap="4" border="0" p="0" m="0" minW="0">
      <Text as="legend" srOnly>
        Service
      </Text>
      {PRICED_SERVICES.map((service) => {
        const isSelected = service.type === value;
        return (
          <Box
            as="label"
            key={service.type}
            display="block"
            cursor="pointer"
            p="5"
            borderWidth="2px"
            borderRadius="l3"
            borderColor={isSelected ? 'brand.solid' : 'border'}
            bg={isSelected ? 'brand.subtle' : 'bg'}
            transition="border-color 0.15s, background 0.15s"
            _hover={{ borderColor: isSelected ? 'brand.solid' : 'border.emphasized' }}
            css={{
              '&:has(input:focus-visible)': {
                outline: '2px solid',
                outlineColor: 'var(--chakra-colors-teal-focus-ring)',
                outlineOffset: '2px',
              },
            }}
            data-selected={isSelected ? '' : undefined}
          >
            <input
              type="radio"
              name="service"
              value={service.type}
              checked={isSelected}
              onChange={() => onChange(service.type)}
              style={{ position: 'absolute', opacity: 0, width: 1, height: 1 }}
            />
            <Text fontWeight="bold" fontSize="lg">
              {service.name}
            </Text>
            <Text fontSize="sm" color="fg.muted">
              {service.summary}
            </Text>
            <Text fontSize="xs" fontFamily="mono" color="fg.muted" mt="2">
              {service.type}
            </Text>
          </Box>
        );
      })}
    </SimpleGrid>
  );
}
