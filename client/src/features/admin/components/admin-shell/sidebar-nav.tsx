/** The sidebar's sections of links (also the phone drawer's content). */
import { Box, Stack, Text } from '@chakra-ui/react';
import { NavLink } from 'react-router';
import { NAV_SECTIONS } from './nav-sections';

export function SidebarNav({ compact, onNavigate }: { compact?: boolean; onNavigate?: () => void }) {
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
