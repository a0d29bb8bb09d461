/**
 * The server's messages a signed-in person meets in the customer area, word for word in English (the
 * use cases under server/src/modules and the rules in packages/core/src/domain): a message equal to one of
 * these (`{{…}}` standing for any value) is shown in the reader's language. A `{{status}}` value is a
 * transaction status, named as the status badges name it. Loaded with the customer area, not the first load.
 */
export const customerMessages = {
  // Actions on a transaction (server/src/modules/escrow-core/run-action.ts and the use cases).
  dispatchNotPaid: 'Only a fully paid transaction can be dispatched (status: {{status}})',
  releaseNotDispatched: 'Payment can be released only after the seller has dispatched (status: {{status}})',
  cancelTooLate: 'This transaction can no longer be cancelled (status: {{status}})',
  disputeNotHeld: 'A dispute can be opened only while money is held in escrow (status: {{status}})',
  notAllowedNow: 'This action is not allowed now (status: {{status}})',
  transactionNotFound: 'Transaction not found',
  answerWithdrawalBeforeDispatch: "Answer the buyer's withdrawal request before dispatching",
  answerWithdrawalBeforeRelease: "Answer the buyer's withdrawal request before releasing",
  withdrawalLapsedFirst: "The time to answer the buyer's withdrawal request has passed: our mediators will review it",
  inspectionEnded:
    'The inspection period ended on {{date}}: disputes must be raised before it ends, and the payment is being released to the seller',
  onlyPartyDisputes: 'Only a party can open a dispute',
  // Creating a transaction or a payment link.
  verifyBeforeTransaction: 'Please verify your phone number before creating a transaction',
  verifyBeforeLink: 'Please verify your phone number before creating a payment link',
  notYourself: 'You cannot create a transaction with yourself as the seller',
  wholeShillings: 'Mobile money amounts must be whole shillings',
  tooManyTransactions: 'Too many transactions created. Please try again later.',
  tooManyInvitations: 'This phone has received too many invitations today. Please try again tomorrow.',
  tooManyLinks: 'Too many payment links created. Please try again later.',
  onlySellerLinks: 'Only a seller account can create payment links',
  expiryInFuture: 'The expiry must be in the future',
  ownLink: 'You cannot buy from your own payment link',
  linkNotFound: 'Payment link not found',
  soldOut: 'This item is sold out',
  linkExpired: 'This payment link has expired',
  linkDisabled: 'The seller has disabled this payment link',
  lmmMinimum: 'Lipa Mdogo Mdogo is for items over KES 10,000',
  depositBelowTotal: 'The initial payment must be less than the total cost',
  depositMinimum: 'The initial payment must be at least 20% of the total cost',
  termsOffered: 'Installment terms are 3, 6, 12 or 24 months',
  // The forms' fields as the contract checks them (packages/core/src/contract), each under its field.
  productNameRequired: 'Product name is required',
  amountBetween: 'Amount must be between {{min}} and {{max}} KES',
  totalCostBetween: 'Total cost must be between {{min}} and {{max}} KES',
  totalCostRequired: 'Total cost is required for Lipa Mdogo Mdogo',
  totalCostAboveDeposit: 'Total cost must be more than the initial payment',
  descriptionTooLong: 'Description must be at most {{max}} characters',
  quantityWhole: 'Quantity must be a whole number',
  quantityAtLeast: 'Quantity must be at least {{min}}',
  quantityAtMost: 'Quantity must be at most {{max}}',
  describeProblem: 'Please describe the problem',
  giveReason: 'Please give a reason',
  giveResponse: 'Please give your response',
  describeEvidence: 'Please describe the evidence',
  atMostCharacters: 'At most {{max}} characters',
  emailTooLong: 'Email must be at most {{max}} characters',
  invalidText: 'Must be valid text (no NUL characters or unpaired surrogates)',
  // Paying (server/src/modules/payments/use-cases/initiate-payment.ts).
  onlyBuyerPays: 'Only the buyer pays into escrow',
  nothingToPayStatus: 'Nothing to pay: the transaction is {{status}}',
  amountDue: 'The amount due is {{amount}}',
  amountRange: 'The amount must be more than {{min}} and at most {{max}}',
  firstPaymentRange: "The first payment must cover the plan's initial payment and your fee: at least {{min}}, at most {{max}}",
  // An amount typed wrong (packages/core/src/contract/common.ts, moneyInput).
  amountNegative: 'Must not be negative',
  amountFormat: 'Must be a number with at most 2 decimals',
  nothingDue: 'Nothing is due on this transaction',
  paymentNotFound: 'Payment not found',
  railUnreachable: '{{rail}} is not reachable right now. Please try again in a moment.',
  tooManyPrompts: 'Too many payment prompts. Please wait and try again.',
  // A request sent again while its first attempt still runs, past the client's own waits (lib/api.ts).
  stillProcessing: 'A request with this Idempotency-Key is still being processed',
  // Withdrawals and refunds (packages/core/src/domain/refund-policy.ts).
  onlyBuyerWithdraws: 'Only the buyer can ask to withdraw from a plan',
  withdrawalWaiting: 'A withdrawal request is already waiting for the seller',
  withdrawalWaitingLapsed: 'The seller did not answer your withdrawal request in time: our mediators will review it',
  noWithdrawalWaiting: 'There is no withdrawal request waiting for an answer',
  withdrawalAnswerTooLate: 'The time to answer this withdrawal request has passed: our mediators will review it',
  withdrawalOnlyPlans: 'Withdrawal applies only to Lipa Mdogo Mdogo plans. Cancel before dispatch, or open a dispute after it.',
  withdrawalNothingPaid: 'Nothing has been paid on this plan yet. You can cancel it instead.',
  withdrawalAfterDispatch:
    'A withdrawal must be requested before the item is dispatched. If the item is not as described, open a dispute instead.',
  onlyBuyerRefund: 'Only the buyer can ask for a refund. A seller can cancel before dispatch, which refunds the buyer.',
  refundNothingPaid: 'Nothing has been paid yet, so there is nothing to refund. You can cancel the transaction instead.',
  refundCancelled: 'This transaction was cancelled before any payment, so there is nothing to refund.',
  refundedAlready: 'This transaction was already refunded.',
  refundedAlreadyAmount: 'This transaction was already refunded ({{amount}}).',
  ruledForSeller: 'The dispute was ruled in favour of the seller. The ruling is final and binding, so no refund is possible.',
  ruledSplit: 'The dispute was settled with a split. The ruling is final and binding, so no further refund is possible.',
  ruledSplitAmount:
    'The dispute was settled with a split ({{amount}} refunded to you). The ruling is final and binding, so no further refund is possible.',
  releasedAuto:
    'The inspection period ended without a dispute and the payment was released to the seller. Disputes must be raised before release, so this transaction is not refundable.',
  releasedAutoOn:
    'The inspection period ended on {{date}} without a dispute and the payment was released to the seller. Disputes must be raised before release, so this transaction is not refundable.',
  releasedCode:
    'Your release code was given at hand-over and the payment was released to the seller. A completed transaction with no dispute is not refundable.',
  releasedCodeOn:
    'Your release code was given at hand-over and the payment was released to the seller on {{date}}. A completed transaction with no dispute is not refundable.',
  releasedConfirmed:
    'You confirmed delivery and the payment was released to the seller. A completed transaction with no dispute is not refundable, including a change of mind after delivery.',
  releasedConfirmedOn:
    'You confirmed delivery and the payment was released to the seller on {{date}}. A completed transaction with no dispute is not refundable, including a change of mind after delivery.',
  awaitingReturn: 'The mediation team already ruled for a refund: it is paid as soon as the seller confirms the item came back.',
  disputeAlreadyOpen: 'A dispute is already open on this transaction. Add your evidence to it instead.',
  // Disputes (server/src/modules/disputes).
  noDispute: 'There is no dispute on this transaction',
  onlySellerConfirmsReturn: 'Only the seller confirms that the item came back',
  noReturnToConfirm: 'There is no returned item to confirm: this follows a refund ruling on a dispatched item (status: {{status}})',
  // A return already confirmed, to the buyer and to the seller or the mediation team, by where the refund is.
  returnConfirmedYourRefundPaid: 'The return was already confirmed: your refund has been paid.',
  returnConfirmedYourRefundSending: 'The return was already confirmed: your refund is on its way.',
  returnConfirmedYourRefundFailed: 'The return was already confirmed, but your refund could not be sent: our team will contact you.',
  returnConfirmedRefundPaid: "The return was already confirmed: the buyer's refund has been paid.",
  returnConfirmedRefundSending: "The return was already confirmed: the buyer's refund is on its way.",
  returnConfirmedRefundFailed: "The return was already confirmed, but the buyer's refund could not be sent: our team will contact them.",
  /** A proxy's 413 (no envelope of ours, components/query-state.tsx): sending the same file again fails again. */
  requestTooLarge: 'The file is too large to send. Choose a smaller one.',
  otherPartyResponds: 'Only the other party responds to a dispute; the mediation team rules on it',
  openerCannotRespond: 'You opened this dispute: the other party responds. You can add evidence instead.',
  alreadyRuled: 'The mediation team has already ruled on this dispute',
  alreadyResponded: 'You have already responded to this dispute. You can add evidence instead.',
  ruledNoEvidence: 'The mediation team has ruled on this dispute: no more evidence can be added',
  evidenceLimit: 'A dispute can hold at most {{max}} pieces of evidence. Please combine them into fewer files.',
  evidenceTooLarge: 'The file is too large: evidence files are at most {{max}} MB',
  evidenceOneFile: 'Attach one file per evidence item',
  evidenceTypes: 'Evidence files must be PNG, JPEG or WebP images, PDF documents or plain text',
  evidenceNotKnownType: 'The file is not a PNG, JPEG or WebP image, a PDF document or plain text',
  evidenceNotDeclared: "The file's content is not {{type}} as declared",
  evidenceFileNotFound: 'Evidence file not found',
  evidenceEmpty: 'The file is empty',
  // Release codes (server/src/modules/release-codes).
  onlyBuyerSeesCode: 'Only the buyer can see the release code',
  onlyBuyerGetsCode: 'Only the buyer can receive the release code',
  codeOnlyWhileHeld: 'A release code exists only while the money is held for hand-over (status: {{status}})',
  tooManyCodes: 'Too many release codes sent. Please wait before asking for another.',
  noCodeYet: 'This transaction has no release code yet. Ask the buyer to send one from their page.',
  codeUsed: 'This release code was already used',
  codeBurnt: 'The release code was entered wrongly {{times}} times and no longer works. Ask the buyer to send a new one.',
  codeWrong: 'Wrong release code: {{count}} tries left',
  codeWrongOne: 'Wrong release code: 1 try left',
  releaseCodeDigits: 'The release code is 6 digits',
  // The profile and the session.
  emailInUse: 'Another account already uses this email.',
  emailInUseField: 'Another account already uses this email',
  userNotFound: 'User not found',
  wrongPassword: 'That is not your password',
  tooManyPasswords: 'Too many wrong passwords. Please wait and try again.',
  sessionExpired: 'Your session has expired or is invalid. Please log in again.',
  sessionEnded: 'Your session has ended. Please log in again.',
  loginRequired: 'Authentication required. Please log in.',
};

/**
 * The request fields of the customer area's forms, as those forms label them: a refusal the server prefixes
 * with its field ("amount: Must not be negative") names the field so (./customer-messages.ts).
 */
export const customerFieldNames = {
  seller_phone: 'Seller phone',
  amount: 'Amount',
  product_name: 'Product name',
  transaction_type: 'Transaction type',
  total_cost: 'Total cost',
  installment_months: 'Installment period',
  transaction_id: 'Transaction',
  phone_number: 'Phone number',
  rail: 'Pay with',
  courier: 'Courier',
  tracking_number: 'Tracking number',
  note: "Seller's note",
  reason: 'Reason',
  dispute_type: 'What went wrong',
  kind: 'Kind of evidence',
  description: 'Description',
  file: 'File',
  response: 'Your response',
  accept: 'Answer',
  code: 'Release code',
  quantity: 'Quantity',
  expires_at: 'Link expiry',
  first_name: 'First name',
  last_name: 'Last name',
  email: 'Email',
  preferred_language: 'Language',
  password: 'Password',
  status: 'Status',
  role: 'Role',
  search: 'Search',
  amount_min: 'Lowest amount',
  amount_max: 'Highest amount',
  page: 'Page',
  per_page: 'Rows per page',
};

/** The customer area's own words around an error (features/customer/components/query-state.tsx). */
export const customerErrors = {
  tryAgain: 'Try again',
  serverTrouble: 'Please try again in a moment.',
};
