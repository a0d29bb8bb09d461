/** The account menu: profile, settings, sign out. */
import { Avatar, Box, Button, Menu, Portal, Text } from '@chakra-ui/react';
import { LogOut, Settings, UserRound } from 'lucide-react';
import { useNavigate } from 'react-router';
import { logout, useAuth } from '@/hooks/use-auth';

export function UserMenu() {
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
