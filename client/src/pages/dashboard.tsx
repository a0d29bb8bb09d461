import { Container, Heading, Text } from '@chakra-ui/react';

export default function DashboardPage() {
  return (
    <Container maxW="5xl" py="16">
      <Heading as="h1" size="3xl">
        Dashboard
      </Heading>
      <Text mt="4" color="fg.muted">
        Your transactions.
      </Text>
    </Container>
  );
}
