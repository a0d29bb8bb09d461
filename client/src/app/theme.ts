import { createSystem, defaultConfig, defineConfig } from '@chakra-ui/react';

/** Brand colours: a deep teal for trust, M-Pesa green for money actions. */
const config = defineConfig({
  theme: {
    tokens: {
      fonts: {
        heading: { value: "'Inter', system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif" },
        body: { value: "'Inter', system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif" },
      },
    },
    semanticTokens: {
      colors: {
        brand: {
          solid: { value: { _light: '{colors.teal.700}', _dark: '{colors.teal.400}' } },
          fg: { value: { _light: '{colors.teal.800}', _dark: '{colors.teal.300}' } },
          muted: { value: { _light: '{colors.teal.100}', _dark: '{colors.teal.900}' } },
          subtle: { value: { _light: '{colors.teal.50}', _dark: '{colors.teal.950}' } },
          contrast: { value: { _light: 'white', _dark: '{colors.gray.950}' } },
        },
      },
    },
  },
});

export const system = createSystem(defaultConfig, config);
