/** Every screen of *384*40#, gathered from the flows; `session-state.ts` lists them with the fields each needs. */
import { buyScreens } from './flows/buy.ts';
import { deliveryScreens } from './flows/delivery.ts';
import { disputeScreens } from './flows/dispute.ts';
import { homeScreens } from './flows/home.ts';
import { installmentScreens } from './flows/installments.ts';
import type { MenuContext, Outcome, Rendered, ScreensOf } from './flows/menu-kit.ts';
import { myTransactionsScreens } from './flows/my-transactions.ts';
import { payScreens } from './flows/pay.ts';
import { firstPinScreens, registerScreens } from './flows/register.ts';
import { sellScreens } from './flows/sell.ts';
import { settingsScreens } from './flows/settings.ts';
import type { ScreenId, ScreenState } from './session-state.ts';

const SCREENS: ScreensOf<ScreenId> = {
  ...homeScreens,
  ...registerScreens,
  ...firstPinScreens,
  ...settingsScreens,
  ...buyScreens,
  ...myTransactionsScreens,
  ...deliveryScreens,
  ...payScreens,
  ...disputeScreens,
  ...installmentScreens,
  ...sellScreens,
};

/** A screen bound to the fields it was read with (session-state.ts `currentScreen`). */
export interface BoundScreen {
  needsAccount: boolean;
  render(c: MenuContext, notice?: string): Promise<Rendered> | Rendered;
  handle(c: MenuContext, input: string): Promise<Outcome> | Outcome;
}

export function bindScreen(state: ScreenState): BoundScreen {
  // `state.screen` and `state.data` belong together (the union); TypeScript cannot follow that through the lookup.
  const screen = SCREENS[state.screen] as ScreensOf<ScreenId>[ScreenId] & {
    render(c: MenuContext, data: ScreenState['data'], notice?: string): Promise<Rendered> | Rendered;
    handle(c: MenuContext, data: ScreenState['data'], input: string): Promise<Outcome> | Outcome;
  };
  return {
    needsAccount: !!screen.needsAccount,
    render: (c, notice) => screen.render(c, state.data, notice),
    handle: (c, input) => screen.handle(c, state.data, input),
  };
}
