import { createSystem, defaultConfig, defineConfig } from '@chakra-ui/react';

/** The app's design tokens; fonts are the system stack so nothing is fetched from outside. */
const config = defineConfig({
  globalCss: {
    'html, body': { fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif' },
  },
  theme: {
    tokens: {
      fonts: {
        heading: { value: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif' },
        body: { value: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif' },
      },
      colors: {
        brand: {
          50: { value: '#e8f1fb' }, 100: { value: '#c6dcf5' }, 200: { value: '#9fc4ee' }, 300: { value: '#74aae6' },
          400: { value: '#4f93df' }, 500: { value: '#2b7bd6' }, 600: { value: '#1f64b5' }, 700: { value: '#174d8c' },
          800: { value: '#103764' }, 900: { value: '#08213d' },
        },
      },
    },
    semanticTokens: {
      colors: {
        brand: {
          solid: { value: '{colors.brand.600}' }, contrast: { value: 'white' }, fg: { value: '{colors.brand.700}' },
          muted: { value: '{colors.brand.100}' }, subtle: { value: '{colors.brand.50}' }, emphasized: { value: '{colors.brand.200}' },
          focusRing: { value: '{colors.brand.500}' },
        },
      },
    },
  },
});

export const system = createSystem(defaultConfig, config);
