/**
 * Home (spec §2): hero with the create-transaction form, how it works, features, services,
 * testimonials, FAQ and contact — plus the careers and blog anchors the footer links to.
 */
import { Badge, Box, Button, Card, Container, Flex, Heading, HStack, Icon, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { ArrowRight, BookOpen, Briefcase, Check, Headphones, Newspaper, Quote } from 'lucide-react';
import { Link } from 'react-router';
import { ContactSection } from '@/features/marketing/components/contact-section';
import { CreateTransactionForm } from '@/features/marketing/components/create-transaction-form';
import { FaqAccordion } from '@/features/marketing/components/faq-accordion';
import { CheckList, FeatureGrid, IconBadge, Section, SectionHeading, StepList } from '@/features/marketing/components/layout-blocks';
import { USSD_CODE } from '@/features/marketing/constants';
import { FAQ } from '@/features/marketing/content/faq';
import { FEATURES, HOW_IT_WORKS, SERVICES, TESTIMONIALS, TRUST_POINTS } from '@/features/marketing/content/home';

function Hero() {
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
              M-Pesa escrow · USSD {USSD_CODE}
            </Badge>
            <Heading as="h1" id="hero-heading" size={{ base: '4xl', md: '6xl' }} lineHeight="1.05" letterSpacing="tight">
              Buy and sell safely.{' '}
              <Box as="span" color="brand.fg">
                Pay only when it arrives.
              </Box>
            </Heading>
            <Text fontSize={{ base: 'lg', md: 'xl' }} color="fg.muted" maxW="xl">
              Escrow Kenya holds your M-Pesa payment until you confirm delivery, then pays the seller. Spread big purchases with Lipa Mdogo
              Mdogo, and get a fair ruling if anything goes wrong.
            </Text>
            <SimpleGrid as="ul" columns={2} gap="3" listStyleType="none" maxW="lg">
              {TRUST_POINTS.map((point) => (
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
                { value: '50K+', label: 'Protected transactions' },
                { value: '99.8%', label: 'Success rate' },
                { value: '4.9/5', label: 'User rating' },
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
          <CreateTransactionForm />
        </SimpleGrid>
      </Container>
    </Box>
  );
}

function Services() {
  return (
    <Section id="services" tone="subtle" labelledBy="services-heading">
      <SectionHeading id="services-heading" eyebrow="Services" title="Protection for every kind of deal">
        Choose the protection that fits: a one-off purchase, an installment plan, or mediation coverage.
      </SectionHeading>
      <SimpleGrid columns={{ base: 1, md: 3 }} gap="6">
        {SERVICES.map((service) => (
          <Card.Root key={service.to} variant="elevated" h="full">
            <Card.Body gap="4">
              <IconBadge icon={service.icon} />
              <Heading as="h3" size="lg">
                {service.title}
              </Heading>
              <Text color="fg.muted">{service.description}</Text>
              <CheckList items={service.points} icon={Check} />
            </Card.Body>
            <Card.Footer>
              <Button asChild variant="outline" colorPalette="teal">
                <Link to={service.to}>
                  Learn more{' '}
                  <Box as="span" srOnly>
                    about {service.title}
                  </Box>
                  <ArrowRight aria-hidden />
                </Link>
              </Button>
            </Card.Footer>
          </Card.Root>
        ))}
      </SimpleGrid>
    </Section>
  );
}

function Testimonials() {
  return (
    <Section labelledBy="testimonials-heading">
      <SectionHeading id="testimonials-heading" eyebrow="Testimonials" title="Trusted by buyers and sellers across Kenya" />
      <SimpleGrid columns={{ base: 1, md: 3 }} gap="6">
        {TESTIMONIALS.map((testimonial) => (
          <Card.Root as="figure" key={testimonial.name} variant="outline" m="0">
            <Card.Body gap="4">
              <Box color="brand.fg">
                <Quote aria-hidden />
              </Box>
              <Text as="blockquote" fontSize="md">
                {testimonial.quote}
              </Text>
              <Box as="figcaption" mt="auto">
                <Text fontWeight="semibold">{testimonial.name}</Text>
                <Text fontSize="sm" color="fg.muted">
                  {testimonial.role}
                </Text>
              </Box>
            </Card.Body>
          </Card.Root>
        ))}
      </SimpleGrid>
    </Section>
  );
}

function Faq() {
  return (
    <Section id="faq" tone="subtle" labelledBy="faq-heading">
      <Container maxW="3xl" px="0">
        <SectionHeading id="faq-heading" eyebrow="FAQ" title="Frequently asked questions" />
        <FaqAccordion items={FAQ} />
        <Stack align="center" gap="3" mt="10" textAlign="center">
          <Text color="fg.muted">Still have questions?</Text>
          <Flex gap="3" wrap="wrap" justify="center">
            <Button asChild colorPalette="teal">
              <Link to="/#contact">
                <Headphones aria-hidden /> Contact Support
              </Link>
            </Button>
            <Button asChild variant="outline">
              <a href="/api/docs" target="_blank" rel="noopener">
                <BookOpen aria-hidden /> View Documentation
              </a>
            </Button>
          </Flex>
        </Stack>
      </Container>
    </Section>
  );
}

function CompanyNews() {
  return (
    <Section tone="subtle" py={{ base: '12', md: '14' }} aria-label="Careers and blog">
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="6">
        <Card.Root id="careers" variant="outline" scrollMarginTop="20">
          <Card.Body gap="3">
            <IconBadge icon={Briefcase} />
            <Heading as="h2" size="lg">
              Careers
            </Heading>
            <Text color="fg.muted">
              We are a small team in Nairobi building trust into Kenyan commerce. We are not hiring for open roles during the pilot, but we
              would love to hear from engineers, mediators and support agents who care about fair trade.
            </Text>
            <Button asChild variant="outline" alignSelf="flex-start">
              <Link to="/#contact">Introduce yourself</Link>
            </Button>
          </Card.Body>
        </Card.Root>
        <Card.Root id="blog" variant="outline" scrollMarginTop="20">
          <Card.Body gap="3">
            <IconBadge icon={Newspaper} />
            <Heading as="h2" size="lg">
              Blog
            </Heading>
            <Text color="fg.muted">
              Guides on buying safely online, spotting fake sellers and planning purchases with Lipa Mdogo Mdogo are on the way. Meanwhile,
              our FAQ and refund policy answer the most common questions.
            </Text>
            <Button asChild variant="outline" alignSelf="flex-start">
              <Link to="/refund-policy">Read the refund policy</Link>
            </Button>
          </Card.Body>
        </Card.Root>
      </SimpleGrid>
    </Section>
  );
}

export default function HomePage() {
  return (
    <>
      <Hero />
      <Section id="how-it-works" labelledBy="how-heading">
        <SectionHeading id="how-heading" eyebrow="How it works" title="Four steps to a safe deal">
          The seller knows the money is there; you know you only pay for what arrives.
        </SectionHeading>
        <StepList steps={HOW_IT_WORKS} />
      </Section>
      <Section id="features" tone="subtle" labelledBy="features-heading">
        <SectionHeading id="features-heading" eyebrow="Features" title="Built for how Kenya buys and sells">
          From Marketplace deals to Instagram shops and Gikomba traders: protection that works on any phone.
        </SectionHeading>
        <FeatureGrid features={FEATURES} />
      </Section>
      <Services />
      <Testimonials />
      <Faq />
      <ContactSection />
      <CompanyNews />
    </>
  );
}
