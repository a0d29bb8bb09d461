import { Container, Heading, Text } from '@chakra-ui/react';

export default function VerifyPhonePage() {
  return (
    <Container maxW="5xl" py="16">
      <Heading as="h1" size="3xl">
        Verify your phone
      </Heading>
      <Text mt="4" color="fg.muted">
        Enter the 6-digit code we sent by SMS.
      </Text>
    </Container>
  );
}
