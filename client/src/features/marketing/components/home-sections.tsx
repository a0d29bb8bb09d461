/**
 * The home page below the hero (docs/product-rules.md §2): how it works, features, services, testimonials, FAQ and
 * contact, plus the careers and blog anchors the footer links to. Loaded as its own chunk so the hero
 * and its form paint first.
 */
import { Box, Button, Card, Container, Flex, Heading, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { ArrowRight, BookOpen, Briefcase, Check, Headphones, Newspaper, Quote } from 'lucide-react';
import { useT } from '@/i18n';
import { Link } from '@/i18n/link';
import { faq } from '../content/faq';
import { features, howItWorks, services, testimonials } from '../content/home';
import { ContactSection } from './contact-section';
import { FaqAccordion } from './faq-accordion';
import { CheckList, FeatureGrid, IconBadge, Section, SectionHeading, StepList } from './layout-blocks';

function Services() {
  const { t } = useT();
  return (
    <Section id="services" labelledBy="services-heading">
      <SectionHeading id="services-heading" eyebrow={t('public.home.services.eyebrow')} title={t('public.home.services.title')}>
        {t('public.home.services.lead')}
      </SectionHeading>
      <SimpleGrid columns={{ base: 1, md: 3 }} gap="6">
        {services(t).map((service) => (
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
                  {t('public.home.services.learnMore')}{' '}
                  <Box as="span" srOnly>
                    {t('public.home.services.about', { service: service.title })}
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
  const { t } = useT();
  return (
    <Section tone="subtle" labelledBy="testimonials-heading">
      <SectionHeading
        id="testimonials-heading"
        eyebrow={t('public.home.testimonials.eyebrow')}
        title={t('public.home.testimonials.title')}
      />
      <SimpleGrid columns={{ base: 1, md: 3 }} gap="6">
        {testimonials(t).map((testimonial) => (
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
  const { t } = useT();
  return (
    <Section id="faq" labelledBy="faq-heading">
      <Container maxW="3xl" px="0">
        <SectionHeading id="faq-heading" eyebrow={t('public.home.faq.eyebrow')} title={t('public.home.faq.title')} />
        <FaqAccordion items={faq(t)} />
        <Stack align="center" gap="3" mt="10" textAlign="center">
          <Text color="fg.muted">{t('public.home.faq.stillQuestions')}</Text>
          <Flex gap="3" wrap="wrap" justify="center">
            <Button asChild colorPalette="teal">
              <Link to="/#contact">
                <Headphones aria-hidden /> {t('public.home.faq.contactSupport')}
              </Link>
            </Button>
            <Button asChild variant="outline">
              <a href="/api/docs" target="_blank" rel="noopener">
                <BookOpen aria-hidden /> {t('public.home.faq.documentation')}
              </a>
            </Button>
          </Flex>
        </Stack>
      </Container>
    </Section>
  );
}

function CompanyNews() {
  const { t } = useT();
  return (
    <Section py={{ base: '12', md: '14' }} aria-label={t('public.home.news.label')}>
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="6">
        <Card.Root id="careers" variant="outline" scrollMarginTop="20">
          <Card.Body gap="3">
            <IconBadge icon={Briefcase} />
            <Heading as="h2" size="lg">
              {t('public.home.news.careers')}
            </Heading>
            <Text color="fg.muted">{t('public.home.news.careersText')}</Text>
            <Button asChild variant="outline" alignSelf="flex-start">
              <Link to="/#contact">{t('public.home.news.introduce')}</Link>
            </Button>
          </Card.Body>
        </Card.Root>
        <Card.Root id="blog" variant="outline" scrollMarginTop="20">
          <Card.Body gap="3">
            <IconBadge icon={Newspaper} />
            <Heading as="h2" size="lg">
              {t('public.home.news.blog')}
            </Heading>
            <Text color="fg.muted">{t('public.home.news.blogText')}</Text>
            <Button asChild variant="outline" alignSelf="flex-start">
              <Link to="/refund-policy">{t('public.home.news.readRefund')}</Link>
            </Button>
          </Card.Body>
        </Card.Root>
      </SimpleGrid>
    </Section>
  );
}

export default function HomeSections() {
  const { t } = useT();
  return (
    <>
      <Section id="how-it-works" labelledBy="how-heading">
        <SectionHeading id="how-heading" eyebrow={t('public.home.how.eyebrow')} title={t('public.home.how.title')}>
          {t('public.home.how.lead')}
        </SectionHeading>
        <StepList steps={howItWorks(t)} />
      </Section>
      <Section id="features" tone="subtle" labelledBy="features-heading">
        <SectionHeading id="features-heading" eyebrow={t('public.home.features.eyebrow')} title={t('public.home.features.title')}>
          {t('public.home.features.lead')}
        </SectionHeading>
        <FeatureGrid features={features(t)} />
      </Section>
      <Services />
      <Testimonials />
      <Faq />
      <ContactSection />
      <CompanyNews />
    </>
  );
}
