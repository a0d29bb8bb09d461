import { Container, Heading, Text } from '@chakra-ui/react';

export default function PrivacyPolicyPage() {
  return (
    <Container maxW="5xl" py="16">
      <Heading as="h1" size="3xl">
        Privacy Policy
      </Heading>
      <Text mt="4" color="fg.muted">
        How we handle your personal data.
      </Text>
    </Container>
  );
}
