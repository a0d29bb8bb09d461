import { ChakraProvider } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { DemoRibbon } from '@/components/demo-ribbon';
import { ColorModeProvider } from '@/components/ui/color-mode';
import { DEFAULT_LANGUAGE, I18nProvider, type Language } from '@/i18n';
import { system } from './theme';

export function AppProviders({ language = DEFAULT_LANGUAGE, children }: { language?: Language; children: ReactNode }) {
  return (
    <I18nProvider initial={language}>
      <ChakraProvider value={system}>
        <ColorModeProvider>
          {/* No TanStack Query provider here: the pages that use Query bring it (lib/query-provider.tsx). */}
          {children}
          <DemoRibbon />
        </ColorModeProvider>
      </ChakraProvider>
    </I18nProvider>
  );
}
