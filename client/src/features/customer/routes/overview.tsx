/** /dashboard: a greeting, buying and selling summaries, and the latest transactions. */
import { Button, Heading, HStack, Link as ChakraLink, Stack, Text } from '@chakra-ui/react';
import { Plus } from 'lucide-react';
import { Link } from 'react-router';
import { useAuth } from '@/hooks/use-auth';
import { useTransactions } from '../api/transactions';
import { PageHeader } from '../components/customer-layout';
import { ErrorState, LoadingState } from '../components/query-state';
import { SummaryCards } from '../components/summary-cards';
import { TransactionList } from '../components/transaction-list';

const RECENT_COUNT = 5;

function greeting(now = new Date()) {
  const hour = now.getHours();
  return hour < 12 ? 'Good morning' : hour < 17 ? 'Good afternoon' : 'Good evening';
}

export default function OverviewScreen() {
  const { user } = useAuth();
  const buying = useTransactions({ role: 'buyer', per_page: 1 });
  const selling = useTransactions({ role: 'seller', per_page: 1 });
  const recent = useTransactions({ per_page: RECENT_COUNT });
  const sellsFirst = user?.user_type === 'seller';

  const sections = [
    { key: 'buyer', title: 'As a buyer', query: buying, link: '/dashboard/transactions?role=buyer' },
    { key: 'seller', title: 'As a seller', query: selling, link: '/dashboard/transactions?role=seller' },
  ];
  if (sellsFirst) sections.reverse();

  return (
    <Stack gap="8">
      <PageHeader
        title={`${greeting()}${user?.first_name ? `, ${user.first_name}` : ''}`}
        description="Money you pay is held in escrow until you confirm delivery. Here is where things stand."
        actions={
          <Button asChild colorPalette="teal" size="sm">
            <Link to="/dashboard/new">
              <Plus aria-hidden /> New transaction
            </Link>
          </Button>
        }
      />
      {sections.map((section) => (
        <Stack as="section" key={section.key} gap="3" aria-labelledby={`summary-${section.key}-heading`}>
          <HStack justify="space-between">
            <Heading as="h2" size="md" id={`summary-${section.key}-heading`}>
              {section.title}
            </Heading>
            <ChakraLink asChild fontSize="sm" color="brand.fg">
              <Link to={section.link}>View all</Link>
            </ChakraLink>
          </HStack>
          {section.query.isError ? (
            <ErrorState title="Failed to load transactions" error={section.query.error} onRetry={() => void section.query.refetch()} />
          ) : (
            <SummaryCards summary={section.query.data?.summary} label={`${section.title}: summary`} />
          )}
        </Stack>
      ))}
      <Stack as="section" gap="3" aria-labelledby="recent-heading">
        <HStack justify="space-between">
          <Heading as="h2" size="md" id="recent-heading">
            Recent transactions
          </Heading>
          <ChakraLink asChild fontSize="sm" color="brand.fg">
            <Link to="/dashboard/transactions">All transactions</Link>
          </ChakraLink>
        </HStack>
        {recent.isPending ? (
          <LoadingState label="Loading your transactions…" />
        ) : recent.isError ? (
          <ErrorState title="Failed to load transactions" error={recent.error} onRetry={() => void recent.refetch()} />
        ) : (
          <TransactionList
            items={recent.data.transactions}
            myPhone={user?.phone_number}
            empty={
              <>
                <Text fontWeight="semibold">No transactions yet</Text>
                <Text color="fg.muted" fontSize="sm">
                  Buying something? Create a transaction and pay into escrow with M-Pesa. Selling? Ask your buyer to create one with your
                  phone number.
                </Text>
                <Button asChild colorPalette="teal" size="sm" mt="2">
                  <Link to="/dashboard/new">Create a transaction</Link>
                </Button>
              </>
            }
          />
        )}
      </Stack>
    </Stack>
  );
}
