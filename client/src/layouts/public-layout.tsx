/**
 * The public site's frame: a fixed top bar that restyles after 10 px of scroll, a Services menu, a
 * theme toggle, a mobile menu and Get Started; the footer with the USSD code and links (spec §2).
 */
import {
  Box,
  Button,
  Container,
  Flex,
  HStack,
  IconButton,
  Link as ChakraLink,
  Menu,
  Portal,
  Stack,
  Text,
  Separator,
  SimpleGrid,
} from '@chakra-ui/react';
import { ChevronDown, Menu as MenuIcon, ShieldCheck, X } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link, Outlet, useLocation, useNavigate } from 'react-router';
import { ColorModeButton } from '@/components/ui/color-mode';

export const SERVICES = [
  { to: '/standard-escrow', label: 'Standard Escrow' },
  { to: '/lipa-mdogo-mdogo', label: 'Lipa Mdogo Mdogo' },
  { to: '/dispute-resolution', label: 'Dispute Resolution' },
];

const NAV_LINKS = [
  { to: '/#features', label: 'Features' },
  { to: '/pricing', label: 'Pricing' },
  { to: '/about-us', label: 'About Us' },
  { to: '/refund-policy', label: 'Refund Policy' },
  { to: '/#contact', label: 'Contact' },
];

export const USSD_CODE = '*384*40#';

/** Scrolls to `#anchor` on the home page, or to the top after navigating (spec §2: after about 100 ms). */
function useScrollOnNavigate() {
  const location = useLocation();
  useEffect(() => {
    const timer = setTimeout(() => {
      if (location.hash) {
        document.getElementById(location.hash.slice(1))?.scrollIntoView({ behavior: 'smooth' });
      } else {
        window.scrollTo({ top: 0, behavior: 'smooth' });
      }
    }, 100);
    return () => clearTimeout(timer);
  }, [location.pathname, location.hash]);
}

function Brand() {
  return (
    <HStack asChild gap="2" fontWeight="bold" fontSize="lg" color="brand.fg">
      <Link to="/" aria-label="Escrow Kenya home">
        <ShieldCheck aria-hidden />
        <span>Escrow Kenya</span>
      </Link>
    </HStack>
  );
}

function TopBar() {
  const [isScrolled, setIsScrolled] = useState(false);
  const [isMenuOpen, setIsMenuOpen] = useState(false);
  const navigate = useNavigate();
  const location = useLocation();

  useEffect(() => {
    const onScroll = () => setIsScrolled(window.scrollY > 10);
    onScroll();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);
  useEffect(() => setIsMenuOpen(false), [location.pathname, location.hash]);

  return (
    <Box
      as="header"
      position="fixed"
      top="0"
      insetX="0"
      zIndex="sticky"
      data-scrolled={isScrolled || undefined}
      bg={isScrolled ? 'bg/90' : 'transparent'}
      backdropFilter={isScrolled ? 'blur(10px)' : undefined}
      boxShadow={isScrolled ? 'sm' : 'none'}
      transition="background 0.2s, box-shadow 0.2s"
    >
      <Container maxW="7xl">
        <Flex h="16" align="center" justify="space-between" gap="4">
          <Brand />
          <HStack as="nav" aria-label="Main" gap="1" display={{ base: 'none', lg: 'flex' }}>
            <Menu.Root>
              <Menu.Trigger asChild>
                <Button variant="ghost" size="sm">
                  Services <ChevronDown aria-hidden />
                </Button>
              </Menu.Trigger>
              <Portal>
                <Menu.Positioner>
                  <Menu.Content>
                    {SERVICES.map((service) => (
                      <Menu.Item key={service.to} value={service.to} onSelect={() => navigate(service.to)}>
                        {service.label}
                      </Menu.Item>
                    ))}
                  </Menu.Content>
                </Menu.Positioner>
              </Portal>
            </Menu.Root>
            {NAV_LINKS.map((link) => (
              <Button key={link.to} asChild variant="ghost" size="sm">
                <Link to={link.to}>{link.label}</Link>
              </Button>
            ))}
          </HStack>
          <HStack gap="2">
            <ColorModeButton />
            <Button asChild colorPalette="teal" size="sm" display={{ base: 'none', sm: 'inline-flex' }}>
              <Link to="/login">Get Started</Link>
            </Button>
            <IconButton
              aria-label={isMenuOpen ? 'Close menu' : 'Open menu'}
              aria-expanded={isMenuOpen}
              variant="ghost"
              size="sm"
              display={{ base: 'inline-flex', lg: 'none' }}
              onClick={() => setIsMenuOpen((open) => !open)}
            >
              {isMenuOpen ? <X /> : <MenuIcon />}
            </IconButton>
          </HStack>
        </Flex>
        {isMenuOpen && (
          <Stack as="nav" aria-label="Mobile" pb="4" gap="1" display={{ lg: 'none' }} bg="bg" borderRadius="md" p="2" boxShadow="md">
            {[...SERVICES, ...NAV_LINKS].map((link) => (
              <Button key={link.to} asChild variant="ghost" justifyContent="flex-start">
                <Link to={link.to}>{link.label}</Link>
              </Button>
            ))}
            <Button asChild colorPalette="teal">
              <Link to="/login">Get Started</Link>
            </Button>
          </Stack>
        )}
      </Container>
    </Box>
  );
}

function Footer() {
  const columns = [
    { title: 'Services', links: SERVICES },
    {
      title: 'Company',
      links: [
        { to: '/about-us', label: 'About Us' },
        { to: '/#careers', label: 'Careers' },
        { to: '/#blog', label: 'Blog' },
        { to: '/#contact', label: 'Contact' },
      ],
    },
    {
      title: 'Legal',
      links: [
        { to: '/terms-of-service', label: 'Terms of Service' },
        { to: '/privacy-policy', label: 'Privacy Policy' },
        { to: '/data-protection', label: 'Data Protection' },
        { to: '/refund-policy', label: 'Refund Policy' },
      ],
    },
  ];
  return (
    <Box as="footer" bg="bg.subtle" borderTopWidth="1px" mt="16">
      <Container maxW="7xl" py="12">
        <SimpleGrid columns={{ base: 1, md: 4 }} gap="8">
          <Stack gap="3">
            <Brand />
            <Text color="fg.muted" fontSize="sm">
              Secure escrow and installment payments for Kenya. We are not a bank: payments go through licensed partners.
            </Text>
            <Box borderWidth="1px" borderRadius="md" p="3" bg="bg">
              <Text fontSize="sm" color="fg.muted">
                No internet? Dial
              </Text>
              <Text fontWeight="bold" fontSize="xl" fontFamily="mono">
                {USSD_CODE}
              </Text>
              <ChakraLink asChild fontSize="sm" color="brand.fg">
                <Link to="/ussd-simulator">Try the USSD simulator</Link>
              </ChakraLink>
            </Box>
          </Stack>
          {columns.map((column) => (
            <Stack key={column.title} gap="2">
              <Text fontWeight="semibold">{column.title}</Text>
              {column.links.map((link) => (
                <ChakraLink key={link.to} asChild color="fg.muted" fontSize="sm">
                  <Link to={link.to}>{link.label}</Link>
                </ChakraLink>
              ))}
            </Stack>
          ))}
        </SimpleGrid>
        <Separator my="8" />
        <Flex justify="space-between" wrap="wrap" gap="4" fontSize="sm" color="fg.muted">
          <Text>© {new Date().getFullYear()} Escrow Kenya. Nairobi, Kenya.</Text>
          <HStack gap="4">
            <ChakraLink href="https://x.com/escrowkenya" target="_blank" rel="noreferrer">
              X (Twitter)
            </ChakraLink>
            <ChakraLink href="https://facebook.com/escrowkenya" target="_blank" rel="noreferrer">
              Facebook
            </ChakraLink>
            <ChakraLink href="https://linkedin.com/company/escrowkenya" target="_blank" rel="noreferrer">
              LinkedIn
            </ChakraLink>
          </HStack>
        </Flex>
      </Container>
    </Box>
  );
}

export function PublicLayout() {
  useScrollOnNavigate();
  return (
    <Flex direction="column" minH="100vh">
      <TopBar />
      <Box as="main" flex="1" pt="16">
        <Outlet />
      </Box>
      <Footer />
    </Flex>
  );
}
