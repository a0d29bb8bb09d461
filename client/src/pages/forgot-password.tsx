import { Container, Heading, Text } from '@chakra-ui/react';

export default function ForgotPasswordPage() {
  return (
    <Container maxW="5xl" py="16">
      <Heading as="h1" size="3xl">
        Forgot password
      </Heading>
      <Text mt="4" color="fg.muted">
        We will send a reset code by SMS.
      </Text>
    </Container>
  );
}
