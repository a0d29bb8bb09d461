import { Container, Heading, Text } from '@chakra-ui/react';

export default function UssdSimulatorPage() {
  return (
    <Container maxW="5xl" py="16">
      <Heading as="h1" size="3xl">
        USSD Simulator
      </Heading>
      <Text mt="4" color="fg.muted">
        Dial *384*40# from a simulated phone.
      </Text>
    </Container>
  );
}
