/**
 * The customer area's frame: a sidebar on wide screens and a scrollable tab row on phones, a header
 * with the theme toggle and the user menu (Profile, Sign out), and the page in <main>. After an in-app
 * navigation focus moves to the new page's heading, so screen reader users hear where they are.
 */
import {
  Avatar,
  Box,
  Button,
  Flex,
  HStack,
  Menu,
  Portal,
  SkipNavContent,
  SkipNavLink,
  Stack,
  Text,
  VisuallyHidden,
} from '@chakra-ui/react';
import { ArrowLeftRight, CirclePlus, LayoutDashboard, Link2, LogOut, ShieldCheck, UserRound } from 'lucide-react';
import { useEffect, useRef, type ReactNode, type RefObject } from 'react';
import { Link, NavLink, Outlet, useNavigate } from 'react-router';
import { ColorModeButton } from '@/components/ui/color-mode';
import { LanguageSwitch } from '@/components/ui/language-switch';
import { useFocusHeadingOnNavigate } from '@/hooks/use-focus-heading-on-navigate';
import { logout, useAuth } from '@/hooks/use-auth';
import { useT, type MessageKey } from '@/i18n';
import { preloadIdempotencyKeys } from '@/lib/api';

const NAV_ITEMS = [
  { to: '/dashboard', label: 'customer.layout.overview', icon: LayoutDashboard, end: true },
  { to: '/dashboard/transactions', label: 'customer.layout.transactions', icon: ArrowLeftRight, end: false },
  { to: '/dashboard/new', label: 'customer.layout.newTransaction', short: 'customer.layout.newShort', icon: CirclePlus, end: true },
  { to: '/dashboard/links', label: 'customer.layout.paymentLinks', short: 'customer.layout.linksShort', icon: Link2, end: true },
  { to: '/dashboard/profile', label: 'customer.layout.profile', icon: UserRound, end: true },
] as const satisfies readonly Omit<NavItemProps, 'compact'>[];

function Brand() {
  const { t } = useT();
  return (
    <HStack asChild gap="2" fontWeight="bold" fontSize="lg" color="brand.fg" flexShrink={0}>
      <Link to="/" aria-label={t('customer.layout.home')}>
        <ShieldCheck aria-hidden />
        <span>Escrow Kenya</span>
      </Link>
    </HStack>
  );
}

type NavItemProps = { to: string; label: MessageKey; short?: MessageKey; icon: typeof LayoutDashboard; end: boolean; compact?: boolean };

function NavItem({ to, label: labelKey, short: shortKey, icon: Icon, end, compact }: NavItemProps) {
  const { t } = useT();
  const label = t(labelKey);
  const short = shortKey ? t(shortKey) : undefined;
  // Sidebar: a highlighted pill. Phone tab row: an underline, so the row stays one line high; the five tabs
  // share the row's width and fit a 360 px phone in either language.
  const look = compact
    ? {
        px: '2',
        flexGrow: 1,
        justifyContent: 'center',
        borderRadius: '0',
        borderBottomWidth: '2px',
        borderBottomColor: 'transparent',
        _currentPage: { color: 'brand.fg', borderBottomColor: 'brand.solid' },
      }
    : { borderRadius: 'l2', _currentPage: { bg: 'brand.subtle', color: 'brand.fg' } };
  return (
    <Box
      asChild
      display="flex"
      alignItems="center"
      gap="2"
      px="3"
      py="2"
      fontWeight="medium"
      fontSize="sm"
      whiteSpace="nowrap"
      color="fg.muted"
      flexShrink={0}
      _hover={{ bg: 'bg.muted', color: 'fg' }}
      focusRingColor="brand.solid"
      {...look}
    >
      <NavLink to={to} end={end}>
        {compact ? null : <Icon size={18} aria-hidden />}
        {/* The tabs fit a 360 px phone with the short label; the full one stays the accessible name. */}
        {compact && short ? (
          <>
            <span aria-hidden>{short}</span>
            <VisuallyHidden>{label}</VisuallyHidden>
          </>
        ) : (
          label
        )}
      </NavLink>
    </Box>
  );
}

function UserMenu() {
  const { user } = useAuth();
  const { t } = useT();
  const navigate = useNavigate();
  const name = user?.full_name || user?.display_name || t('customer.layout.yourAccount');
  const signOut = async () => {
    await logout();
    navigate('/login', { replace: true });
  };
  return (
    <Menu.Root positioning={{ placement: 'bottom-end' }}>
      <Menu.Trigger asChild>
        <Button variant="ghost" size="sm" px="1.5" aria-label={t('customer.layout.accountMenu', { name })}>
          <Avatar.Root size="xs" colorPalette="teal">
            <Avatar.Fallback name={name} />
          </Avatar.Root>
          <Text display={{ base: 'none', sm: 'inline' }} maxW="40" truncate>
            {user?.first_name || name}
          </Text>
        </Button>
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content minW="44">
            <Box px="2" py="1.5">
              <Text fontWeight="medium" fontSize="sm">
                {name}
              </Text>
              <Text fontSize="xs" color="fg.muted">
                {user
                  ? t(
                      user.user_type === 'both'
                        ? 'customer.layout.accountBoth'
                        : user.user_type === 'seller'
                          ? 'customer.layout.accountSeller'
                          : 'customer.layout.accountBuyer',
                    )
                  : ''}
              </Text>
            </Box>
            <Menu.Separator />
            <Menu.Item value="profile" onClick={() => navigate('/dashboard/profile')}>
              <UserRound size={16} aria-hidden /> {t('customer.layout.profile')}
            </Menu.Item>
            <Menu.Item value="sign-out" onClick={() => void signOut()}>
              <LogOut size={16} aria-hidden /> {t('customer.layout.signOut')}
            </Menu.Item>
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}

/**
 * Keeps what the page scrolls to (the pay panel "Pay now" jumps to, a payment's outcome, a focused field) clear
 * of the sticky header: the page's scroll padding follows the header's height while the customer area is shown.
 * At 360 px the header (brand row and tab row) is 97 px tall and hid the pay panel's title and amount.
 */
function useScrollPaddingBelow(header: RefObject<HTMLElement | null>) {
  useEffect(() => {
    const element = header.current;
    if (!element) return;
    const root = document.documentElement;
    const apply = () => {
      root.style.scrollPaddingTop = `${element.offsetHeight}px`;
    };
    apply();
    const observer = new ResizeObserver(apply);
    observer.observe(element);
    return () => {
      observer.disconnect();
      root.style.scrollPaddingTop = '';
    };
  }, [header]);
}

export function CustomerLayout({ children }: { children?: ReactNode }) {
  const { t } = useT();
  const header = useRef<HTMLDivElement>(null);
  useFocusHeadingOnNavigate();
  useScrollPaddingBelow(header);
  // The money calls' key store, while the connection is good: a call on a bad one does not wait for it.
  useEffect(preloadIdempotencyKeys, []);
  return (
    <Flex minH="100dvh" bg="bg.subtle">
      <SkipNavLink>{t('customer.layout.skip')}</SkipNavLink>
      {/* The column stretches with the page; its content stays in view while the page scrolls. */}
      <Box as="aside" display={{ base: 'none', md: 'block' }} w="60" flexShrink={0} borderRightWidth="1px" bg="bg">
        <Stack position="sticky" top="0" px="4" py="5" gap="6">
          <Brand />
          <Stack as="nav" aria-label={t('customer.layout.nav')} gap="1">
            {NAV_ITEMS.map((item) => (
              <NavItem key={item.to} {...item} />
            ))}
          </Stack>
        </Stack>
      </Box>
      <Flex direction="column" flex="1" minW="0">
        <Box ref={header} as="header" bg="bg" borderBottomWidth="1px" position="sticky" top="0" zIndex="sticky">
          <HStack justify="space-between" px={{ base: '3', md: '6' }} h="14" gap="2">
            <Box display={{ base: 'block', md: 'none' }}>
              <Brand />
            </Box>
            <Text display={{ base: 'none', md: 'block' }} color="fg.muted" fontSize="sm">
              {t('customer.layout.tagline')}
            </Text>
            <HStack gap="1">
              <LanguageSwitch />
              <ColorModeButton />
              <UserMenu />
            </HStack>
          </HStack>
          <HStack
            as="nav"
            aria-label={t('customer.layout.nav')}
            display={{ base: 'flex', md: 'none' }}
            gap="0"
            px="1"
            overflowX="auto"
            borderTopWidth="1px"
          >
            {NAV_ITEMS.map((item) => (
              <NavItem key={item.to} {...item} compact />
            ))}
          </HStack>
        </Box>
        <SkipNavContent />
        <Box as="main" flex="1" px={{ base: '3', sm: '4', md: '8' }} py={{ base: '4', md: '8' }} maxW="6xl" w="full" mx="auto">
          {children ?? <Outlet />}
        </Box>
      </Flex>
    </Flex>
  );
}

/** A page's title row: the one h1 of the page, an optional line under it, and actions on the right. */
export function PageHeader({ title, description, actions }: { title: ReactNode; description?: ReactNode; actions?: ReactNode }) {
  return (
    <Flex gap="3" justify="space-between" align={{ base: 'stretch', sm: 'flex-start' }} direction={{ base: 'column', sm: 'row' }}>
      <Box minW="0">
        <Text as="h1" textStyle={{ base: 'xl', md: '2xl' }} fontWeight="bold" outline="none" lineHeight="short">
          {title}
        </Text>
        {description ? (
          <Text color="fg.muted" mt="1" fontSize="sm">
            {description}
          </Text>
        ) : null}
      </Box>
      {actions ? (
        <HStack gap="2" flexShrink={0}>
          {actions}
        </HStack>
      ) : null}
    </Flex>
  );
}
