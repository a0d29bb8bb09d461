import { Container, Heading, Text } from '@chakra-ui/react';

export default function LipaMdogoMdogoPage() {
  return (
    <Container maxW="5xl" py="16">
      <Heading as="h1" size="3xl">
        Lipa Mdogo Mdogo
      </Heading>
      <Text mt="4" color="fg.muted">
        Pay high-value items little by little; the seller dispatches when fully paid.
      </Text>
    </Container>
  );
}
