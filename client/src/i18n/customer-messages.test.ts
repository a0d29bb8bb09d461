import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import type { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { resetUssdPinBody, updateProfileBody } from '@escrow/core/contract/auth';
import { MONEY_FORMAT_MESSAGE, NEGATIVE_MONEY_MESSAGE } from '@escrow/core/contract/common';
import {
  evidenceBodyDoc,
  refundRequestBody,
  respondBody,
  withdrawalRequestBody,
  withdrawalResponseBody,
} from '@escrow/core/contract/disputes';
import { checkoutBody, createPaymentLinkBody, releaseWithCodeBody } from '@escrow/core/contract/payment-links';
import {
  createTransactionBody,
  disputeBody,
  dispatchBody,
  initiatePaymentBody,
  listTransactionsQuery,
} from '@escrow/core/contract/transactions';
import { CLOSED_LINK_MESSAGES } from '@escrow/core/domain/payment-link';
import { paymentFailureSentence } from '@escrow/core/domain/payment-failure';
import { assessRefundRequest, withdrawalRefusal, type RefundFacts } from '@escrow/core/domain/refund-policy';
import { errorMessage } from '@/features/customer/components/query-state';
import { ApiError } from '@/lib/api';
import { customerFieldNames, customerMessages } from './en/customer-messages';
import { enFirstLoad } from './en-first-load';
import { localizeCustomerMessage } from './customer-messages';
import { loadLanguage, loadWholeCatalogs, translator } from '.';

/**
 * Messages the source writes from parts (`${what} not found`, `${label} must be between …`, `Please give
 * ${what}`), with a counted noun or with an optional date (`${on}`): the refund test below renders the dated
 * ones from the core itself, and the refusals' test below finds each of them where it is written.
 */
const COMPOSED = new Set([
  'linkNotFound',
  'evidenceFileNotFound',
  'paymentNotFound',
  'userNotFound',
  'amountBetween',
  'totalCostBetween',
  'giveReason',
  'giveResponse',
  'codeWrong',
  'codeWrongOne',
  'releasedAuto',
  'releasedCodeOn',
  'releasedConfirmedOn',
]);

/** Worded by the client itself for an answer that carries no message of ours (a proxy's 413: query-state.tsx). */
const CLIENT_WORDED = new Set(['requestTooLarge']);

const ROOT = path.resolve(import.meta.dirname, '../../..');

/** Every TypeScript source of the server and the shared core (tests left out), as one text. */
function sourceText(): string {
  const files = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) return entry.name === 'generated' || entry.name === 'node_modules' ? [] : files(full);
      return entry.name.endsWith('.ts') && !entry.name.includes('.test.') ? [full] : [];
    });
  const sources = [
    ...files(path.join(ROOT, 'server/src')),
    ...files(path.join(ROOT, 'packages/core/src')),
    path.join(ROOT, 'client/src/lib/api.ts'),
  ];
  return sources.map((file) => readFileSync(file, 'utf8')).join('\n');
}

const facts = (overrides: Partial<RefundFacts>): RefundFacts => ({
  status: 'completed',
  transactionType: 'standard',
  refunded: null,
  releasedBy: null,
  releasedOn: null,
  ruling: null,
  disputeStatus: null,
  ...overrides,
});

describe("the customer area's server messages", () => {
  it('are each still written somewhere in the server or the core, so a reworded message is noticed here', () => {
    const source = sourceText();
    // Each clause must appear as written: the source builds some messages from parts and values (`${…}`).
    const missing = Object.entries(customerMessages).filter(
      ([key, text]) =>
        !COMPOSED.has(key) &&
        !CLIENT_WORDED.has(key) &&
        text
          .split(/\{\{\w+\}\}|[().:]\s*|, /)
          .filter((clause) => clause.trim().length > 8)
          .some((clause) => !source.includes(clause.trim())),
    );
    expect(missing.map(([key, text]) => `${key}: ${text}`)).toEqual([]);
  });

  it('are shown in Kiswahili with their values, and a status as its badge names it', async () => {
    await loadLanguage('sw');
    expect(localizeCustomerMessage('Only a fully paid transaction can be dispatched (status: installment)', 'sw')).toBe(
      'Muamala uliolipwa kikamilifu pekee ndio unaweza kutumwa (hali: Inalipwa kidogo kidogo)',
    );
    expect(localizeCustomerMessage('The amount due is KES 2,540', 'sw')).toBe('Kiasi kinachodaiwa ni KES 2,540');
    // A payment amount's field error (moneyInput): a negative amount said as such, in the reader's language.
    expect(localizeCustomerMessage(NEGATIVE_MONEY_MESSAGE, 'sw')).toBe('Kiasi hakiwezi kuwa chini ya sifuri');
    expect(localizeCustomerMessage(MONEY_FORMAT_MESSAGE, 'sw')).toBe('Kiasi lazima kiwe nambari yenye desimali zisizozidi 2');
    expect(localizeCustomerMessage('Wrong release code: 3 tries left', 'sw')).toBe(
      'Nambari ya kuachilia si sahihi: umebakiwa na majaribio 3',
    );
    expect(localizeCustomerMessage(CLOSED_LINK_MESSAGES.expired, 'sw')).toBe('Kiungo hiki cha malipo kimepitwa na wakati');
    // A prompt the rail refused is answered with the refusal's sentence, which the core words in Kiswahili too.
    expect(localizeCustomerMessage(paymentFailureSentence('refused', 'en', 'Airtel Money'), 'sw')).toBe(
      'Airtel Money ilikataa ombi la malipo. Hakuna pesa iliyochukuliwa. Hakikisha nambari na kiasi, au ujaribu tena baadaye.',
    );
    expect(localizeCustomerMessage(paymentFailureSentence('payer_busy', 'en', 'M-Pesa'), 'sw')).toBe(
      paymentFailureSentence('payer_busy', 'sw', 'M-Pesa'),
    );
    expect(localizeCustomerMessage('M-Pesa is not reachable right now. Please try again in a moment.', 'sw')).toBe(
      'M-Pesa haipatikani kwa sasa. Tafadhali jaribu tena baada ya muda mfupi.',
    );
    // The auth area's messages still come through.
    expect(localizeCustomerMessage('Please wait 42 seconds before requesting another code.', 'sw')).toBe(
      'Tafadhali subiri sekunde 42 kabla ya kuomba nambari nyingine.',
    );
    expect(localizeCustomerMessage('Something new', 'sw')).toBe('Something new');
    expect(localizeCustomerMessage('The amount due is KES 2,540', 'en')).toBe('The amount due is KES 2,540');
  });

  it('cover every refusal of the refund and withdrawal rules, as the core words them', async () => {
    await loadLanguage('sw');
    const refusals = [
      assessRefundRequest(facts({ status: 'pending' })),
      assessRefundRequest(facts({ status: 'cancelled' })),
      assessRefundRequest(facts({ status: 'refunded', refunded: 'KES 2,540' })),
      assessRefundRequest(facts({ status: 'completed', ruling: 'release_seller' })),
      assessRefundRequest(facts({ status: 'completed', ruling: 'split', refunded: 'KES 1,000' })),
      assessRefundRequest(facts({ status: 'completed', releasedBy: 'auto_release', releasedOn: '24 Nov 2026' })),
      assessRefundRequest(facts({ status: 'completed', releasedBy: 'auto_release' })),
      assessRefundRequest(facts({ status: 'completed', releasedBy: 'release_code' })),
      assessRefundRequest(facts({ status: 'completed', releasedBy: 'release_code', releasedOn: '24 Nov 2026' })),
      assessRefundRequest(facts({ status: 'completed', releasedOn: '24 Nov 2026' })),
      assessRefundRequest(facts({ status: 'completed', releasedBy: 'buyer' })),
      assessRefundRequest(facts({ status: 'disputed', disputeStatus: 'awaiting_return' })),
      assessRefundRequest(facts({ status: 'disputed', disputeStatus: 'open' })),
    ].flatMap((decision) => (decision.isAllowed ? [] : [decision.message]));
    const withdrawals = [
      withdrawalRefusal(facts({ status: 'funded' })),
      withdrawalRefusal(facts({ status: 'pending', transactionType: 'lipa_mdogo_mdogo' })),
      withdrawalRefusal(facts({ status: 'dispatched', transactionType: 'lipa_mdogo_mdogo' })),
    ].filter((message): message is string => message !== null);
    expect(refusals).toHaveLength(13);
    expect(withdrawals).toHaveLength(3);
    for (const message of [...refusals, ...withdrawals]) expect(localizeCustomerMessage(message, 'sw'), message).not.toBe(message);
    expect(localizeCustomerMessage(refusals[5]!, 'sw')).toContain('uliisha 24 Nov 2026 bila malalamiko');
  });

  it('say when to try again after too many tries, unless the message says it', async () => {
    await loadLanguage('sw');
    await loadWholeCatalogs();
    const prompts = new ApiError('Too many payment prompts. Please wait and try again.', 429, 'RATE_LIMITED', undefined, 1_500);
    expect(errorMessage(prompts, 'fallback', 'en')).toBe('Too many payment prompts. Please wait and try again. Wait time: 25 minutes.');
    expect(errorMessage(prompts, 'fallback', 'sw')).toBe(
      'Maombi mengi mno ya malipo. Tafadhali subiri kisha ujaribu tena. Muda wa kusubiri: dakika 25.',
    );
    const code = new ApiError('Please wait 42 seconds before requesting another code.', 429, 'RATE_LIMITED', undefined, 42);
    expect(errorMessage(code, 'fallback', 'en')).toBe('Please wait 42 seconds before requesting another code.');
    expect(errorMessage(new ApiError('Internal error', 500, 'INTERNAL'), 'Could not save', 'sw')).toBe('Could not save');
  });
});

/**
 * Where the refusals a customer-area page can meet are written: the contract's request shapes and the rules
 * of the core, and the server's use cases of the customer's features (the admin's own use cases left out:
 * the admin area is in English only).
 */
const REFUSAL_SOURCES = [
  'packages/core/src/contract/common.ts',
  'packages/core/src/contract/transactions.ts',
  'packages/core/src/contract/payment-links.ts',
  'packages/core/src/contract/disputes.ts',
  'packages/core/src/contract/installments.ts',
  'packages/core/src/contract/auth.ts',
  'packages/core/src/domain/installment-plan.ts',
  'packages/core/src/domain/payment-link.ts',
  'packages/core/src/domain/refund-policy.ts',
  'server/src/modules/transactions',
  'server/src/modules/payments',
  'server/src/modules/escrow-core',
  'server/src/modules/disputes',
  'server/src/modules/release-codes',
  'server/src/modules/payment-links',
  'server/src/modules/installments',
  'server/src/modules/auth/use-cases/update-profile.ts',
  'server/src/modules/auth/use-cases/ussd-pin.ts',
  'server/src/modules/auth/use-cases/get-profile.ts',
  'server/src/plugins/auth.ts',
  'server/src/plugins/reject-invalid-text.ts',
  'server/src/plugins/idempotency.ts',
  'server/src/lib/app-error.ts',
];
const ADMIN_ONLY_SOURCES = new Set([
  'server/src/modules/disputes/use-cases/resolve-dispute.ts',
  'server/src/modules/disputes/use-cases/list-disputes.ts',
  'server/src/modules/payment-links/queries/admin-queries.ts',
  'server/src/modules/installments/sweep.ts',
]);

/** Refusals written there that no customer-area page can meet, each with why. */
const NOT_MET: [RegExp, string][] = [
  [
    /^The (buyer|seller|mediation team|system) cannot /,
    'a page offers only the actions the state table allows the caller (allowed_actions)',
  ],
  [/^Invalid (id|transaction id|payment link code)$/, 'ids come from the server: a page never types one'],
  [
    /^(Idempotency-Key must be .*|Invalid key|This Idempotency-Key was already used with a different request)$/,
    'the client writes one key per request (lib/idempotency-keys.ts)',
  ],
  [/^(expires_at must be an ISO-8601 date-time|accept must be true or false)$/, 'the page writes them (toISOString, a boolean)'],
  [
    /^(Malformed multipart body|Unexpected file: send it in the "file" field|This field is too long|Too many form (fields|parts))$/,
    'the evidence form sends one file, in "file", and fields within the form\'s own limits',
  ],
  [
    /^A refund of .* is more than what was paid in/,
    'a guard of the ledger: the refunds a party sets off (cancel, withdrawal, a return) are what the escrow holds',
  ],
  [
    /^(Please explain the ruling|buyer_amount (is required for|applies only to) a split|Administrator access required)$/,
    'the admin area is in English only',
  ],
  [
    /^(Only a pending payment can be closed as not received|The rail is still being asked about this payment)/,
    'the admin area is in English only (closing a payment the rail never confirmed)',
  ],
];

/** Calls whose string arguments are refusals (an error, a rule's refusal, a zod check's message). */
const REFUSING_CALLS = new Set([
  'AppError',
  'ReleaseCodeRefused',
  'businessRule',
  'invalidState',
  'rateLimited',
  'validationError',
  'validationFailure',
  'enforceRateLimits',
  'refuse',
  'min',
  'max',
  'int',
  'regex',
  'refine',
  'uuid',
  'datetime',
  'string',
  'number',
  'boolean',
  'enum',
  'email',
]);
/** Where a message takes a value the source does not hold (a status, an amount, a parameter). */
const HOLE = '\u0000';

/**
 * Every refusal written in REFUSAL_SOURCES, read from their syntax: the strings given to the calls above, a
 * `message:` or `errors:` property, `notFound(what)`, a string a `…Refusal` function returns and the
 * exported constants named `…MESSAGE(S)`. A `${…}` the source resolves (a constant, a choice between strings,
 * a parameter given strings where its function is called) is expanded; any other is a HOLE.
 */
function writtenRefusals(): string[] {
  const filesOf = (at: string): string[] =>
    statSync(at).isDirectory()
      ? readdirSync(at).flatMap((name) => filesOf(path.join(at, name)))
      : at.endsWith('.ts') && !at.includes('.test.') && !ADMIN_ONLY_SOURCES.has(path.relative(ROOT, at))
        ? [at]
        : [];
  const sources = REFUSAL_SOURCES.flatMap((source) => filesOf(path.join(ROOT, source))).map((file) =>
    ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true),
  );
  // Constants by name: a file's own first, then the constants other files export in capitals. And every
  // call of a function by its name, for the values its parameters take (`reasonText('a reason')`).
  const exported = new Map<string, ts.Expression>();
  const local = new Map<ts.SourceFile, Map<string, ts.Expression>>();
  const calls = new Map<string, ts.NodeArray<ts.Expression>[]>();
  for (const source of sources) {
    const own = new Map<string, ts.Expression>();
    local.set(source, own);
    source.forEachChild(function visit(node): void {
      if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && node.initializer) {
        own.set(node.name.text, node.initializer);
        if (/^[A-Z][A-Z_]*$/.test(node.name.text)) exported.set(node.name.text, node.initializer);
      }
      if (ts.isCallExpression(node) && ts.isIdentifier(node.expression)) {
        calls.set(node.expression.text, [...(calls.get(node.expression.text) ?? []), node.arguments]);
      }
      node.forEachChild(visit);
    });
  }
  /** The function whose parameter `name` is, seen from `node` inside it, with the parameter's place. */
  const parameterOf = (node: ts.Node, name: string): { fn: string; index: number; parameter: ts.ParameterDeclaration } | null => {
    for (let at: ts.Node | undefined = node.parent; at; at = at.parent) {
      if (!ts.isArrowFunction(at) && !ts.isFunctionDeclaration(at) && !ts.isFunctionExpression(at)) continue;
      const index = at.parameters.findIndex((parameter) => ts.isIdentifier(parameter.name) && parameter.name.text === name);
      if (index < 0) continue;
      const fn = ts.isFunctionDeclaration(at) ? at.name : ts.isVariableDeclaration(at.parent) ? at.parent.name : undefined;
      return fn && ts.isIdentifier(fn) ? { fn: fn.text, index, parameter: at.parameters[index]! } : null;
    }
    return null;
  };
  const found = new Set<string>();
  for (const source of sources) {
    const constant = (name: string) => local.get(source)!.get(name) ?? exported.get(name);
    const strings = (node: ts.Node, seen: Set<ts.Node> = new Set()): string[] => {
      if (seen.has(node)) return [];
      seen.add(node);
      if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return [node.text];
      if (ts.isTemplateExpression(node)) {
        return node.templateSpans
          .reduce(
            (texts, span) => {
              const values = strings(span.expression, seen);
              return texts.flatMap((text) => (values.length ? values : [HOLE]).map((value) => text + value + span.literal.text));
            },
            [node.head.text],
          )
          .slice(0, 500);
      }
      if (ts.isParenthesizedExpression(node) || ts.isAsExpression(node) || ts.isSatisfiesExpression(node))
        return strings(node.expression, seen);
      if (ts.isConditionalExpression(node)) return [...strings(node.whenTrue, seen), ...strings(node.whenFalse, seen)];
      if (ts.isBinaryExpression(node)) return [...strings(node.left, seen), ...strings(node.right, seen)];
      if (ts.isArrayLiteralExpression(node)) return node.elements.flatMap((element) => strings(element, seen));
      if (ts.isIdentifier(node)) {
        const value = constant(node.text);
        if (value) return strings(value, seen);
        const parameter = parameterOf(node, node.text);
        if (!parameter) return [];
        const given = (calls.get(parameter.fn) ?? []).map((args) => args[parameter.index]);
        return [parameter.parameter.initializer, ...given].flatMap((value) => (value ? strings(value, seen) : []));
      }
      if (ts.isPropertyAccessExpression(node) || ts.isElementAccessExpression(node)) {
        // A constant table of messages: the one named, or every one when the key is a value.
        const table = ts.isIdentifier(node.expression) ? constant(node.expression.text) : undefined;
        const object = table && (ts.isAsExpression(table) || ts.isSatisfiesExpression(table) ? table.expression : table);
        if (!object || !ts.isObjectLiteralExpression(object)) return [];
        const named = ts.isPropertyAccessExpression(node) ? node.name.text : null;
        return object.properties.flatMap((property) =>
          ts.isPropertyAssignment(property) && (named === null || property.name.getText() === named)
            ? strings(property.initializer, seen)
            : [],
        );
      }
      if (ts.isObjectLiteralExpression(node)) {
        return node.properties.flatMap((property) => {
          const name = property.name?.getText();
          if (ts.isShorthandPropertyAssignment(property) && name === 'message') return strings(property.name, seen);
          if (!ts.isPropertyAssignment(property)) return [];
          if (name === 'message') return strings(property.initializer, seen);
          // `errors: { field: [message] }`
          if (name === 'errors' && ts.isObjectLiteralExpression(property.initializer)) {
            return property.initializer.properties.flatMap((field) =>
              ts.isPropertyAssignment(field) ? strings(field.initializer, seen) : [],
            );
          }
          return [];
        });
      }
      return [];
    };
    const add = (node: ts.Node) => {
      for (const text of strings(node)) if (text.includes(' ')) found.add(text);
    };
    const isRoutes = source.fileName.endsWith('/routes.ts');
    source.forEachChild(function visit(node): void {
      if (ts.isCallExpression(node) || ts.isNewExpression(node)) {
        const callee = node.expression;
        const name = ts.isIdentifier(callee) ? callee.text : ts.isPropertyAccessExpression(callee) ? callee.name.text : '';
        const what = node.arguments?.[0];
        if (name === 'notFound') found.add(`${what && ts.isStringLiteral(what) ? what.text : 'Transaction'} not found`);
        else if (name === 'validationFailure' && what && ts.isObjectLiteralExpression(what)) {
          for (const field of what.properties) if (ts.isPropertyAssignment(field)) add(field.initializer);
        } else if (REFUSING_CALLS.has(name)) node.arguments?.forEach(add);
      }
      // A route's `message` is its success message, as is an answer's (`success: true`); any other is a refusal's.
      const isAnswer = (owner: ts.Node) =>
        isRoutes || (ts.isObjectLiteralExpression(owner) && owner.properties.some((property) => property.name?.getText() === 'success'));
      if (ts.isPropertyAssignment(node) && node.name.getText() === 'message' && !isAnswer(node.parent)) add(node.initializer);
      if (ts.isShorthandPropertyAssignment(node) && node.name.text === 'message' && !isAnswer(node.parent)) add(node.name);
      if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && /MESSAGES?$/.test(node.name.text) && node.initializer) {
        const statement = node.parent.parent;
        const isExported =
          ts.isVariableStatement(statement) && !!statement.modifiers?.some((modifier) => modifier.kind === ts.SyntaxKind.ExportKeyword);
        const value = node.initializer;
        if (isExported && ts.isObjectLiteralExpression(value)) {
          for (const property of value.properties) if (ts.isPropertyAssignment(property)) add(property.initializer);
        } else if (isExported) add(value);
      }
      if (ts.isReturnStatement(node) && node.expression) {
        const owner = node.parent.parent;
        if (owner && ts.isFunctionDeclaration(owner) && /refusal/i.test(owner.name?.text ?? '')) add(node.expression);
      }
      node.forEachChild(visit);
    });
  }
  return [...found].sort();
}

/** Every English message the catalogs translate, with `{{…}}` as 7. */
const CATALOG_SAMPLES = [
  ...Object.values(customerMessages),
  ...Object.values(enFirstLoad.auth.messages),
  ...Object.values(enFirstLoad.public.messages),
].map((text) => text.replace(/\{\{\w+\}\}/g, '7'));
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Whether a written refusal is said in Kiswahili: with its HOLEs as 7, or, when a hole takes words the source
 * does not hold (`Installment terms are ${…}`), as some message of the catalogs it can be. A field's name
 * before it (`${field}: …`) is left to the prefix test below.
 */
function isSaidInKiswahili(written: string): boolean {
  const text = written.startsWith(`${HOLE}: `) ? written.slice(3) : written;
  if (!/[a-z]/i.test(text.replaceAll(HOLE, ''))) return true; // only values: nothing to say
  const isSaid = (message: string) => localizeCustomerMessage(message, 'sw') !== message;
  if (isSaid(text.replaceAll(HOLE, '7'))) return true;
  if (!text.includes(HOLE)) return false;
  const shape = new RegExp(`^${text.split(HOLE).map(escapeRegExp).join('.*')}$`, 's');
  return CATALOG_SAMPLES.some((sample) => shape.test(sample) && isSaid(sample));
}

/** The request shapes of the customer area's forms (packages/core/src/contract), as the routes validate them. */
const CUSTOMER_REQUESTS: z.ZodType[] = [
  createTransactionBody,
  listTransactionsQuery,
  dispatchBody,
  disputeBody,
  initiatePaymentBody,
  createPaymentLinkBody,
  checkoutBody,
  releaseWithCodeBody,
  withdrawalRequestBody,
  withdrawalResponseBody,
  refundRequestBody,
  evidenceBodyDoc,
  respondBody,
  updateProfileBody,
  resetUssdPinBody,
];
function fieldsOf(schema: z.ZodType): string[] {
  let inner: unknown = schema;
  while (inner && typeof (inner as { unwrap?: unknown }).unwrap === 'function') inner = (inner as { unwrap: () => unknown }).unwrap();
  return Object.keys((inner as { shape?: object }).shape ?? {});
}

describe('every refusal a customer-area page can meet', () => {
  it('is said in Kiswahili, found where the server and the core write it', async () => {
    await loadLanguage('sw');
    const written = writtenRefusals();
    // The reading itself: it finds what it is meant to, each kind of place once at least.
    expect(written).toEqual(
      expect.arrayContaining([
        `Total cost must be between ${HOLE} and ${HOLE} KES`,
        NEGATIVE_MONEY_MESSAGE,
        'Quantity must be a whole number',
        'Please give your response',
        'Payment not found',
        `Only a fully paid transaction can be dispatched (status: ${HOLE})`,
        'This release code was already used',
        'The file is empty',
        'Another account already uses this email',
        CLOSED_LINK_MESSAGES.sold_out,
        'Lipa Mdogo Mdogo is for items over KES 10,000',
        'This transaction was cancelled before any payment, so there is nothing to refund.',
      ]),
    );
    const met = written.filter((text) => !NOT_MET.some(([pattern]) => pattern.test(text.replaceAll(HOLE, '7'))));
    expect(met.filter((text) => !isSaidInKiswahili(text)).map((text) => text.replaceAll(HOLE, '${…}'))).toEqual([]);
  });

  it('names its field as the form labels it, for every field of the forms', async () => {
    await loadLanguage('sw');
    const fields = [...new Set(CUSTOMER_REQUESTS.flatMap(fieldsOf))];
    expect(fields).toContain('seller_phone');
    expect(fields.filter((field) => !Object.hasOwn(customerFieldNames, field))).toEqual([]);
    const t = translator('sw');
    for (const field of fields) expect(t(`customer.fieldNames.${field as keyof typeof customerFieldNames}`), field).not.toMatch(/_/);
  });

  it("is said with its field's name, once", async () => {
    await loadLanguage('sw');
    // As the server answers a negative amount on a new transaction and on a payment link.
    expect(localizeCustomerMessage('amount: Amount must be between 1 and 500,000 KES', 'sw')).toBe(
      'Kiasi lazima kiwe kati ya KES 1 na KES 500,000',
    );
    expect(localizeCustomerMessage(`amount: ${NEGATIVE_MONEY_MESSAGE}`, 'sw')).toBe('Kiasi hakiwezi kuwa chini ya sifuri');
    expect(localizeCustomerMessage(`amount_min: ${MONEY_FORMAT_MESSAGE}`, 'sw')).toBe(
      'Kiasi cha chini: Kiasi lazima kiwe nambari yenye desimali zisizozidi 2',
    );
    expect(localizeCustomerMessage('seller_phone: Phone must start with 0 or 254 followed by 9 digits', 'sw')).toBe(
      'Simu ya muuzaji: Nambari ianze na 0 au 254, ikifuatwa na tarakimu 9',
    );
    expect(localizeCustomerMessage('quantity: Quantity must be at most 10000', 'sw')).toBe('Idadi isizidi 10000');
    expect(localizeCustomerMessage('reason: Please give a reason', 'sw')).toBe('Sababu: Tafadhali eleza sababu');
    expect(localizeCustomerMessage('description: Must be valid text (no NUL characters or unpaired surrogates)', 'sw')).toBe(
      'Maelezo: Maandishi haya yana herufi zisizokubalika',
    );
    // A message the catalog does not know stays whole, as it came; English is never touched.
    expect(localizeCustomerMessage('transaction_type: Invalid option: expected one of "standard"', 'sw')).toBe(
      'transaction_type: Invalid option: expected one of "standard"',
    );
    expect(localizeCustomerMessage(`amount: ${NEGATIVE_MONEY_MESSAGE}`, 'en')).toBe(`amount: ${NEGATIVE_MONEY_MESSAGE}`);
  });
});
