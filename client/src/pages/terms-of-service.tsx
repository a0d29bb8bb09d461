import { Container, Heading, Text } from '@chakra-ui/react';

export default function TermsOfServicePage() {
  return (
    <Container maxW="5xl" py="16">
      <Heading as="h1" size="3xl">
        Terms of Service
      </Heading>
      <Text mt="4" color="fg.muted">
        Last updated January 2025.
      </Text>
    </Container>
  );
}
