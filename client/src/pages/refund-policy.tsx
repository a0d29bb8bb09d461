import { Container, Heading, Text } from '@chakra-ui/react';

export default function RefundPolicyPage() {
  return (
    <Container maxW="5xl" py="16">
      <Heading as="h1" size="3xl">
        Refund Policy
      </Heading>
      <Text mt="4" color="fg.muted">
        When and how refunds are made.
      </Text>
    </Container>
  );
}
