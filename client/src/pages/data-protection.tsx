import { Container, Heading, Text } from '@chakra-ui/react';

export default function DataProtectionPage() {
  return (
    <Container maxW="5xl" py="16">
      <Heading as="h1" size="3xl">
        Data Protection
      </Heading>
      <Text mt="4" color="fg.muted">
        Your rights under the Kenya Data Protection Act, 2019.
      </Text>
    </Container>
  );
}
