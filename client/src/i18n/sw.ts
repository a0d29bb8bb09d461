/** The Kiswahili catalog, written for Kenyan readers (not word for word); loaded only when in use. */
import type { Catalog } from './en';
import { auth } from './sw/auth';
import { common } from './sw/common';
import { customer } from './sw/customer';
import { customerErrors, customerFieldNames, customerMessages } from './sw/customer-messages';
import { layout } from './sw/layout';
import { publicSite } from './sw/public';

export const sw: Catalog = {
  common,
  layout,
  public: publicSite,
  auth,
  customer: { ...customer, messages: customerMessages, fieldNames: customerFieldNames, errors: customerErrors },
};
