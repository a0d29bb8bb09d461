import { Container, Heading, Text } from '@chakra-ui/react';

export default function DisputeResolutionPage() {
  return (
    <Container maxW="5xl" py="16">
      <Heading as="h1" size="3xl">
        Dispute Resolution
      </Heading>
      <Text mt="4" color="fg.muted">
        Either party can open a dispute; our mediation team rules.
      </Text>
    </Container>
  );
}
