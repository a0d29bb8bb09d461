/** About Us (docs/product-rules.md §2): story, transparency notice, values, access channels with status, journey timeline, mission. */
import { Alert, Badge, Box, Button, Card, Flex, Heading, HStack, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import {
  CircleCheck,
  CircleDashed,
  Eye,
  Globe,
  HeartHandshake,
  Loader,
  MessageSquare,
  Scale,
  ShieldCheck,
  Smartphone,
  TabletSmartphone,
  Users,
} from 'lucide-react';
import { Link } from 'react-router';
import { FeatureGrid, IconBadge, PageHero, Section, SectionHeading } from '@/features/marketing/components/layout-blocks';
import { USSD_CODE } from '@/features/marketing/constants';

const VALUES = [
  {
    icon: ShieldCheck,
    title: 'Trust',
    description: 'Money moves only when both sides have done what they promised. Every shilling is accounted for in a double-entry ledger.',
  },
  {
    icon: Eye,
    title: 'Transparency',
    description: 'One fee table, shown before you pay, split 50/50. We say plainly what we are and what we are not.',
  },
  {
    icon: Users,
    title: 'Inclusion',
    description: 'USSD and SMS first, so a buyer with a basic phone and no data bundle is protected like anyone else.',
  },
  {
    icon: Scale,
    title: 'Fairness',
    description: 'Disputes are decided by people on evidence from both sides, with the money frozen until the ruling.',
  },
];

type ChannelStatus = 'Live' | 'Coming Soon';
const CHANNELS: { icon: typeof Globe; name: string; description: string; status: ChannelStatus }[] = [
  { icon: Globe, name: 'Web', description: 'Create, pay, track and resolve transactions from any browser.', status: 'Live' },
  { icon: Smartphone, name: `USSD ${USSD_CODE}`, description: 'Every step from any phone, with no internet.', status: 'Live' },
  { icon: MessageSquare, name: 'SMS notifications', description: 'An SMS in English or Kiswahili at every step.', status: 'Live' },
  { icon: TabletSmartphone, name: 'Mobile app', description: 'Android and iOS apps with M-Pesa built in.', status: 'Coming Soon' },
];

type MilestoneStatus = 'completed' | 'in-progress' | 'planned';
/** Spec §3 "Timeline milestone" and §4 "Roadmap statuses". */
const MILESTONES: { year: number; quarter: string; milestone: string; description: string; status: MilestoneStatus }[] = [
  {
    year: 2024,
    quarter: 'Q3',
    milestone: 'MVP launch',
    description: 'Web escrow with M-Pesa payments and SMS notifications opened to pilot users.',
    status: 'completed',
  },
  {
    year: 2024,
    quarter: 'Q4',
    milestone: 'USSD integration',
    description: `${USSD_CODE} brought escrow to every phone on every network.`,
    status: 'completed',
  },
  {
    year: 2025,
    quarter: 'Q1',
    milestone: 'Full licensing',
    description: 'Completing regulatory licensing so that accounts can be activated for everyone.',
    status: 'in-progress',
  },
  { year: 2025, quarter: 'Q2', milestone: 'Mobile apps', description: 'Android and iOS apps for buyers and sellers.', status: 'planned' },
];

const STATUS_STYLE: Record<MilestoneStatus, { label: string; palette: string; icon: typeof CircleCheck }> = {
  completed: { label: 'Completed', palette: 'green', icon: CircleCheck },
  'in-progress': { label: 'In progress', palette: 'orange', icon: Loader },
  planned: { label: 'Planned', palette: 'gray', icon: CircleDashed },
};

export default function AboutUsPage() {
  return (
    <>
      <PageHero
        eyebrow="About Us"
        title="Building trust into Kenyan commerce"
        lead="Too many Kenyans have paid for a phone that never came, or shipped goods and never been paid. Escrow Kenya puts a neutral party in the middle, so buyers and sellers who have never met can trade with confidence."
      />
      <Section labelledBy="story-heading">
        <SimpleGrid columns={{ base: 1, lg: 2 }} gap="12" alignItems="start">
          <Stack gap="4">
            <Heading as="h2" id="story-heading" size="2xl">
              Our story
            </Heading>
            <Text color="fg.muted">
              We started in Nairobi after watching friends lose money to online sellers on social media and classifieds — and watching
              honest sellers lose sales because buyers could not trust them. The fix already existed in other countries: escrow. What did
              not exist was escrow that works the way Kenya pays, with M-Pesa, and the way Kenya connects, often without data.
            </Text>
            <Text color="fg.muted">
              So we built it around M-Pesa and USSD from day one, added Lipa Mdogo Mdogo for families who buy big items little by little,
              and a mediation team for when things go wrong.
            </Text>
          </Stack>
          <Alert.Root status="info" variant="surface" borderRadius="l3" p="6">
            <Alert.Indicator />
            <Alert.Content gap="2">
              <Alert.Title fontSize="lg">Transparency notice</Alert.Title>
              <Alert.Description>
                Escrow Kenya is in an MVP pilot phase. Accounts are activated once regulatory licensing is complete. We are not a bank or a
                payment service provider: payments are collected, held and paid out through licensed third-party institutions.
              </Alert.Description>
            </Alert.Content>
          </Alert.Root>
        </SimpleGrid>
      </Section>
      <Section tone="subtle" labelledBy="values-heading">
        <SectionHeading id="values-heading" eyebrow="Values" title="What we stand for" />
        <FeatureGrid features={VALUES} columns={{ base: 1, md: 2, lg: 4 }} />
      </Section>
      <Section labelledBy="channels-heading">
        <SectionHeading id="channels-heading" eyebrow="Access channels" title="Use Escrow Kenya your way" />
        <SimpleGrid columns={{ base: 1, sm: 2, lg: 4 }} gap="6">
          {CHANNELS.map((channel) => (
            <Card.Root key={channel.name} variant="outline">
              <Card.Body gap="3">
                <Flex justify="space-between" align="flex-start" gap="2">
                  <IconBadge icon={channel.icon} palette={channel.status === 'Live' ? 'teal' : 'gray'} />
                  <Badge colorPalette={channel.status === 'Live' ? 'green' : 'orange'} variant="subtle">
                    {channel.status}
                  </Badge>
                </Flex>
                <Heading as="h3" size="md">
                  {channel.name}
                </Heading>
                <Text color="fg.muted" fontSize="sm">
                  {channel.description}
                </Text>
              </Card.Body>
            </Card.Root>
          ))}
        </SimpleGrid>
      </Section>
      <Section tone="subtle" labelledBy="journey-heading">
        <SectionHeading id="journey-heading" eyebrow="Our journey" title="Where we are on the road" />
        <Stack as="ol" gap="0" maxW="3xl" mx="auto" listStyleType="none">
          {MILESTONES.map((milestone, index) => {
            const style = STATUS_STYLE[milestone.status];
            return (
              <HStack as="li" key={milestone.milestone} align="stretch" gap="4">
                <Stack align="center" gap="0">
                  <Flex
                    w="10"
                    h="10"
                    borderRadius="full"
                    bg={`${style.palette}.subtle`}
                    color={`${style.palette}.fg`}
                    align="center"
                    justify="center"
                    flexShrink={0}
                  >
                    <style.icon size={20} aria-hidden />
                  </Flex>
                  {index < MILESTONES.length - 1 && <Box flex="1" w="2px" bg="border" minH="6" />}
                </Stack>
                <Stack gap="1" pb="8">
                  <HStack gap="2" flexWrap="wrap">
                    <Text fontWeight="bold" color="brand.fg">
                      {milestone.year} {milestone.quarter}
                    </Text>
                    <Badge colorPalette={style.palette} variant="subtle">
                      {style.label}
                    </Badge>
                  </HStack>
                  <Heading as="h3" size="md">
                    {milestone.milestone}
                  </Heading>
                  <Text color="fg.muted">{milestone.description}</Text>
                </Stack>
              </HStack>
            );
          })}
        </Stack>
      </Section>
      <Section labelledBy="mission-heading">
        <Stack maxW="3xl" mx="auto" textAlign="center" gap="5" align="center">
          <IconBadge icon={HeartHandshake} />
          <Heading as="h2" id="mission-heading" size="2xl">
            Our mission
          </Heading>
          <Text fontSize="xl" color="fg.muted">
            To make every deal in Kenya — online or offline, big or small, smartphone or feature phone — as safe as paying a friend.
          </Text>
          <Flex gap="3" wrap="wrap" justify="center">
            <Button asChild colorPalette="teal">
              <Link to="/#create">Start a protected transaction</Link>
            </Button>
            <Button asChild variant="outline">
              <Link to="/#contact">Talk to us</Link>
            </Button>
          </Flex>
        </Stack>
      </Section>
    </>
  );
}
