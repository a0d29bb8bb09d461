/**
 * The public site's frame (docs/product-rules.md §2): a fixed top bar that restyles after 10 px of scroll, the Services
 * dropdown, Features / Pricing / About Us / Refund Policy / Contact, the theme toggle, a mobile menu and
 * Get Started; the footer with the USSD code, links, social profiles and contact details.
 */
import {
  Box,
  Button,
  Container,
  Flex,
  HStack,
  IconButton,
  Link as ChakraLink,
  SkipNavContent,
  SkipNavLink,
  Stack,
  Text,
  Separator,
  SimpleGrid,
} from '@chakra-ui/react';
import { Clock, Mail, MapPin, Menu as MenuIcon, Phone, ShieldCheck, X } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import { LanguageSwitch } from '@/components/ui/language-switch';
import { useT, type MessageKey } from '@/i18n';
import { Link, useLanguageOfPage, usePagePath } from '@/i18n/link';
import { ColorModeButton } from '@/components/ui/color-mode';
import { ServicesMenu } from '@/features/marketing/components/services-menu';
import { SERVICE_PAGES, SOCIAL_PROFILES, SUPPORT_EMAIL, SUPPORT_PHONE, SUPPORT_PHONE_TEL, USSD_CODE } from '@/features/marketing/constants';

export { USSD_CODE };
export const SERVICES = SERVICE_PAGES.map(({ to, key }) => ({ to, label: `layout.services.${key}.label` as const }));

const NAV_LINKS: { to: string; label: MessageKey }[] = [
  { to: '/#features', label: 'layout.nav.features' },
  { to: '/pricing', label: 'layout.nav.pricing' },
  { to: '/about-us', label: 'layout.nav.aboutUs' },
  { to: '/refund-policy', label: 'layout.nav.refundPolicy' },
  { to: '/#contact', label: 'layout.nav.contact' },
];

const prefersReducedMotion = () => window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;

/**
 * After a navigation (docs/product-rules.md §2: after about 100 ms), scrolls to `#anchor` when there is one, else to
 * the top. Keyed on the navigation, so clicking the same anchor twice scrolls again. The home page's
 * lower sections load as a second chunk, so an anchor is looked for again for a few seconds.
 */
function useScrollOnNavigate() {
  const location = useLocation();
  useEffect(() => {
    const behavior: ScrollBehavior = prefersReducedMotion() ? 'auto' : 'smooth';
    const id = location.hash ? decodeURIComponent(location.hash.slice(1)) : '';
    const giveUpAt = Date.now() + 5000;
    let timer = setTimeout(function scroll() {
      if (!id) return window.scrollTo({ top: 0, behavior });
      const target = document.getElementById(id);
      if (target) target.scrollIntoView({ behavior, block: 'start' });
      else if (Date.now() < giveUpAt) timer = setTimeout(scroll, 100);
    }, 100);
    return () => clearTimeout(timer);
  }, [location.key, location.hash, location.pathname]);
}

function Brand() {
  const { t } = useT();
  return (
    <HStack asChild gap="2" fontWeight="bold" fontSize="lg" color="brand.fg" flexShrink={0}>
      <Link to="/" aria-label={t('layout.brandHome')}>
        <ShieldCheck aria-hidden />
        <span>Escrow Kenya</span>
      </Link>
    </HStack>
  );
}

function isActive(to: string, pathname: string) {
  return !to.includes('#') && to === pathname;
}

function TopBar() {
  const [isScrolled, setIsScrolled] = useState(false);
  const [isMenuOpen, setIsMenuOpen] = useState(false);
  const location = useLocation();
  const pagePath = usePagePath();
  const { t } = useT();
  const toggleRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    const onScroll = () => setIsScrolled(window.scrollY > 10);
    onScroll();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);
  useEffect(() => setIsMenuOpen(false), [location.key]);
  useEffect(() => {
    if (!isMenuOpen) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setIsMenuOpen(false);
      toggleRef.current?.focus();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [isMenuOpen]);

  const isRaised = isScrolled || isMenuOpen;
  return (
    <Box
      as="header"
      position="fixed"
      top="0"
      insetX="0"
      zIndex="sticky"
      data-scrolled={isScrolled ? '' : undefined}
      bg={isRaised ? 'bg/90' : 'transparent'}
      backdropFilter={isRaised ? 'saturate(180%) blur(10px)' : undefined}
      boxShadow={isRaised ? 'sm' : 'none'}
      borderBottomWidth="1px"
      borderColor={isRaised ? 'border.muted' : 'transparent'}
      transition="background 0.2s, box-shadow 0.2s, border-color 0.2s"
    >
      <Container maxW="7xl">
        <Flex h={isScrolled ? '14' : '16'} transition="height 0.2s" align="center" justify="space-between" gap="4">
          <Brand />
          <HStack as="nav" aria-label={t('layout.nav.main')} gap="0.5" display={{ base: 'none', lg: 'flex' }}>
            <ServicesMenu />
            {NAV_LINKS.map((link) => {
              const active = isActive(link.to, pagePath);
              return (
                <Button
                  key={link.to}
                  asChild
                  variant="ghost"
                  size="sm"
                  color={active ? 'brand.fg' : undefined}
                  fontWeight={active ? 'semibold' : undefined}
                >
                  <Link to={link.to} aria-current={active ? 'page' : undefined}>
                    {t(link.label)}
                  </Link>
                </Button>
              );
            })}
          </HStack>
          <HStack gap="1">
            <LanguageSwitch />
            <ColorModeButton />
            <Button asChild colorPalette="teal" size="sm" display={{ base: 'none', sm: 'inline-flex' }}>
              <Link to="/login">{t('layout.nav.getStarted')}</Link>
            </Button>
            <IconButton
              ref={toggleRef}
              aria-label={isMenuOpen ? t('layout.nav.closeMenu') : t('layout.nav.openMenu')}
              aria-expanded={isMenuOpen}
              aria-controls="mobile-menu"
              variant="ghost"
              size="sm"
              display={{ base: 'inline-flex', lg: 'none' }}
              onClick={() => setIsMenuOpen((open) => !open)}
            >
              {isMenuOpen ? <X /> : <MenuIcon />}
            </IconButton>
          </HStack>
        </Flex>
      </Container>
      <Box
        id="mobile-menu"
        as="nav"
        aria-label={t('layout.nav.mobile')}
        hidden={!isMenuOpen}
        display={{ lg: 'none' }}
        borderTopWidth="1px"
        bg="bg"
        maxH="calc(100dvh - 4rem)"
        overflowY="auto"
      >
        <Container maxW="7xl" py="3">
          <Text px="3" pt="1" pb="1" fontSize="xs" fontWeight="semibold" textTransform="uppercase" letterSpacing="wide" color="fg.muted">
            {t('layout.nav.services')}
          </Text>
          <Stack gap="0.5">
            {SERVICES.map((link) => (
              <MobileLink key={link.to} to={link.to} label={t(link.label)} pathname={pagePath} />
            ))}
          </Stack>
          <Separator my="2" />
          <Stack gap="0.5">
            {NAV_LINKS.map((link) => (
              <MobileLink key={link.to} to={link.to} label={t(link.label)} pathname={pagePath} />
            ))}
          </Stack>
          <Button asChild colorPalette="teal" w="full" mt="3">
            <Link to="/login">{t('layout.nav.getStarted')}</Link>
          </Button>
        </Container>
      </Box>
    </Box>
  );
}

function MobileLink({ to, label, pathname }: { to: string; label: string; pathname: string }) {
  const active = isActive(to, pathname);
  return (
    <Button asChild variant="ghost" justifyContent="flex-start" color={active ? 'brand.fg' : undefined}>
      <Link to={to} aria-current={active ? 'page' : undefined}>
        {label}
      </Link>
    </Button>
  );
}

const FOOTER_COLUMNS: { title: MessageKey; links: { to: string; label: MessageKey }[] }[] = [
  { title: 'layout.nav.services', links: [...SERVICES, { to: '/pricing', label: 'layout.nav.pricing' }] },
  {
    title: 'layout.footer.company',
    links: [
      { to: '/about-us', label: 'layout.nav.aboutUs' },
      { to: '/#careers', label: 'layout.footer.careers' },
      { to: '/#blog', label: 'layout.footer.blog' },
      { to: '/#contact', label: 'layout.nav.contact' },
    ],
  },
  {
    title: 'layout.footer.legal',
    links: [
      { to: '/terms-of-service', label: 'layout.footer.terms' },
      { to: '/privacy-policy', label: 'layout.footer.privacy' },
      { to: '/data-protection', label: 'layout.footer.dataProtection' },
      { to: '/refund-policy', label: 'layout.nav.refundPolicy' },
    ],
  },
];

const SOCIAL_LINKS = [
  { href: SOCIAL_PROFILES.x, label: 'X (Twitter)' },
  { href: SOCIAL_PROFILES.facebook, label: 'Facebook' },
  { href: SOCIAL_PROFILES.linkedin, label: 'LinkedIn' },
  { href: SOCIAL_PROFILES.instagram, label: 'Instagram' },
];

function Footer() {
  const { t } = useT();
  return (
    <Box as="footer" bg="bg.subtle" borderTopWidth="1px" mt="16">
      <Container maxW="7xl" py="12">
        <SimpleGrid columns={{ base: 2, md: 3, lg: 5 }} gap="8">
          <Stack gap="3" gridColumn={{ base: 'span 2', md: 'span 3', lg: 'span 2' }} maxW={{ lg: 'sm' }}>
            <Brand />
            <Text color="fg.muted" fontSize="sm">
              {t('layout.footer.about')}
            </Text>
            <Box borderWidth="1px" borderRadius="l3" p="4" bg="bg" maxW="xs">
              <Text fontSize="sm" color="fg.muted">
                {t('layout.footer.noInternet')}
              </Text>
              <Text fontWeight="bold" fontSize="2xl" fontFamily="mono" color="brand.fg" data-testid="footer-ussd">
                {USSD_CODE}
              </Text>
              <ChakraLink asChild fontSize="sm" color="brand.fg" textDecoration="underline">
                <Link to="/ussd-simulator">{t('layout.footer.tryUssd')}</Link>
              </ChakraLink>
            </Box>
            <Stack gap="1" fontSize="sm" color="fg.muted">
              <HStack gap="2">
                <Phone size={14} aria-hidden />
                <ChakraLink href={`tel:${SUPPORT_PHONE_TEL}`} color="fg.muted">
                  {SUPPORT_PHONE}
                </ChakraLink>
              </HStack>
              <HStack gap="2">
                <Mail size={14} aria-hidden />
                <ChakraLink href={`mailto:${SUPPORT_EMAIL}`} color="fg.muted">
                  {SUPPORT_EMAIL}
                </ChakraLink>
              </HStack>
              <HStack gap="2">
                <MapPin size={14} aria-hidden />
                <Text>{t('layout.footer.location')}</Text>
              </HStack>
              <HStack gap="2">
                <Clock size={14} aria-hidden />
                <Text>{t('layout.footer.hours')}</Text>
              </HStack>
            </Stack>
          </Stack>
          {FOOTER_COLUMNS.map((column) => (
            <Stack as="nav" aria-label={t(column.title)} key={column.title} gap="2">
              <Text fontWeight="semibold">{t(column.title)}</Text>
              {column.links.map((link) => (
                <ChakraLink key={link.to} asChild color="fg.muted" fontSize="sm" _hover={{ color: 'fg' }}>
                  <Link to={link.to}>{t(link.label)}</Link>
                </ChakraLink>
              ))}
            </Stack>
          ))}
        </SimpleGrid>
        <Separator my="8" />
        <Flex justify="space-between" align="center" wrap="wrap" gap="4" fontSize="sm" color="fg.muted">
          {/* The year is the build's in the prerendered HTML; a new year's first visitors may differ. */}
          <Text suppressHydrationWarning>{t('layout.footer.copyright', { year: new Date().getFullYear() })}</Text>
          <HStack as="ul" aria-label={t('layout.footer.social')} gap="2" listStyleType="none" flexWrap="wrap">
            {SOCIAL_LINKS.map((social) => (
              <li key={social.href}>
                <Button asChild size="xs" variant="outline">
                  <a href={social.href} target="_blank" rel="noreferrer noopener">
                    {social.label}
                  </a>
                </Button>
              </li>
            ))}
          </HStack>
        </Flex>
      </Container>
    </Box>
  );
}

export function PublicLayout() {
  useScrollOnNavigate();
  useLanguageOfPage();
  const { t } = useT();
  return (
    <Flex direction="column" minH="100vh">
      <SkipNavLink id="main-content">{t('layout.skipToContent')}</SkipNavLink>
      <TopBar />
      <SkipNavContent id="main-content" as="main" flex="1" pt="16">
        <Outlet />
      </SkipNavContent>
      <Footer />
    </Flex>
  );
}
