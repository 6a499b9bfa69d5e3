/**
 * The UI kit's styling system: Chakra's defaults with the few colours that fail WCAG AA contrast
 * on white made darker (found by axe-core in tests/e2e/accessibility.test.ts): error text
 * (red.500 → red.700), green text and solid green buttons (green.600 → green.700).
 */
import { createSystem, defaultConfig, defineConfig } from '@chakra-ui/react';

const contrast = defineConfig({
  theme: {
    semanticTokens: {
      colors: {
        fg: {
          error: { value: { _light: '{colors.red.700}', _dark: '{colors.red.400}' } },
          success: { value: { _light: '{colors.green.700}', _dark: '{colors.green.400}' } },
        },
        green: {
          solid: { value: { _light: '{colors.green.700}', _dark: '{colors.green.600}' } },
          fg: { value: { _light: '{colors.green.800}', _dark: '{colors.green.300}' } },
        },
        red: {
          fg: { value: { _light: '{colors.red.700}', _dark: '{colors.red.300}' } },
        },
      },
    },
  },
});

export const system = createSystem(defaultConfig, contrast);
