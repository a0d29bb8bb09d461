import { Container, Heading, Text } from '@chakra-ui/react';

export default function StandardEscrowPage() {
  return (
    <Container maxW="5xl" py="16">
      <Heading as="h1" size="3xl">
        Standard Escrow
      </Heading>
      <Text mt="4" color="fg.muted">
        One-time buyer protection: payment is held until you confirm delivery.
      </Text>
    </Container>
  );
}
