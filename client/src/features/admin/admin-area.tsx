/**
 * The admin dashboard under /dashboard/* (docs/product-rules.md §2). Rendered only for a stored admin session, and then
 * only once the server confirms the token belongs to an admin (GET /api/auth/profile): a tampered
 * `userData` never shows an admin page, and every admin query is guarded on the server as well.
 */
import { Button, Center, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, type ComponentType } from 'react';
import { Link, Route, Routes } from 'react-router';
import { updateStoredUser } from '@/hooks/use-auth';
import { adminRest } from './api/admin-rest';
import { AdminLayout } from './components/admin-layout';
import { PageHeader } from './components/page-header';
import { ErrorState, LoadingState } from './components/query-state';

// Created once, at module level: a lazy() made during render would be a new component on every render,
// and a navigation (a React transition) would keep waiting on it and never show the new page.
const lazyPage = (load: () => Promise<{ default: ComponentType }>) => {
  const Page = lazy(load);
  return (
    <Suspense fallback={<LoadingState label="Loading page…" />}>
      <Page />
    </Suspense>
  );
};

const PAGES = {
  overview: lazyPage(() => import('./routes/overview')),
  transactions: lazyPage(() => import('./routes/transactions')),
  analytics: lazyPage(() => import('./routes/analytics')),
  users: lazyPage(() => import('./routes/users')),
  reports: lazyPage(() => import('./routes/reports')),
  system: lazyPage(() => import('./routes/system-health')),
  monitoring: lazyPage(() => import('./routes/monitoring')),
  alerts: lazyPage(() => import('./routes/alerts')),
  disputes: lazyPage(() => import('./routes/disputes')),
  sms: lazyPage(() => import('./routes/sms-outbox')),
  messages: lazyPage(() => import('./routes/contact-messages')),
  links: lazyPage(() => import('./routes/payment-links')),
  settings: lazyPage(() => import('./routes/settings')),
  help: lazyPage(() => import('./routes/help')),
  profile: lazyPage(() => import('./routes/profile')),
  search: lazyPage(() => import('./routes/search')),
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
        <Route index element={PAGES.overview} />
        {(Object.keys(PAGES) as (keyof typeof PAGES)[])
          .filter((path) => path !== 'overview')
          .map((path) => (
            <Route key={path} path={path} element={PAGES[path]} />
          ))}
        <Route path="*" element={<NotFound />} />
      </Route>
    </Routes>
  );
}
