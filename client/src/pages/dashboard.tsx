/**
 * /dashboard/* is shared (docs/product-rules.md §2): admins get the admin dashboard, buyers and sellers the customer
 * area, each its own lazily loaded chunk (a customer never downloads the admin code). Signed-out
 * visitors go to /login and come back here afterwards.
 */
import { Center, Spinner } from '@chakra-ui/react';
import { lazy, Suspense } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useAuth } from '@/hooks/use-auth';

const AdminArea = lazy(() => import('@/features/admin/admin-area'));
const CustomerArea = lazy(() => import('@/features/customer/customer-area'));

export default function DashboardPage() {
  const { isAuthenticated, isAdmin } = useAuth();
  const location = useLocation();
  if (!isAuthenticated) {
    return <Navigate to={`/login?next=${encodeURIComponent(location.pathname + location.search)}`} replace />;
  }
  return (
    <Suspense
      fallback={
        <Center minH="100dvh">
          <Spinner size="lg" color="brand.solid" aria-label="Loading" />
        </Center>
      }
    >
      {isAdmin ? <AdminArea /> : <CustomerArea />}
    </Suspense>
  );
}
