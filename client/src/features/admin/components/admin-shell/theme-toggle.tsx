/** The light/dark switch; the admin area starts dark until the admin picks a theme here (remembered). */
import { IconButton } from '@chakra-ui/react';
import { Moon, Sun } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useColorMode } from '@/components/ui/color-mode';
import { setPreferences, useAdminPreferences } from '../../admin-preferences';

export function ThemeToggle() {
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

/** Starts the admin area dark, until the admin picks a theme with the toggle (remembered). */
export function useAdminDarkDefault() {
  const { hasChosenTheme } = useAdminPreferences();
  const { colorMode, setColorMode } = useColorMode();
  const applied = useRef(false);
  useEffect(() => {
    if (applied.current || hasChosenTheme) return;
    applied.current = true;
    if (colorMode !== 'dark') setColorMode('dark');
  }, [hasChosenTheme, colorMode, setColorMode]);
}
