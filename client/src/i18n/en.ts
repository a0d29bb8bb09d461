/** The English catalog: the source of every key. Add an area as `en/<area>.ts` and `sw/<area>.ts`. */
import { common } from './en/common';
import { customer } from './en/customer';

export const en = { common, customer };

/** The catalog's shape, with every text a string. */
type Strings<T> = { [K in keyof T]: T[K] extends string ? string : Strings<T[K]> };
export type Catalog = Strings<typeof en>;
