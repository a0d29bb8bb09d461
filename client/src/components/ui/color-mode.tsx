/**
 * Light/dark theme (Chakra UI v3 + next-themes): kept in local storage, the system preference by default.
 * The class on <html> is set before the first paint by client/color-mode.js, written into each page's head
 * at build time and allowed by its hash (next-themes' own inline script, which the content security policy
 * would refuse, is kept inert).
 */
import { IconButton, type IconButtonProps } from '@chakra-ui/react';
import { Moon, Sun } from 'lucide-react';
import { ThemeProvider, useTheme, type ThemeProviderProps } from 'next-themes';
import { useIsHydrated } from '@/lib/use-is-hydrated';

const INERT_SCRIPT = { type: 'application/json' };

export function ColorModeProvider(props: ThemeProviderProps) {
  return (
    <ThemeProvider
      attribute="class"
      storageKey="theme"
      disableTransitionOnChange
      enableSystem
      defaultTheme="system"
      scriptProps={INERT_SCRIPT}
      {...props}
    />
  );
}

export type ColorMode = 'light' | 'dark';

export function useColorMode() {
  const { resolvedTheme, setTheme, forcedTheme } = useTheme();
  // The prerendered HTML cannot know the visitor's theme: render it as light until hydrated.
  const colorMode = (useIsHydrated() ? (forcedTheme ?? resolvedTheme ?? 'light') : 'light') as ColorMode;
  return {
    colorMode,
    setColorMode: (mode: ColorMode) => setTheme(mode),
    toggleColorMode: () => setTheme(colorMode === 'dark' ? 'light' : 'dark'),
  };
}

export function useColorModeValue<T>(light: T, dark: T): T {
  return useColorMode().colorMode === 'dark' ? dark : light;
}

export function ColorModeButton(props: Omit<IconButtonProps, 'aria-label'>) {
  const { colorMode, toggleColorMode } = useColorMode();
  const label = colorMode === 'dark' ? 'Switch to light theme' : 'Switch to dark theme';
  return (
    <IconButton aria-label={label} title={label} variant="ghost" size="sm" onClick={toggleColorMode} {...props}>
      {colorMode === 'dark' ? <Sun /> : <Moon />}
    </IconButton>
  );
}
