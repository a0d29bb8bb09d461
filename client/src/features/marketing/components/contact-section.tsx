/** The home page's contact section (anchor "contact"): details, USSD box, hours, Call Now / Live Chat, and the message form. */
import { Box, Button, Card, Heading, HStack, Link as ChakraLink, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { Clock, Mail, MapPin, MessageCircle, Phone, Smartphone } from 'lucide-react';
import { useT } from '@/i18n';
import { Link } from '@/i18n/link';
import { SUPPORT_EMAIL, SUPPORT_PHONE, SUPPORT_PHONE_TEL } from '../constants';
import { ContactForm } from './contact-form';
import { IconBadge, Section, SectionHeading } from './layout-blocks';
import { UssdBox } from './ussd-box';

export function ContactSection() {
  const { t } = useT();
  const details = [
    { icon: Phone, label: t('public.contact.phone'), value: SUPPORT_PHONE, href: `tel:${SUPPORT_PHONE_TEL}` },
    { icon: Mail, label: t('public.contact.email'), value: SUPPORT_EMAIL, href: `mailto:${SUPPORT_EMAIL}` },
    { icon: MapPin, label: t('public.contact.office'), value: t('layout.footer.location') },
    { icon: Clock, label: t('public.contact.hours'), value: t('layout.footer.hours') },
  ];
  return (
    <Section id="contact" tone="subtle" labelledBy="contact-heading">
      <SectionHeading id="contact-heading" eyebrow={t('public.contact.eyebrow')} title={t('public.contact.title')}>
        {t('public.contact.lead')}
      </SectionHeading>
      <SimpleGrid columns={{ base: 1, lg: 5 }} gap="8">
        <Stack gap="5" gridColumn={{ lg: 'span 2' }}>
          <Stack as="ul" gap="4" listStyleType="none">
            {details.map((detail) => (
              <HStack as="li" key={detail.label} gap="4" align="flex-start">
                <IconBadge icon={detail.icon} />
                <Box>
                  <Text fontSize="sm" color="fg.muted">
                    {detail.label}
                  </Text>
                  {detail.href ? (
                    <ChakraLink href={detail.href} fontWeight="semibold" color="fg">
                      {detail.value}
                    </ChakraLink>
                  ) : (
                    <Text fontWeight="semibold">{detail.value}</Text>
                  )}
                </Box>
              </HStack>
            ))}
          </Stack>
          <UssdBox />
          <HStack gap="3" flexWrap="wrap">
            <Button asChild colorPalette="teal" variant="solid">
              <a href={`tel:${SUPPORT_PHONE_TEL}`}>
                <Phone aria-hidden /> {t('public.contact.callNow')}
              </a>
            </Button>
            <Button asChild variant="outline">
              <Link to="/ussd-simulator">
                <MessageCircle aria-hidden /> {t('public.contact.liveChat')}
              </Link>
            </Button>
          </HStack>
          <Text fontSize="xs" color="fg.muted" display="flex" gap="1" alignItems="center">
            <Smartphone size={14} aria-hidden /> {t('public.contact.liveChatNote')}
          </Text>
        </Stack>
        <Card.Root gridColumn={{ lg: 'span 3' }} variant="outline">
          <Card.Body gap="4">
            <Heading as="h3" id="contact-form-heading" size="lg">
              {t('public.contact.sendMessage')}
            </Heading>
            <ContactForm />
          </Card.Body>
        </Card.Root>
      </SimpleGrid>
    </Section>
  );
}
