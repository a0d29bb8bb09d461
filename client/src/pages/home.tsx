import { Container, Heading, Text } from '@chakra-ui/react';

export default function HomePage() {
  return (
    <Container maxW="5xl" py="16">
      <Heading as="h1" size="3xl">
        Secure M-Pesa escrow for Kenya
      </Heading>
      <Text mt="4" color="fg.muted">
        Pay into escrow, the seller dispatches, you confirm, the seller is paid.
      </Text>
    </Container>
  );
}
