/**
 * The customer area under /dashboard for buyers and sellers (admins get the admin dashboard): overview,
 * transactions, one transaction, a new transaction and the profile, as nested routes of the
 * `dashboard/*` route. Signed-out visitors go to /login and come back here afterwards.
 */
import { Navigate, Route, Routes, useLocation } from 'react-router';
import { Button, Stack, Text } from '@chakra-ui/react';
import { Link } from 'react-router';
import { useAuth } from '@/hooks/use-auth';
import { CustomerLayout, PageHeader } from './components/customer-layout';
import OverviewScreen from './routes/overview';
import TransactionsScreen from './routes/transactions';
import TransactionDetailScreen from './routes/transaction-detail';
import NewTransactionScreen from './routes/new-transaction';
import ProfileScreen from './routes/profile';
import PaymentLinksScreen from './routes/payment-links';

function NotFoundScreen() {
  return (
    <Stack gap="4">
      <PageHeader title="Page not found" />
      <Text color="fg.muted">There is nothing at this address in your dashboard.</Text>
      <Button asChild variant="outline" size="sm" alignSelf="flex-start">
        <Link to="/dashboard">Go to your overview</Link>
      </Button>
    </Stack>
  );
}

export default function CustomerArea() {
  const { isAuthenticated } = useAuth();
  const location = useLocation();
  if (!isAuthenticated) {
    return <Navigate to={`/login?next=${encodeURIComponent(location.pathname + location.search)}`} replace />;
  }
  return (
    <Routes>
      <Route element={<CustomerLayout />}>
        <Route index element={<OverviewScreen />} />
        <Route path="transactions" element={<TransactionsScreen />} />
        <Route path="transactions/:id" element={<TransactionDetailScreen />} />
        <Route path="new" element={<NewTransactionScreen />} />
        <Route path="profile" element={<ProfileScreen />} />
        <Route path="links" element={<PaymentLinksScreen />} />
        <Route path="*" element={<NotFoundScreen />} />
      </Route>
    </Routes>
  );
}
