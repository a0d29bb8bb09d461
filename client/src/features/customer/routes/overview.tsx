/** /dashboard: a greeting, buying and selling summaries, and the latest transactions. */
import { Button, Heading, HStack, Link as ChakraLink, Stack, Text } from '@chakra-ui/react';
import { Plus } from 'lucide-react';
import { Link } from 'react-router';
import { useAuth } from '@/hooks/use-auth';
import { useT, type Translate } from '@/i18n';
import { useTransactions } from '../api/transactions';
import { PageHeader } from '../components/customer-layout';
import { ErrorState, LoadingState } from '../components/query-state';
import { SummaryCards } from '../components/summary-cards';
import { TransactionList } from '../components/transaction-list';

const RECENT_COUNT = 5;

function greeting(t: Translate, now = new Date()) {
  const hour = now.getHours();
  return t(hour < 12 ? 'customer.overview.morning' : hour < 17 ? 'customer.overview.afternoon' : 'customer.overview.evening');
}

export default function OverviewScreen() {
  const { user } = useAuth();
  const { t } = useT();
  const buying = useTransactions({ role: 'buyer', per_page: 1 });
  const selling = useTransactions({ role: 'seller', per_page: 1 });
  const recent = useTransactions({ per_page: RECENT_COUNT });
  const sellsFirst = user?.user_type === 'seller';

  const sections = [
    { key: 'buyer', title: t('customer.overview.asBuyer'), query: buying, link: '/dashboard/transactions?role=buyer' },
    { key: 'seller', title: t('customer.overview.asSeller'), query: selling, link: '/dashboard/transactions?role=seller' },
  ];
  if (sellsFirst) sections.reverse();

  return (
    <Stack gap="8">
      <PageHeader
        title={user?.first_name ? t('customer.overview.greeting', { greeting: greeting(t), name: user.first_name }) : greeting(t)}
        description={t(sellsFirst ? 'customer.overview.introSeller' : 'customer.overview.intro')}
        actions={
          <Button asChild colorPalette="teal" size="sm">
            <Link to="/dashboard/new">
              <Plus aria-hidden /> {t('customer.layout.newTransaction')}
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
              <Link to={section.link}>{t('customer.overview.viewAll')}</Link>
            </ChakraLink>
          </HStack>
          {section.query.isError ? (
            <ErrorState
              title={t('customer.overview.loadFailed')}
              error={section.query.error}
              onRetry={() => void section.query.refetch()}
            />
          ) : (
            <SummaryCards summary={section.query.data?.summary} label={t('customer.overview.summaryOf', { section: section.title })} />
          )}
        </Stack>
      ))}
      <Stack as="section" gap="3" aria-labelledby="recent-heading">
        <HStack justify="space-between">
          <Heading as="h2" size="md" id="recent-heading">
            {t('customer.overview.recent')}
          </Heading>
          <ChakraLink asChild fontSize="sm" color="brand.fg">
            <Link to="/dashboard/transactions">{t('customer.overview.all')}</Link>
          </ChakraLink>
        </HStack>
        {recent.isPending ? (
          <LoadingState label={t('customer.overview.loading')} />
        ) : recent.isError ? (
          <ErrorState title={t('customer.overview.loadFailed')} error={recent.error} onRetry={() => void recent.refetch()} />
        ) : (
          <TransactionList
            items={recent.data.transactions}
            myPhone={user?.phone_number}
            empty={
              <>
                <Text fontWeight="semibold">{t('customer.overview.emptyTitle')}</Text>
                <Text color="fg.muted" fontSize="sm">
                  {t('customer.overview.emptyText')}
                </Text>
                <Button asChild colorPalette="teal" size="sm" mt="2">
                  <Link to="/dashboard/new">{t('customer.overview.create')}</Link>
                </Button>
              </>
            }
          />
        )}
      </Stack>
    </Stack>
  );
}
