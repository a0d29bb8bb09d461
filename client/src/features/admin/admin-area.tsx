/**
 * The admin dashboard under /dashboard/* (spec §2). Rendered only for a stored admin session, and then
 * only once the server confirms the token belongs to an admin (GET /api/auth/profile): a tampered
 * `userData` never shows an admin page, and every admin query is guarded on the server as well.
 */
import { Button, Center, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, type ComponentType } from 'react';
import { Link, Route, Routes } from 'react-router';
import { updateStoredUser } from '@/features/auth/use-auth';
import { adminRest } from './api/admin-rest';
import { AdminLayout } from './components/admin-layout';
import { PageHeader } from './components/page-header';
import { ErrorState, LoadingState } from './components/query-state';

const page = (load: () => Promise<{ default: ComponentType }>) => {
  const Page = lazy(load);
  return (
    <Suspense fallback={<LoadingState label="Loading page…" />}>
      <Page />
    </Suspense>
  );
};

function NotFound() {
  return (
    <>
      <PageHeader title="Page not found" />
      <Text color="fg.muted" mb="4">
        There is nothing at this address in the admin dashboard.
      </Text>
      <Button asChild size="sm" variant="outline">
        <Link to="/dashboard">Go to the overview</Link>
      </Button>
    </>
  );
}

export default function AdminArea() {
  const profile = useQuery(adminRest.profile());
  const role = profile.data?.user.user_type;
  useEffect(() => {
    // The server says this token is not an admin's: correct the stored user, and the dashboard
    // route shows the customer area instead.
    if (profile.data && role !== 'admin') updateStoredUser(profile.data.user);
  }, [profile.data, role]);

  if (profile.isPending || (profile.data && role !== 'admin')) {
    return (
      <Center minH="100dvh">
        <LoadingState label="Checking your access…" />
      </Center>
    );
  }
  if (profile.isError) {
    return (
      <Center minH="100dvh" p="4">
        <Stack maxW="md" w="full">
          <ErrorState message="Failed to load dashboard data" detail={profile.error.message} onRetry={() => void profile.refetch()} />
        </Stack>
      </Center>
    );
  }

  return (
    <Routes>
      <Route element={<AdminLayout />}>
        <Route index element={page(() => import('./routes/overview'))} />
        <Route path="transactions" element={page(() => import('./routes/transactions'))} />
        <Route path="analytics" element={page(() => import('./routes/analytics'))} />
        <Route path="users" element={page(() => import('./routes/users'))} />
        <Route path="reports" element={page(() => import('./routes/reports'))} />
        <Route path="system" element={page(() => import('./routes/system-health'))} />
        <Route path="monitoring" element={page(() => import('./routes/monitoring'))} />
        <Route path="alerts" element={page(() => import('./routes/alerts'))} />
        <Route path="disputes" element={page(() => import('./routes/disputes'))} />
        <Route path="sms" element={page(() => import('./routes/sms-outbox'))} />
        <Route path="messages" element={page(() => import('./routes/contact-messages'))} />
        <Route path="settings" element={page(() => import('./routes/settings'))} />
        <Route path="help" element={page(() => import('./routes/help'))} />
        <Route path="profile" element={page(() => import('./routes/profile'))} />
        <Route path="search" element={page(() => import('./routes/search'))} />
        <Route path="*" element={<NotFound />} />
      </Route>
    </Routes>
  );
}
