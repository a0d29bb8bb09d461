/**
 * Home (docs/product-rules.md §2): the hero's text renders at once; the create-transaction form's code and the
 * sections below it (how it works, features, services, testimonials, FAQ, contact) arrive as chunks of their
 * own, so the page paints and hydrates its header and text without them (the prerendered form shows meanwhile,
 * and what a visitor types into it is kept: lib/typed-before-hydration.ts).
 */
import { Badge, Box, Container, Flex, Heading, HStack, Icon, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { lazy, Suspense } from 'react';
import { keepValuesTypedIntoSection } from '@/lib/typed-before-hydration';
import { USSD_CODE } from '@/features/marketing/constants';
import { trustPoints } from '@/features/marketing/content/trust-points';
import { loadEnglishTexts, useT } from '@/i18n';

const FORM_ID = 'create';
const CreateTransactionForm = lazy(async () => {
  const { CreateTransactionForm } = await import('@/features/marketing/components/create-transaction-form');
  keepValuesTypedIntoSection(FORM_ID);
  return { default: CreateTransactionForm };
});
const HomeSections = lazy(
  async () => (await Promise.all([import('@/features/marketing/components/home-sections'), loadEnglishTexts('homeSections')]))[0],
);

function Hero() {
  const { t } = useT();
  return (
    <Box
      as="section"
      aria-labelledby="hero-heading"
      bgGradient="to-b"
      gradientFrom="brand.subtle"
      gradientTo="bg"
      pt={{ base: '8', md: '14' }}
      pb={{ base: '12', md: '20' }}
    >
      <Container maxW="7xl">
        <SimpleGrid columns={{ base: 1, lg: 2 }} gap={{ base: '10', lg: '16' }} alignItems="center">
          <Stack gap="6">
            <Badge alignSelf="flex-start" colorPalette="teal" variant="subtle" size="lg" borderRadius="full" px="3">
              {t('public.home.badge', { code: USSD_CODE })}
            </Badge>
            <Heading as="h1" id="hero-heading" size={{ base: '4xl', md: '6xl' }} lineHeight="1.05" letterSpacing="tight">
              {t('public.home.title')}{' '}
              <Box as="span" color="brand.fg">
                {t('public.home.titleAccent')}
              </Box>
            </Heading>
            <Text fontSize={{ base: 'lg', md: 'xl' }} color="fg.muted" maxW="xl">
              {t('public.home.lead')}
            </Text>
            <SimpleGrid as="ul" columns={2} gap="3" listStyleType="none" maxW="lg">
              {trustPoints(t).map((point) => (
                <HStack as="li" key={point.label} gap="2" fontSize="sm" fontWeight="medium">
                  <Icon color="brand.fg" boxSize="4">
                    <point.icon aria-hidden />
                  </Icon>
                  {point.label}
                </HStack>
              ))}
            </SimpleGrid>
            <HStack as="dl" gap={{ base: '6', md: '10' }} pt="2" flexWrap="wrap">
              {[
                { value: '50K+', label: t('public.home.stats.protected') },
                { value: '99.8%', label: t('public.home.stats.success') },
                { value: '4.9/5', label: t('public.home.stats.rating') },
              ].map((stat) => (
                <Flex key={stat.label} direction="column-reverse">
                  <Text as="dt" fontSize="sm" color="fg.muted">
                    {stat.label}
                  </Text>
                  <Text as="dd" fontSize="2xl" fontWeight="bold">
                    {stat.value}
                  </Text>
                </Flex>
              ))}
            </HStack>
          </Stack>
          {/* Reached by client-side navigation, the form's place is kept while its code loads. */}
          <Suspense fallback={<Box minH="xl" aria-busy="true" />}>
            <CreateTransactionForm id={FORM_ID} />
          </Suspense>
        </SimpleGrid>
      </Container>
    </Box>
  );
}

export default function HomePage() {
  return (
    <>
      <Hero />
      <Suspense fallback={<Box minH="100vh" aria-busy="true" />}>
        <HomeSections />
      </Suspense>
    </>
  );
}
