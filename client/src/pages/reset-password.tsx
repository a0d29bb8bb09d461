import { Container, Heading, Text } from '@chakra-ui/react';

export default function ResetPasswordPage() {
  return (
    <Container maxW="5xl" py="16">
      <Heading as="h1" size="3xl">
        Reset password
      </Heading>
      <Text mt="4" color="fg.muted">
        Enter the code and your new password.
      </Text>
    </Container>
  );
}
