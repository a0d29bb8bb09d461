/**
 * The part of the English catalog that the prerendered pages (the public site and the auth pages) use:
 * every area but the customer area, of which only the one transaction form's texts (./en/customer-form.ts).
 * It is what a visitor's first load carries; the rest of the customer area's texts is loaded with the
 * signed-in pages (`loadWholeCatalogs` in ./index.tsx).
 */
import { auth } from './en/auth';
import { common } from './en/common';
import { customerForm } from './en/customer-form';
import { layout } from './en/layout';
import { publicSite } from './en/public';

export const enFirstLoad = { common, layout, public: publicSite, auth, customer: customerForm };
