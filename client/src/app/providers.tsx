import { ChakraProvider } from '@chakra-ui/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { DemoRibbon } from '@/components/demo-ribbon';
import { ColorModeProvider } from '@/components/ui/color-mode';
import { DEFAULT_LANGUAGE, I18nProvider, type Language } from '@/i18n';
import { system } from './theme';

/** Spec §4 "Cache": data kept 60 s after last use; no polling or refetch on focus by default. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { gcTime: 60_000, staleTime: 10_000, refetchOnWindowFocus: false, retry: 1 },
  },
});

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
