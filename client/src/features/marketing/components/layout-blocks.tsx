/** Building blocks the public pages share: sections, headings, stats, steps, cards and call-to-action bands. */
import { Badge, Box, Card, Container, Flex, Heading, HStack, SimpleGrid, Stack, Text, type BoxProps } from '@chakra-ui/react';
import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';

export function Section({
  id,
  children,
  tone = 'plain',
  labelledBy,
  ...rest
}: { id?: string; children: ReactNode; tone?: 'plain' | 'subtle'; labelledBy?: string } & Omit<BoxProps, 'id'>) {
  return (
    <Box
      as="section"
      id={id}
      aria-labelledby={labelledBy}
      py={{ base: '14', md: '20' }}
      bg={tone === 'subtle' ? 'bg.subtle' : undefined}
      scrollMarginTop="16"
      {...rest}
    >
      <Container maxW="7xl">{children}</Container>
    </Box>
  );
}

export function SectionHeading({
  id,
  eyebrow,
  title,
  children,
  align = 'center',
}: {
  id?: string;
  eyebrow?: string;
  title: string;
  children?: ReactNode;
  align?: 'center' | 'start';
}) {
  return (
    <Stack
      gap="3"
      textAlign={align}
      align={align === 'center' ? 'center' : 'flex-start'}
      maxW="3xl"
      mx={align === 'center' ? 'auto' : undefined}
      mb={{ base: '8', md: '12' }}
    >
      {eyebrow && (
        <Text fontSize="sm" fontWeight="semibold" color="brand.fg" textTransform="uppercase" letterSpacing="wider">
          {eyebrow}
        </Text>
      )}
      <Heading as="h2" id={id} size={{ base: '2xl', md: '3xl' }} lineHeight="shorter">
        {title}
      </Heading>
      {children && (
        <Text color="fg.muted" fontSize={{ base: 'md', md: 'lg' }}>
          {children}
        </Text>
      )}
    </Stack>
  );
}

/** The top of an inner page: an eyebrow, the page's single h1, a lead paragraph, actions and an aside. */
export function PageHero({
  eyebrow,
  title,
  lead,
  actions,
  aside,
}: {
  eyebrow?: string;
  title: string;
  lead: ReactNode;
  actions?: ReactNode;
  aside?: ReactNode;
}) {
  return (
    <Box
      as="section"
      bgGradient="to-b"
      gradientFrom="brand.subtle"
      gradientTo="bg"
      pt={{ base: '10', md: '16' }}
      pb={{ base: '12', md: '20' }}
    >
      <Container maxW="7xl">
        <SimpleGrid columns={{ base: 1, lg: aside ? 2 : 1 }} gap={{ base: '10', lg: '16' }} alignItems="center">
          <Stack gap="5" maxW="3xl">
            {eyebrow && (
              <Badge alignSelf="flex-start" colorPalette="teal" variant="subtle" size="lg" borderRadius="full" px="3">
                {eyebrow}
              </Badge>
            )}
            <Heading as="h1" size={{ base: '3xl', md: '5xl' }} lineHeight="1.1" letterSpacing="tight">
              {title}
            </Heading>
            <Text fontSize={{ base: 'lg', md: 'xl' }} color="fg.muted">
              {lead}
            </Text>
            {actions && (
              <Flex gap="3" wrap="wrap">
                {actions}
              </Flex>
            )}
          </Stack>
          {aside}
        </SimpleGrid>
      </Container>
    </Box>
  );
}

export interface Stat {
  value: string;
  label: string;
}

export function StatGrid({ stats, label = 'Key figures' }: { stats: Stat[]; label?: string }) {
  return (
    <SimpleGrid as="dl" aria-label={label} columns={{ base: 2, md: 4 }} gap={{ base: '4', md: '6' }}>
      {stats.map((stat) => (
        // The term comes first in the DOM (valid <dl>); column-reverse shows the figure above it.
        <Stack
          key={stat.label}
          direction="column-reverse"
          justify="flex-end"
          gap="1"
          p={{ base: '4', md: '6' }}
          borderWidth="1px"
          borderRadius="l3"
          bg="bg"
          textAlign="center"
        >
          <Text as="dt" fontSize="sm" color="fg.muted">
            {stat.label}
          </Text>
          <Text as="dd" fontSize={{ base: '2xl', md: '4xl' }} fontWeight="bold" color="brand.fg" lineHeight="1">
            {stat.value}
          </Text>
        </Stack>
      ))}
    </SimpleGrid>
  );
}

export interface Step {
  title: string;
  description: string;
  detail?: string;
}

/** Numbered steps (docs/product-rules.md §3 "Step: step number, title, description, detail"). */
export function StepList({
  steps,
  columns = { base: 1, md: 2, lg: steps.length > 4 ? 5 : 4 },
}: {
  steps: Step[];
  columns?: Record<string, number>;
}) {
  return (
    <SimpleGrid as="ol" columns={columns} gap="6" listStyleType="none">
      {steps.map((step, index) => (
        <Stack as="li" key={step.title} gap="3" p="6" borderWidth="1px" borderRadius="l3" bg="bg" position="relative">
          <Flex
            aria-hidden
            w="10"
            h="10"
            borderRadius="full"
            bg="teal.solid"
            color="teal.contrast"
            align="center"
            justify="center"
            fontWeight="bold"
          >
            {index + 1}
          </Flex>
          <Heading as="h3" size="md">
            <Box as="span" srOnly>
              Step {index + 1}:{' '}
            </Box>
            {step.title}
          </Heading>
          <Text color="fg.muted" fontSize="sm">
            {step.description}
          </Text>
          {step.detail && (
            <Text fontSize="xs" color="fg.muted" borderTopWidth="1px" pt="3" mt="auto">
              {step.detail}
            </Text>
          )}
        </Stack>
      ))}
    </SimpleGrid>
  );
}

export function IconBadge({ icon: Icon, palette = 'teal' }: { icon: LucideIcon; palette?: string }) {
  return (
    <Flex
      w="11"
      h="11"
      borderRadius="l3"
      bg="colorPalette.subtle"
      color="colorPalette.fg"
      colorPalette={palette}
      align="center"
      justify="center"
      flexShrink={0}
    >
      <Icon size={22} aria-hidden />
    </Flex>
  );
}

export interface Feature {
  icon: LucideIcon;
  title: string;
  description: string;
}

export function FeatureGrid({ features, columns = { base: 1, md: 2, lg: 3 } }: { features: Feature[]; columns?: Record<string, number> }) {
  return (
    <SimpleGrid columns={columns} gap="6">
      {features.map((feature) => (
        <Card.Root key={feature.title} variant="outline" size="md" h="full">
          <Card.Body gap="3">
            <IconBadge icon={feature.icon} />
            <Heading as="h3" size="md">
              {feature.title}
            </Heading>
            <Text color="fg.muted" fontSize="sm">
              {feature.description}
            </Text>
          </Card.Body>
        </Card.Root>
      ))}
    </SimpleGrid>
  );
}

/** A short list with check marks. */
export function CheckList({ items, icon: Icon }: { items: string[]; icon: LucideIcon }) {
  return (
    <Stack as="ul" gap="2" listStyleType="none">
      {items.map((item) => (
        <HStack as="li" key={item} gap="2" align="flex-start">
          <Box color="brand.fg" mt="0.5" flexShrink={0}>
            <Icon size={18} aria-hidden />
          </Box>
          <Text>{item}</Text>
        </HStack>
      ))}
    </Stack>
  );
}

export function CtaBand({ title, children, actions }: { title: string; children: ReactNode; actions: ReactNode }) {
  return (
    <Box as="section" py={{ base: '12', md: '16' }}>
      <Container maxW="5xl">
        <Stack
          gap="5"
          align="center"
          textAlign="center"
          px={{ base: '6', md: '12' }}
          py={{ base: '10', md: '14' }}
          borderRadius="l3"
          bg="teal.solid"
          color="white"
        >
          <Heading as="h2" size={{ base: 'xl', md: '2xl' }}>
            {title}
          </Heading>
          <Text maxW="2xl" opacity={0.95}>
            {children}
          </Text>
          <Flex gap="3" wrap="wrap" justify="center">
            {actions}
          </Flex>
        </Stack>
      </Container>
    </Box>
  );
}
