/**
 * The English catalog: the source of every key. Add an area as `en/<area>.ts` and `sw/<area>.ts`. Some
 * areas are in several files: ./en-first-load.ts is the part that ships with the public pages (the
 * customer area's form, which is also on the home page, and the auth area's messages, which translate the
 * server's on every page), the rest loads with the pages that show it.
 */
import { auth, waitTimes } from './en/auth';
import { customer } from './en/customer';
import { customerErrors, customerFieldNames, customerMessages } from './en/customer-messages';
import { publicContact, publicHomeSections } from './en/public-home-sections';
import { publicPay } from './en/public-pay';
import { publicPricing } from './en/public-pricing';
import { publicUssdSimulator } from './en/public-ussd';
import { relativeTimes } from './en/relative-times';
import { enFirstLoad } from './en-first-load';

export const en = {
  ...enFirstLoad,
  common: { ...enFirstLoad.common, errors: { ...enFirstLoad.common.errors, ...waitTimes }, time: relativeTimes },
  public: {
    ...enFirstLoad.public,
    home: { ...enFirstLoad.public.home, ...publicHomeSections },
    contact: publicContact,
    pricing: publicPricing,
    pay: publicPay,
    ussdSimulator: publicUssdSimulator,
  },
  auth: { ...auth, ...enFirstLoad.auth },
  customer: { ...customer, ...enFirstLoad.customer, messages: customerMessages, fieldNames: customerFieldNames, errors: customerErrors },
};

/** The catalog's shape, with every text a string. */
type Strings<T> = { [K in keyof T]: T[K] extends string ? string : Strings<T[K]> };
export type Catalog = Strings<typeof en>;
