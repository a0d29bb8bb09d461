/**
 * The admin dashboard's shell (docs/product-rules.md §2 "Dashboard"): a collapsible sidebar in three sections (a drawer
 * on phones), and a header with the search box, the live-feed bell, the theme toggle (dark unless the
 * admin chose otherwise here), the Online badge and the user menu.
 */
import {
  Avatar,
  Badge,
  Box,
  Button,
  CloseButton,
  Drawer,
  Flex,
  HStack,
  IconButton,
  Input,
  InputGroup,
  Menu,
  Portal,
  Stack,
  Text,
} from '@chakra-ui/react';
import {
  Activity,
  ArrowLeftRight,
  BarChart3,
  Bell,
  BellRing,
  CircleHelp,
  FileText,
  Gavel,
  LayoutDashboard,
  LogOut,
  Mail,
  Menu as MenuIcon,
  MessageSquareText,
  Moon,
  PanelLeftClose,
  PanelLeftOpen,
  Search,
  Settings,
  ShieldCheck,
  Siren,
  Sun,
  UserRound,
  Users,
  type LucideIcon,
  Link2,
} from 'lucide-react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, NavLink, Outlet, useLocation, useNavigate, useSearchParams } from 'react-router';
import { useColorMode } from '@/components/ui/color-mode';
import { logout, useAuth } from '@/features/auth/use-auth';
import { formatRelativeTime } from '@/lib/format';
import { setPreferences, useAdminPreferences } from '../admin-preferences';
import { useFeedState, useLiveFeed } from '../hooks/use-live-feed';
import { useServerOnline } from '../hooks/use-server-online';
import { AdminToaster } from './toaster';

interface NavLinkItem {
  to: string;
  label: string;
  icon: LucideIcon;
  end?: boolean;
}

export const NAV_SECTIONS: { title: string; items: NavLinkItem[] }[] = [
  {
    title: 'Main',
    items: [
      { to: '/dashboard', label: 'Overview', icon: LayoutDashboard, end: true },
      { to: '/dashboard/transactions', label: 'Transactions', icon: ArrowLeftRight },
      { to: '/dashboard/analytics', label: 'Analytics', icon: BarChart3 },
      { to: '/dashboard/users', label: 'Users', icon: Users },
      { to: '/dashboard/reports', label: 'Reports', icon: FileText },
    ],
  },
  {
    title: 'System',
    items: [
      { to: '/dashboard/system', label: 'System Health', icon: ShieldCheck },
      { to: '/dashboard/monitoring', label: 'Monitoring', icon: Activity },
      { to: '/dashboard/alerts', label: 'Alerts', icon: Siren },
    ],
  },
  {
    title: 'Support',
    items: [
      { to: '/dashboard/disputes', label: 'Disputes', icon: Gavel },
      { to: '/dashboard/sms', label: 'SMS outbox', icon: MessageSquareText },
      { to: '/dashboard/messages', label: 'Contact messages', icon: Mail },
      { to: '/dashboard/links', label: 'Payment links', icon: Link2 },
      { to: '/dashboard/settings', label: 'Settings', icon: Settings },
      { to: '/dashboard/help', label: 'Help Center', icon: CircleHelp },
    ],
  },
];

function Brand({ compact }: { compact?: boolean }) {
  return (
    <HStack asChild gap="2" fontWeight="bold" fontSize="md" color="brand.fg" minW="0">
      <Link to="/dashboard" aria-label="Escrow Kenya admin home">
        <ShieldCheck aria-hidden style={{ flexShrink: 0 }} />
        {compact ? null : (
          <>
            <Text as="span" whiteSpace="nowrap">
              Escrow Kenya
            </Text>
            <Badge size="sm" variant="surface" colorPalette="teal" flexShrink={0}>
              Admin
            </Badge>
          </>
        )}
      </Link>
    </HStack>
  );
}

function SidebarNav({ compact, onNavigate }: { compact?: boolean; onNavigate?: () => void }) {
  return (
    <Stack as="nav" aria-label="Admin" gap="5">
      {NAV_SECTIONS.map((section) => (
        <Stack key={section.title} gap="0.5">
          {compact ? (
            <Box borderTopWidth="1px" mx="2" mb="1" aria-hidden />
          ) : (
            <Text px="3" pb="1" fontSize="xs" fontWeight="semibold" color="fg.subtle" textTransform="uppercase" letterSpacing="wider">
              {section.title}
            </Text>
          )}
          {section.items.map(({ to, label, icon: Icon, end }) => (
            <Box
              key={to}
              asChild
              display="flex"
              alignItems="center"
              justifyContent={compact ? 'center' : 'flex-start'}
              gap="3"
              px="3"
              py="2"
              borderRadius="l2"
              fontSize="sm"
              fontWeight="medium"
              color="fg.muted"
              _hover={{ bg: 'bg.muted', color: 'fg' }}
              _currentPage={{ bg: 'brand.subtle', color: 'brand.fg' }}
              focusRingColor="brand.solid"
            >
              <NavLink to={to} end={end} title={compact ? label : undefined} aria-label={compact ? label : undefined} onClick={onNavigate}>
                <Icon size={18} aria-hidden style={{ flexShrink: 0 }} />
                {compact ? null : label}
              </NavLink>
            </Box>
          ))}
        </Stack>
      ))}
    </Stack>
  );
}

function HeaderSearch() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const location = useLocation();
  const [term, setTerm] = useState(location.pathname === '/dashboard/search' ? (params.get('q') ?? '') : '');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const q = term.trim();
    if (q) navigate(`/dashboard/search?q=${encodeURIComponent(q)}`);
  };
  return (
    <Box as="form" role="search" onSubmit={submit} flex="1" maxW="md">
      <InputGroup startElement={<Search size={16} aria-hidden />}>
        <Input
          size="sm"
          type="search"
          value={term}
          onChange={(event) => setTerm(event.target.value)}
          placeholder="Search reference, phone, name or email"
          aria-label="Search transactions and users"
          maxLength={100}
        />
      </InputGroup>
    </Box>
  );
}

function ThemeToggle() {
  const { colorMode, setColorMode } = useColorMode();
  const label = colorMode === 'dark' ? 'Switch to light theme' : 'Switch to dark theme';
  return (
    <IconButton
      aria-label={label}
      title={label}
      variant="ghost"
      size="sm"
      onClick={() => {
        setPreferences({ hasChosenTheme: true });
        setColorMode(colorMode === 'dark' ? 'light' : 'dark');
      }}
    >
      {colorMode === 'dark' ? <Sun /> : <Moon />}
    </IconButton>
  );
}

/** Spec §9: the admin area starts dark, until the admin picks a theme here (remembered). */
function useAdminDarkDefault() {
  const { hasChosenTheme } = useAdminPreferences();
  const { colorMode, setColorMode } = useColorMode();
  const applied = useRef(false);
  useEffect(() => {
    if (applied.current || hasChosenTheme) return;
    applied.current = true;
    if (colorMode !== 'dark') setColorMode('dark');
  }, [hasChosenTheme, colorMode, setColorMode]);
}

function OnlineBadge() {
  const status = useServerOnline();
  const look = {
    online: { palette: 'green', text: 'Online' },
    offline: { palette: 'red', text: 'Offline' },
    checking: { palette: 'gray', text: 'Checking' },
  }[status];
  return (
    <Badge
      colorPalette={look.palette}
      variant="subtle"
      gap="1.5"
      px="2"
      py="1"
      aria-live="polite"
      title="Whether the server and its database answer"
    >
      <Box boxSize="2" borderRadius="full" bg="colorPalette.solid" aria-hidden />
      {look.text}
    </Badge>
  );
}

function NotificationsMenu() {
  const feed = useFeedState();
  const navigate = useNavigate();
  return (
    <Menu.Root positioning={{ placement: 'bottom-end' }} onOpenChange={(details) => details.open || feed.markSeen()}>
      <Box position="relative">
        <Menu.Trigger asChild>
          <IconButton variant="ghost" size="sm" aria-label={feed.unread ? `Notifications: ${feed.unread} new` : 'Notifications'}>
            {feed.unread ? <BellRing /> : <Bell />}
          </IconButton>
        </Menu.Trigger>
        {feed.unread ? (
          <Flex
            position="absolute"
            top="0"
            right="0"
            minW="4"
            h="4"
            px="1"
            align="center"
            justify="center"
            borderRadius="full"
            bg="red.solid"
            color="white"
            fontSize="2xs"
            fontWeight="bold"
            lineHeight="1"
            pointerEvents="none"
            aria-hidden
          >
            {feed.unread}
          </Flex>
        ) : null}
      </Box>
      <Portal>
        <Menu.Positioner>
          <Menu.Content w="sm" maxW="calc(100vw - 2rem)">
            <Flex px="2" py="1.5" justify="space-between" align="center">
              <Text fontWeight="semibold" fontSize="sm">
                Latest events
              </Text>
              <Button size="xs" variant="ghost" onClick={feed.clear} disabled={feed.notifications.length === 0}>
                Clear
              </Button>
            </Flex>
            <Menu.Separator />
            {feed.notifications.length === 0 ? (
              <Text px="2" py="3" fontSize="sm" color="fg.muted">
                Nothing new. Events appear here as they happen.
              </Text>
            ) : (
              feed.notifications.map((notification) => (
                <Menu.Item
                  key={notification.id}
                  value={notification.id}
                  onClick={() => navigate(`/dashboard/transactions?open=${notification.transactionId}`)}
                  alignItems="flex-start"
                >
                  <Box
                    boxSize="2"
                    mt="1.5"
                    borderRadius="full"
                    flexShrink={0}
                    bg={`${{ info: 'blue', success: 'green', warning: 'orange', error: 'red' }[notification.tone]}.solid`}
                  />
                  <Box minW="0">
                    <Text fontSize="sm" fontWeight="medium" truncate>
                      {notification.title}
                    </Text>
                    <Text fontSize="xs" color="fg.muted" lineClamp={2}>
                      {notification.message} · {formatRelativeTime(notification.timestamp)}
                    </Text>
                  </Box>
                </Menu.Item>
              ))
            )}
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}

function UserMenu() {
  const { user } = useAuth();
  const navigate = useNavigate();
  const name = user?.full_name || user?.display_name || 'Administrator';
  const signOut = async () => {
    await logout();
    navigate('/login', { replace: true });
  };
  return (
    <Menu.Root positioning={{ placement: 'bottom-end' }}>
      <Menu.Trigger asChild>
        <Button variant="ghost" size="sm" px="1.5" aria-label={`Account menu for ${name}`}>
          <Avatar.Root size="xs" colorPalette="teal">
            <Avatar.Fallback name={name} />
          </Avatar.Root>
          <Box textAlign="left" display={{ base: 'none', lg: 'block' }} lineHeight="1.1">
            <Text fontSize="sm" maxW="40" truncate>
              {name}
            </Text>
            <Text fontSize="2xs" color="fg.muted">
              Administrator
            </Text>
          </Box>
        </Button>
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content minW="48">
            <Box px="2" py="1.5">
              <Text fontWeight="medium" fontSize="sm">
                {name}
              </Text>
              <Text fontSize="xs" color="fg.muted">
                {user?.email ?? user?.phone_number ?? ''}
              </Text>
            </Box>
            <Menu.Separator />
            <Menu.Item value="profile" onClick={() => navigate('/dashboard/profile')}>
              <UserRound size={16} aria-hidden /> Profile
            </Menu.Item>
            <Menu.Item value="settings" onClick={() => navigate('/dashboard/settings')}>
              <Settings size={16} aria-hidden /> Settings
            </Menu.Item>
            <Menu.Item value="sign-out" onClick={() => void signOut()}>
              <LogOut size={16} aria-hidden /> Sign Out
            </Menu.Item>
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}

/** After an in-app navigation: scroll to the top and move focus to the new page's heading. */
function useFocusHeadingOnNavigate() {
  const location = useLocation();
  const isFirst = useRef(true);
  useEffect(() => {
    if (isFirst.current) {
      isFirst.current = false;
      return;
    }
    window.scrollTo({ top: 0 });
    document.querySelector<HTMLElement>('main h1')?.focus({ preventScroll: true });
  }, [location.pathname]);
}

export function AdminLayout() {
  const { sidebarCollapsed } = useAdminPreferences();
  const [isDrawerOpen, setIsDrawerOpen] = useState(false);
  useAdminDarkDefault();
  useLiveFeed();
  useFocusHeadingOnNavigate();

  return (
    <Flex minH="100dvh" bg="bg.subtle">
      <Box
        as="aside"
        aria-label="Admin navigation"
        display={{ base: 'none', md: 'block' }}
        w={sidebarCollapsed ? '16' : '64'}
        transition="width 0.15s"
        flexShrink={0}
        borderRightWidth="1px"
        bg="bg"
      >
        <Stack position="sticky" top="0" h="100dvh" overflowY="auto" px={sidebarCollapsed ? '2' : '3'} py="4" gap="6">
          <Flex justify={sidebarCollapsed ? 'center' : 'flex-start'} px={sidebarCollapsed ? '0' : '2'} h="8" align="center">
            <Brand compact={sidebarCollapsed} />
          </Flex>
          <SidebarNav compact={sidebarCollapsed} />
        </Stack>
      </Box>

      <Drawer.Root open={isDrawerOpen} onOpenChange={(details) => setIsDrawerOpen(details.open)} placement="start" size="xs">
        <Portal>
          <Drawer.Backdrop />
          <Drawer.Positioner>
            <Drawer.Content>
              <Drawer.Header>
                <Drawer.Title asChild>
                  <Box>
                    <Brand />
                  </Box>
                </Drawer.Title>
              </Drawer.Header>
              <Drawer.Body>
                <SidebarNav onNavigate={() => setIsDrawerOpen(false)} />
              </Drawer.Body>
              <Drawer.CloseTrigger asChild>
                <CloseButton size="sm" aria-label="Close menu" />
              </Drawer.CloseTrigger>
            </Drawer.Content>
          </Drawer.Positioner>
        </Portal>
      </Drawer.Root>

      <Flex direction="column" flex="1" minW="0">
        <Box as="header" bg="bg" borderBottomWidth="1px" position="sticky" top="0" zIndex="sticky">
          <HStack px={{ base: '2', md: '4' }} h="14" gap={{ base: '1', md: '3' }}>
            <IconButton
              variant="ghost"
              size="sm"
              aria-label="Open menu"
              display={{ base: 'inline-flex', md: 'none' }}
              onClick={() => setIsDrawerOpen(true)}
            >
              <MenuIcon />
            </IconButton>
            <IconButton
              variant="ghost"
              size="sm"
              aria-label={sidebarCollapsed ? 'Expand sidebar' : 'Collapse sidebar'}
              title={sidebarCollapsed ? 'Expand sidebar' : 'Collapse sidebar'}
              display={{ base: 'none', md: 'inline-flex' }}
              onClick={() => setPreferences({ sidebarCollapsed: !sidebarCollapsed })}
            >
              {sidebarCollapsed ? <PanelLeftOpen /> : <PanelLeftClose />}
            </IconButton>
            <HeaderSearch />
            <HStack gap={{ base: '0', md: '1' }} ml="auto" flexShrink={0}>
              <Box display={{ base: 'none', sm: 'block' }}>
                <OnlineBadge />
              </Box>
              <NotificationsMenu />
              <ThemeToggle />
              <UserMenu />
            </HStack>
          </HStack>
        </Box>
        <Box as="main" flex="1" px={{ base: '3', sm: '4', md: '6', xl: '8' }} py={{ base: '4', md: '6' }} w="full" maxW="7xl" mx="auto">
          <Outlet />
        </Box>
      </Flex>
      <AdminToaster />
    </Flex>
  );
}
