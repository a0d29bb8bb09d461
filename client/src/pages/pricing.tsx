import { Container, Heading, Text } from '@chakra-ui/react';

export default function PricingPage() {
  return (
    <Container maxW="5xl" py="16">
      <Heading as="h1" size="3xl">
        Pricing
      </Heading>
      <Text mt="4" color="fg.muted">
        Transparent fees split 50/50 between buyer and seller.
      </Text>
    </Container>
  );
}
