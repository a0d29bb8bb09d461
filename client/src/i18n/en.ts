/** The English catalog: the source of every key. Add an area as `en/<area>.ts` and `sw/<area>.ts`. */
import { auth } from './en/auth';
import { common } from './en/common';
import { customer } from './en/customer';
import { layout } from './en/layout';
import { publicSite } from './en/public';

export const en = { common, layout, public: publicSite, auth, customer };

/** The catalog's shape, with every text a string. */
type Strings<T> = { [K in keyof T]: T[K] extends string ? string : Strings<T[K]> };
export type Catalog = Strings<typeof en>;
