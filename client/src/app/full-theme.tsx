/**
 * Every Chakra recipe, for the pages that are not prerendered (the signed-in areas, password reset, the
 * USSD simulator). Loaded with those pages' chunks, never by the public pages (./theme.ts).
 */
import { ChakraProvider } from '@chakra-ui/react';
import { recipes, slotRecipes } from '@chakra-ui/react/theme';
import type { ReactNode } from 'react';
import { systemWithRecipes } from './theme';

export const fullSystem = systemWithRecipes(recipes, slotRecipes);

export function FullThemeProvider({ children }: { children: ReactNode }) {
  return <ChakraProvider value={fullSystem}>{children}</ChakraProvider>;
}
