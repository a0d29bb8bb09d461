import { Box, Flex, Heading, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/** A page's title row: its one h1, a line under it, and actions on the right. */
export function PageHeader({ title, description, actions }: { title: string; description?: ReactNode; actions?: ReactNode }) {
  return (
    <Flex mb="6" gap="3" justify="space-between" align={{ base: 'stretch', md: 'flex-end' }} direction={{ base: 'column', md: 'row' }}>
      <Box minW="0">
        <Heading as="h1" size={{ base: 'xl', md: '2xl' }} tabIndex={-1} outline="none">
          {title}
        </Heading>
        {description ? (
          <Text color="fg.muted" mt="1" fontSize="sm">
            {description}
          </Text>
        ) : null}
      </Box>
      {actions ? (
        <Flex gap="2" wrap="wrap" align="center">
          {actions}
        </Flex>
      ) : null}
    </Flex>
  );
}
