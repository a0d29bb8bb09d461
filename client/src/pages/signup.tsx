import { Container, Heading, Text } from '@chakra-ui/react';

export default function SignupPage() {
  return (
    <Container maxW="5xl" py="16">
      <Heading as="h1" size="3xl">
        Create Account
      </Heading>
      <Text mt="4" color="fg.muted">
        Join as a buyer, seller or both.
      </Text>
    </Container>
  );
}
