/**
 * Every payment rail, registered in one place. A rail is a folder (rails/<rail>/) with its client, its
 * port adapter, its callback routes and its demo-mode mock, plus a block of settings in config/env.ts;
 * adding one is one line in RAIL_MODULES (docs/adr/0008-payment-rail-port.md).
 */
import type { AppConfig } from '../config/env.ts';
import { airtelRail } from './airtel/index.ts';
import { mpesaRail } from './mpesa/index.ts';
import type { PaymentRails } from './port.ts';
import type { RailModule } from './rail-module.ts';

export type { RailModule };

export const RAIL_MODULES: readonly RailModule[] = [mpesaRail, airtelRail];

export function createPaymentRails(config: AppConfig): PaymentRails {
  return Object.fromEntries(RAIL_MODULES.map((rail) => [rail.name, rail.create(config)])) as PaymentRails;
}
