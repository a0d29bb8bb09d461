import { Container, Heading, Text } from '@chakra-ui/react';

export default function AboutUsPage() {
  return (
    <Container maxW="5xl" py="16">
      <Heading as="h1" size="3xl">
        About Us
      </Heading>
      <Text mt="4" color="fg.muted">
        Building trust in Kenyan commerce.
      </Text>
    </Container>
  );
}
