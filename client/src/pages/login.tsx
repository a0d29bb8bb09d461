import { Container, Heading, Text } from '@chakra-ui/react';

export default function LoginPage() {
  return (
    <Container maxW="5xl" py="16">
      <Heading as="h1" size="3xl">
        Sign In
      </Heading>
      <Text mt="4" color="fg.muted">
        Sign in with your phone or email.
      </Text>
    </Container>
  );
}
