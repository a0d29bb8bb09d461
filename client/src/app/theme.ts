/**
 * Two Chakra systems with one brand. The public pages' system carries only the component recipes those
 * pages use, so the first screen's JavaScript stays small; the signed-in areas and the other pages that
 * are not prerendered render inside `fullSystem` (./full-theme.ts, loaded with their chunk), which has
 * every recipe. A recipe missing here renders its component unstyled: `PUBLIC_RECIPE_KEYS` is checked
 * against the public pages' imports by theme.test.ts. docs/adr/0015-page-weight.md.
 */
import { createSystem, defaultBaseConfig, defineConfig, type SystemConfig } from '@chakra-ui/react';
import { breakpoints } from '@chakra-theme/breakpoints';
import { globalCss } from '@chakra-theme/global-css';
import { layerStyles } from '@chakra-theme/layer-styles';
import { animationStyles } from '@chakra-theme/motion-styles';
import { badgeRecipe } from '@chakra-theme/recipes/badge';
import { buttonRecipe } from '@chakra-theme/recipes/button';
import { checkmarkRecipe } from '@chakra-theme/recipes/checkmark';
import { containerRecipe } from '@chakra-theme/recipes/container';
import { headingRecipe } from '@chakra-theme/recipes/heading';
import { iconRecipe } from '@chakra-theme/recipes/icon';
import { inputRecipe } from '@chakra-theme/recipes/input';
import { inputAddonRecipe } from '@chakra-theme/recipes/input-addon';
import { linkRecipe } from '@chakra-theme/recipes/link';
import { separatorRecipe } from '@chakra-theme/recipes/separator';
import { skipNavLinkRecipe } from '@chakra-theme/recipes/skip-nav-link';
import { spinnerRecipe } from '@chakra-theme/recipes/spinner';
import { textareaRecipe } from '@chakra-theme/recipes/textarea';
import { alertSlotRecipe } from '@chakra-theme/recipes/alert';
import { cardSlotRecipe } from '@chakra-theme/recipes/card';
import { checkboxSlotRecipe } from '@chakra-theme/recipes/checkbox';
import { fieldSlotRecipe } from '@chakra-theme/recipes/field';
import { listSlotRecipe } from '@chakra-theme/recipes/list';
import { nativeSelectSlotRecipe } from '@chakra-theme/recipes/native-select';
import { progressSlotRecipe } from '@chakra-theme/recipes/progress';
import { tableSlotRecipe } from '@chakra-theme/recipes/table';
import { semanticColors } from '@chakra-theme/semantic-tokens/colors';
import { semanticRadii } from '@chakra-theme/semantic-tokens/radii';
import { semanticShadows } from '@chakra-theme/semantic-tokens/shadows';
import { textStyles } from '@chakra-theme/text-styles';
import { animations } from '@chakra-theme/tokens/animations';
import { aspectRatios } from '@chakra-theme/tokens/aspect-ratios';
import { blurs } from '@chakra-theme/tokens/blurs';
import { borders } from '@chakra-theme/tokens/borders';
import { colors } from '@chakra-theme/tokens/colors';
import { cursor } from '@chakra-theme/tokens/cursor';
import { durations } from '@chakra-theme/tokens/durations';
import { easings } from '@chakra-theme/tokens/easings';
import { fontSizes } from '@chakra-theme/tokens/font-sizes';
import { fontWeights } from '@chakra-theme/tokens/font-weights';
import { fonts } from '@chakra-theme/tokens/fonts';
import { keyframes } from '@chakra-theme/tokens/keyframes';
import { letterSpacings } from '@chakra-theme/tokens/letter-spacing';
import { lineHeights } from '@chakra-theme/tokens/line-heights';
import { radii } from '@chakra-theme/tokens/radius';
import { sizes } from '@chakra-theme/tokens/sizes';
import { spacing } from '@chakra-theme/tokens/spacing';
import { zIndices } from '@chakra-theme/tokens/z-indices';

/** Brand colours: a deep teal for trust, M-Pesa green for money actions. */
export const brandConfig = defineConfig({
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

/** Chakra's default tokens (@chakra-ui/react's theme module, rebuilt from its parts; see systemWithRecipes). */
const tokens = {
  aspectRatios,
  animations,
  blurs,
  borders,
  colors,
  durations,
  easings,
  fonts,
  fontSizes,
  fontWeights,
  letterSpacings,
  lineHeights,
  radii,
  spacing,
  sizes,
  zIndex: zIndices,
  cursor,
};
const semanticTokens = { colors: semanticColors, shadows: semanticShadows, radii: semanticRadii };

const publicRecipes = {
  badge: badgeRecipe,
  button: buttonRecipe,
  checkmark: checkmarkRecipe,
  container: containerRecipe,
  heading: headingRecipe,
  icon: iconRecipe,
  input: inputRecipe,
  inputAddon: inputAddonRecipe,
  link: linkRecipe,
  separator: separatorRecipe,
  skipNavLink: skipNavLinkRecipe,
  spinner: spinnerRecipe,
  textarea: textareaRecipe,
};

const publicSlotRecipes = {
  alert: alertSlotRecipe,
  card: cardSlotRecipe,
  checkbox: checkboxSlotRecipe,
  field: fieldSlotRecipe,
  list: listSlotRecipe,
  nativeSelect: nativeSelectSlotRecipe,
  progress: progressSlotRecipe,
  table: tableSlotRecipe,
};

/** The recipe keys the public system knows (theme.test.ts compares them with the public pages' components). */
export const PUBLIC_RECIPE_KEYS = [...Object.keys(publicRecipes), ...Object.keys(publicSlotRecipes)];

/**
 * Chakra's default theme (tokens, global styles, text and layer styles) with the given recipes. Built from
 * the theme's files (the `@chakra-theme` alias in vite.config.ts) rather than from `@chakra-ui/react/theme`,
 * whose index imports every recipe: reachable from the entry, the bundler keeps all of them in it.
 */
export const systemWithRecipes = (
  recipes: NonNullable<SystemConfig['theme']>['recipes'],
  slotRecipes: NonNullable<SystemConfig['theme']>['slotRecipes'],
) =>
  createSystem(
    defaultBaseConfig,
    defineConfig({
      preflight: true,
      // The values of Chakra's default theme (its theme/index.js).
      cssVarsPrefix: 'chakra',
      cssVarsRoot: ':where(html, .chakra-theme)',
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
    }),
    brandConfig,
  );

export const system = systemWithRecipes(publicRecipes, publicSlotRecipes);
