import { createSystem, defaultBaseConfig, defineConfig } from '@chakra-ui/react';
import {
  animationStyles,
  breakpoints,
  cssVarsPrefix,
  cssVarsRoot,
  globalCss,
  keyframes,
  layerStyles,
  semanticTokens,
  textStyles,
  tokens,
  alertSlotRecipe,
  avatarSlotRecipe,
  badgeRecipe,
  buttonRecipe,
  cardSlotRecipe,
  checkboxSlotRecipe,
  checkmarkRecipe,
  codeRecipe,
  containerRecipe,
  dialogSlotRecipe,
  drawerSlotRecipe,
  emptyStateSlotRecipe,
  fieldSlotRecipe,
  fieldsetSlotRecipe,
  headingRecipe,
  inputRecipe,
  kbdRecipe,
  linkRecipe,
  listSlotRecipe,
  menuSlotRecipe,
  nativeSelectSlotRecipe,
  popoverSlotRecipe,
  progressSlotRecipe,
  radioGroupSlotRecipe,
  segmentGroupSlotRecipe,
  selectSlotRecipe,
  skeletonRecipe,
  skipNavLinkRecipe,
  spinnerRecipe,
  switchSlotRecipe,
  tableSlotRecipe,
  tabsSlotRecipe,
  tagSlotRecipe,
  textareaRecipe,
  toastSlotRecipe,
  tooltipSlotRecipe,
} from '@chakra-ui/react/theme';

const SYSTEM_FONTS = 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif';

/**
 * Chakra's default theme with only the recipes of the components this app renders (docs/architecture.md §6:
 * the full set of 76 recipes is ~15 KB gzipped of the first load). theme.test.ts walks every
 * Chakra component the client imports and fails when one's recipe is missing here.
 */
export const recipes = {
  badge: badgeRecipe,
  button: buttonRecipe,
  checkmark: checkmarkRecipe,
  code: codeRecipe,
  container: containerRecipe,
  heading: headingRecipe,
  input: inputRecipe,
  kbd: kbdRecipe,
  link: linkRecipe,
  skeleton: skeletonRecipe,
  skipNavLink: skipNavLinkRecipe,
  spinner: spinnerRecipe,
  textarea: textareaRecipe,
};
export const slotRecipes = {
  alert: alertSlotRecipe,
  avatar: avatarSlotRecipe,
  card: cardSlotRecipe,
  checkbox: checkboxSlotRecipe,
  dialog: dialogSlotRecipe,
  drawer: drawerSlotRecipe,
  emptyState: emptyStateSlotRecipe,
  field: fieldSlotRecipe,
  fieldset: fieldsetSlotRecipe,
  list: listSlotRecipe,
  menu: menuSlotRecipe,
  nativeSelect: nativeSelectSlotRecipe,
  popover: popoverSlotRecipe,
  progress: progressSlotRecipe,
  radioGroup: radioGroupSlotRecipe,
  segmentGroup: segmentGroupSlotRecipe,
  select: selectSlotRecipe,
  switch: switchSlotRecipe,
  table: tableSlotRecipe,
  tabs: tabsSlotRecipe,
  tag: tagSlotRecipe,
  toast: toastSlotRecipe,
  tooltip: tooltipSlotRecipe,
};

const chakraTheme = defineConfig({
  preflight: true,
  cssVarsPrefix,
  cssVarsRoot,
  globalCss,
  theme: {
    breakpoints,
    keyframes,
    tokens,
    semanticTokens,
    recipes,
    slotRecipes,
    textStyles,
    layerStyles,
    animationStyles,
  },
});

/** The app's design tokens; fonts are the system stack so nothing is fetched from outside. */
const appTheme = defineConfig({
  globalCss: {
    'html, body': { fontFamily: SYSTEM_FONTS },
    // A focus ring keyboard users can see (WCAG 2.4.7, 1.4.11): 2 px of the focusRing token, 2 px away from the
    // element. Chakra's recipes read these variables (their default is a 1 px ring on inputs); anything without a
    // recipe (a plain link, a table row's link) gets the same ring from the rule below.
    '*': { '--focus-ring-width': '2px', '--focus-ring-offset': '2px' },
    '*:focus-visible': {
      outlineWidth: 'var(--focus-ring-width)',
      outlineStyle: 'solid',
      outlineColor: 'focusRing',
      outlineOffset: 'var(--focus-ring-offset)',
    },
  },
  theme: {
    tokens: {
      fonts: {
        heading: { value: SYSTEM_FONTS },
        body: { value: SYSTEM_FONTS },
      },
      colors: {
        brand: {
          50: { value: '#e8f1fb' },
          100: { value: '#c6dcf5' },
          200: { value: '#9fc4ee' },
          300: { value: '#74aae6' },
          400: { value: '#4f93df' },
          500: { value: '#2b7bd6' },
          600: { value: '#1f64b5' },
          700: { value: '#174d8c' },
          800: { value: '#103764' },
          900: { value: '#08213d' },
        },
      },
    },
    semanticTokens: {
      colors: {
        /** The one focus-ring colour: brand.600 stands out 5.8:1 on white (Chakra's gray ring is 2.5:1). */
        focusRing: { value: '{colors.brand.600}' },
        gray: { focusRing: { value: '{colors.focusRing}' } },
        brand: {
          solid: { value: '{colors.brand.600}' },
          contrast: { value: 'white' },
          fg: { value: '{colors.brand.700}' },
          muted: { value: '{colors.brand.100}' },
          subtle: { value: '{colors.brand.50}' },
          emphasized: { value: '{colors.brand.200}' },
          focusRing: { value: '{colors.focusRing}' },
        },
      },
    },
  },
});

export const system = createSystem(defaultBaseConfig, chakraTheme, appTheme);
