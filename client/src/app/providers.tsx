import { ChakraProvider } from '@chakra-ui/react';
import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { DemoRibbon } from '@/components/demo-ribbon';
import { ColorModeProvider } from '@/components/ui/color-mode';
import { DEFAULT_LANGUAGE, I18nProvider, type Language } from '@/i18n';
import { queryClient } from '@/lib/query-client';
import { system } from './theme';

export function AppProviders({ language = DEFAULT_LANGUAGE, children }: { language?: Language; children: ReactNode }) {
  return (
    <I18nProvider initial={language}>
      <ChakraProvider value={system}>
        <ColorModeProvider>
          <QueryClientProvider client={queryClient}>
            {children}
            <DemoRibbon />
          </QueryClientProvider>
        </ColorModeProvider>
      </ChakraProvider>
    </I18nProvider>
  );
}
