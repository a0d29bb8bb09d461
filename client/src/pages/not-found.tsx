import { Container, Heading, Text } from '@chakra-ui/react';

export default function NotFoundPage() {
  return (
    <Container maxW="5xl" py="16">
      <Heading as="h1" size="3xl">
        Page not found
      </Heading>
      <Text mt="4" color="fg.muted">
        The page you are looking for does not exist.
      </Text>
    </Container>
  );
}
