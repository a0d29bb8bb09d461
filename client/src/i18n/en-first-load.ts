/**
 * The part of the English catalog that the public site's first load needs: every area but the auth pages',
 * the pricing page's and the customer area's, of which only the one transaction form's texts (./en/customer-form.ts). It is what a
 * visitor's first load carries; the auth and pricing pages load theirs with their code (`loadEnglishTexts` in
 * ./index.tsx), and the rest (the customer area's, the payment link page's) is loaded with the signed-in
 * pages (`loadWholeCatalogs`).
 */
import { authMessages } from './en/auth-messages';
import { common } from './en/common';
import { customerForm } from './en/customer-form';
import { layout } from './en/layout';
import { publicSite } from './en/public';

export const enFirstLoad = { common, layout, public: publicSite, auth: { messages: authMessages }, customer: customerForm };
