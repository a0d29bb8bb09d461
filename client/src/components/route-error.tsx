import { Button, Container, Heading, Text, VStack } from '@chakra-ui/react';
import { isRouteErrorResponse, useRouteError } from 'react-router';

/** Shown when a page fails to load or throws: a clear message instead of a blank screen. */
export function RouteError() {
  const error = useRouteError();
  const message = isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : 'Something went wrong while showing this page.';
  return (
    <Container maxW="lg" py="24">
      <VStack gap="4" textAlign="center">
        <Heading size="xl">We hit a snag</Heading>
        <Text color="fg.muted">{message}</Text>
        <Button onClick={() => window.location.reload()} colorPalette="teal">
          Reload the page
        </Button>
      </VStack>
    </Container>
  );
}
