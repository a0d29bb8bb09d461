/** Whether the server and its database answer, polled. */
import { Badge, Box } from '@chakra-ui/react';
import { useServerOnline } from '../../hooks/use-server-online';

export function OnlineBadge() {
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
