/** The Kiswahili catalog, written for Kenyan readers (not word for word); loaded only when in use. */
import type { Catalog } from './en';
import { common } from './sw/common';
import { customer } from './sw/customer';

export const sw: Catalog = { common, customer };
