/**
 * The FAQ (docs/product-rules.md §2): one question open at a time; clicking a question toggles it. Buttons with
 * aria-expanded controlling labelled regions (the WAI-ARIA accordion pattern), without a state machine.
 */
import { Box, chakra, Heading, Stack, Text } from '@chakra-ui/react';
import { ChevronDown } from 'lucide-react';
import { useId, useState } from 'react';

export interface FaqItem {
  question: string;
  answer: string;
}

export function FaqAccordion({ items, defaultOpen = 0 }: { items: FaqItem[]; defaultOpen?: number | null }) {
  const [openIndex, setOpenIndex] = useState<number | null>(defaultOpen);
  const baseId = useId();
  return (
    <Stack gap="3" data-testid="faq">
      {items.map((item, index) => {
        const isOpen = openIndex === index;
        const buttonId = `${baseId}-q${index}`;
        const panelId = `${baseId}-a${index}`;
        return (
          <Box
            key={item.question}
            borderWidth="1px"
            borderRadius="l3"
            bg="bg"
            borderColor={isOpen ? 'teal.border' : 'border'}
            transition="border-color 0.15s"
          >
            <Heading as="h3" size="md" m="0">
              <chakra.button
                id={buttonId}
                type="button"
                aria-expanded={isOpen}
                aria-controls={panelId}
                onClick={() => setOpenIndex(isOpen ? null : index)}
                display="flex"
                w="full"
                alignItems="center"
                justifyContent="space-between"
                gap="4"
                px={{ base: '4', md: '6' }}
                py="4"
                textAlign="start"
                fontWeight="semibold"
                fontSize={{ base: 'md', md: 'lg' }}
                cursor="pointer"
                borderRadius="l3"
                _hover={{ color: 'brand.fg' }}
                _focusVisible={{ outline: '2px solid', outlineColor: 'teal.focusRing', outlineOffset: '2px' }}
              >
                {item.question}
                <Box
                  as={ChevronDown}
                  aria-hidden
                  flexShrink={0}
                  transition="transform 0.2s"
                  transform={isOpen ? 'rotate(180deg)' : undefined}
                />
              </chakra.button>
            </Heading>
            <Box id={panelId} role="region" aria-labelledby={buttonId} hidden={!isOpen} px={{ base: '4', md: '6' }} pb="5">
              <Text color="fg.muted">{item.answer}</Text>
            </Box>
          </Box>
        );
      })}
    </Stack>
  );
}
