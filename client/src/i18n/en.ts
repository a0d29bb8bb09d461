/**
 * The English catalog: the source of every key. Add an area as `en/<area>.ts` and `sw/<area>.ts`. The
 * customer area is in two files (./en/customer-form.ts is also on the home page); ./en-first-load.ts is
 * the part that ships with the public pages.
 */
import { customer } from './en/customer';
import { enFirstLoad } from './en-first-load';

export const en = { ...enFirstLoad, customer: { ...customer, ...enFirstLoad.customer } };

/** The catalog's shape, with every text a string. */
type Strings<T> = { [K in keyof T]: T[K] extends string ? string : Strings<T[K]> };
export type Catalog = Strings<typeof en>;
