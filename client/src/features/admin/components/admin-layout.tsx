/**
 * The admin dashboard's shell (docs/product-rules.md §2 "Dashboard"): a collapsible sidebar in three sections (a drawer
 * on phones), and a header with the search box, the live-feed bell, the theme toggle (dark unless the
 * admin chose otherwise here), the Online badge and the user menu.
 */
import { Box, CloseButton, Drawer, Flex, HStack, IconButton, Portal, Stack } from '@chakra-ui/react';
import { Menu as MenuIcon, PanelLeftClose, PanelLeftOpen } from 'lucide-react';
import { useState } from 'react';
import { Outlet } from 'react-router';
import { setPreferences, useAdminPreferences } from '../admin-preferences';
import { useLiveFeed } from '../hooks/use-live-feed';
import { AdminToaster } from './toaster';
import { Brand } from './admin-shell/brand';
import { SidebarNav } from './admin-shell/sidebar-nav';
import { HeaderSearch } from './admin-shell/header-search';
import { ThemeToggle, useAdminDarkDefault } from './admin-shell/theme-toggle';
import { OnlineBadge } from './admin-shell/online-badge';
import { NotificationsMenu } from './admin-shell/notifications-menu';
import { UserMenu } from './admin-shell/user-menu';
import { useFocusHeadingOnNavigate } from '@/hooks/use-focus-heading-on-navigate';

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
