/** The live-feed bell: the latest events, unread count, each opening its transaction. */
import { Box, Flex, IconButton, Menu, Portal, Text } from '@chakra-ui/react';
import { Bell, BellRing } from 'lucide-react';
import { useNavigate } from 'react-router';
import { formatRelativeTime } from '@/lib/format';
import { useFeedState } from '../../hooks/use-live-feed';

export function NotificationsMenu() {
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
            {/* Only menu items and their group inside a menu: a plain button there (Clear) was outside the
                arrow-key order, and screen readers' menu mode could not reach it. */}
            <Menu.ItemGroup>
              <Menu.ItemGroupLabel fontWeight="semibold" fontSize="sm" color="fg">
                Latest events
              </Menu.ItemGroupLabel>
              {feed.notifications.length === 0 ? (
                <Menu.Item value="empty" disabled fontSize="sm" color="fg.muted">
                  Nothing new. Events appear here as they happen.
                </Menu.Item>
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
            </Menu.ItemGroup>
            {feed.notifications.length === 0 ? null : (
              <>
                <Menu.Separator />
                <Menu.Item value="clear" onClick={feed.clear} fontSize="sm">
                  Clear the list
                </Menu.Item>
              </>
            )}
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}
