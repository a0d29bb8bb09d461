/**
 * Every payment rail, registered in one place. A rail is a folder (rails/<rail>/) with its client, its
 * port adapter, its callback routes and its demo-mode mock, plus a block of settings in config/env.ts;
 * adding one is one line in MODULE_OF_RAIL (docs/adr/0008-payment-rail-port.md).
 */
import type { RailChoice } from '@escrow/core/domain/rail-choice';
import type { AppConfig } from '../config/env.ts';
import { airtelRail } from './airtel/index.ts';
import { mpesaRail } from './mpesa/index.ts';
import type { PaymentRails } from './port.ts';
import type { RailModule } from './rail-module.ts';

export type { RailModule };

/** One module per rail of RAIL_CHOICES: a rail added to that list but not here does not compile. */
const MODULE_OF_RAIL = { mpesa: mpesaRail, airtel: airtelRail } satisfies Record<RailChoice, RailModule>;

export const RAIL_MODULES: readonly RailModule[] = Object.values(MODULE_OF_RAIL);

export function createPaymentRails(config: AppConfig): PaymentRails {
  return Object.fromEntries(RAIL_MODULES.map((rail) => [rail.name, rail.create(config)])) as PaymentRails;
}
