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
        // Chakra's teal.600 under white text is 3.7:1; teal.700 meets WCAG AA (4.5:1) in both themes.
        teal: { solid: { value: '{colors.teal.700}' } },
        // red.500 error text on white is 3.8:1; red.600 reaches 4.8:1.
        fg: {
          error: { value: { _light: '{colors.red.600}', _dark: '{colors.red.400}' } },
          // Chakra's gray.400 / gray.500 small print is 2.6:1 on white and 4.1:1 on the dark background.
          subtle: { value: { _light: '{colors.gray.500}', _dark: '{colors.gray.400}' } },
        },
        // M-Pesa green buttons: white on green.600 is 3.3:1; green.700 reaches 5:1.
        green: { solid: { value: '{colors.green.700}' } },
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
