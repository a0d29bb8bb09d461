/**
 * The home page below the hero (docs/product-rules.md §2): how it works, features, services, testimonials, FAQ and
 * contact, plus the careers and blog anchors the footer links to. Loaded as its own chunk so the hero
 * and its form paint first.
 */
import { Box, Button, Card, Container, Flex, Heading, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { ArrowRight, BookOpen, Briefcase, Check, Headphones, Newspaper, Quote } from 'lucide-react';
import { Link } from 'react-router';
import { FAQ } from '../content/faq';
import { FEATURES, HOW_IT_WORKS, SERVICES, TESTIMONIALS } from '../content/home';
import { ContactSection } from './contact-section';
import { FaqAccordion } from './faq-accordion';
import { CheckList, FeatureGrid, IconBadge, Section, SectionHeading, StepList } from './layout-blocks';

function Services() {
  return (
    <Section id="services" labelledBy="services-heading">
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
    <Section tone="subtle" labelledBy="testimonials-heading">
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
    <Section id="faq" labelledBy="faq-heading">
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
    <Section py={{ base: '12', md: '14' }} aria-label="Careers and blog">
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

export default function HomeSections() {
  return (
    <>
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
