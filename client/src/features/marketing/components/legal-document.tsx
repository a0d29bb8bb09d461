/** Long policy pages (terms, privacy, data protection, refunds): numbered sections with a table of contents. */
import { Box, Container, Heading, Link as ChakraLink, List, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';

export type LegalBlock = string | { list: ReactNode[]; ordered?: boolean } | { node: ReactNode };

export interface LegalSection {
  id: string;
  title: string;
  blocks: LegalBlock[];
}

function Block({ block }: { block: LegalBlock }) {
  if (typeof block === 'string') return <Text color="fg.muted">{block}</Text>;
  if ('node' in block) return <>{block.node}</>;
  return (
    <List.Root as={block.ordered ? 'ol' : 'ul'} gap="2" ps="5" color="fg.muted">
      {block.list.map((item, index) => (
        <List.Item key={index}>{item}</List.Item>
      ))}
    </List.Root>
  );
}

export function LegalDocument({
  title,
  updated,
  intro,
  sections,
  numbered = true,
  children,
}: {
  title: string;
  updated?: string;
  intro: ReactNode;
  sections: LegalSection[];
  numbered?: boolean;
  children?: ReactNode;
}) {
  return (
    <Container maxW="4xl" py={{ base: '10', md: '16' }}>
      <Stack gap="4" mb="10">
        <Heading as="h1" size={{ base: '3xl', md: '4xl' }}>
          {title}
        </Heading>
        {updated && (
          <Text fontSize="sm" color="fg.muted">
            Last updated {updated}
          </Text>
        )}
        <Box color="fg.muted" fontSize="lg">
          {intro}
        </Box>
      </Stack>
      <Box as="nav" aria-label="Contents" borderWidth="1px" borderRadius="l3" p="5" mb="10" bg="bg.subtle">
        <Text fontWeight="semibold" mb="2">
          Contents
        </Text>
        <List.Root as="ol" ps="5" gap="1" listStyleType={numbered ? 'decimal' : 'disc'}>
          {sections.map((section) => (
            <List.Item key={section.id}>
              <ChakraLink href={`#${section.id}`} color="brand.fg">
                {section.title}
              </ChakraLink>
            </List.Item>
          ))}
        </List.Root>
      </Box>
      <Stack gap="10">
        {sections.map((section, index) => (
          <Stack as="section" key={section.id} id={section.id} aria-labelledby={`${section.id}-heading`} gap="3" scrollMarginTop="20">
            <Heading as="h2" id={`${section.id}-heading`} size="xl">
              {numbered ? `${index + 1}. ` : ''}
              {section.title}
            </Heading>
            {section.blocks.map((block, blockIndex) => (
              <Block key={blockIndex} block={block} />
            ))}
          </Stack>
        ))}
      </Stack>
      {children}
    </Container>
  );
}
