import { lazy, Suspense } from 'react';
import { Container, Heading, Text } from '@chakra-ui/react';
import { useAuth } from '@/features/auth/use-auth';

// Buyers and sellers get the customer area (its own nested routes); admins the admin dashboard.
const CustomerArea = lazy(() => import('@/features/customer/customer-area'));

export default function DashboardPage() {
  const { isAdmin } = useAuth();
  if (!isAdmin) {
    return (
      <Suspense fallback={null}>
        <CustomerArea />
      </Suspense>
    );
  }
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
