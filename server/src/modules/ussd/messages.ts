/**
 * Every USSD screen's words, in English and Kiswahili. Amounts arrive formatted (formatKes), names
 * already clipped; the screen builder (screen.ts) checks that each finished screen fits 182 characters.
 */
import type { TransactionStatus, TransactionType } from '@escrow/core/domain/transaction-state';

export type UssdLanguage = 'en' | 'sw';

const en = {
  nav: '0 Back 00 Home',
  more: '9 More',
  // ── home ──
  welcome: 'Welcome to Escrow Kenya',
  guestMenu: ['Register', 'Language/Lugha', 'Help'],
  hello: (name: string) => `Escrow Kenya: ${name}`,
  mainMenu: [
    'Buy (new escrow)',
    'My transactions',
    'Confirm delivery',
    'Sell/dispatch',
    'Pay / installment',
    'Dispute / withdraw',
    'Find by reference',
    'My account',
  ],
  accountMenu: ['Change PIN', 'Language/Lugha', 'Help'],
  accountTitle: 'My account',
  // ── registration and PINs ──
  firstName: 'Enter your first name:',
  lastName: 'Enter your last name:',
  accountType: 'Choose account type:',
  accountTypes: ['Buyer', 'Seller', 'Both'],
  newPin: 'Create a 4-digit PIN:',
  confirmPin: 'Enter the PIN again:',
  setPinIntro: (name: string) => `Welcome ${name}. Set a 4-digit USSD PIN to use Escrow Kenya by phone.`,
  registered: (name: string) => `Welcome ${name}! You are registered. Dial *384*40# to buy or sell safely. We sent you an SMS.`,
  alreadyRegistered: 'This phone is already registered. Dial *384*40# again.',
  pinSet: 'Your PIN is set.',
  currentPin: 'Enter your current PIN:',
  pinChanged: 'Your PIN has been changed.',
  enterPin: 'Enter PIN to confirm:',
  wrongPin: (left: number) => `Wrong PIN. ${left} ${left === 1 ? 'try' : 'tries'} left.`,
  pinLocked: (until: string) =>
    `Your PIN is locked after 3 wrong tries. Try again after ${until}. Forgot it? Remove it on our website (Profile) or call customer care on 0709 384 400, then dial again.`,
  pinLockedTitle: (until: string) => `PIN locked until ${until}`,
  pinFormat: 'PIN must be 4 digits.',
  /** The code sent now, or one sent before that still works; the web password only for accounts that have one. */
  proveFirstPin: (name: string, password = true) =>
    `Welcome ${name}. To set a USSD PIN, enter the 6-digit code we sent you by SMS${password ? ', or your web password' : ''}:`,
  /** No code could be sent (its limits) and none is waiting: the password, or when to dial again. */
  noCodeYet: (name: string, until: string, password: boolean) =>
    password
      ? `Welcome ${name}. We cannot send you an SMS code before ${until}. To set a USSD PIN now, enter your web password:`
      : `Welcome ${name}. We cannot send you an SMS code before ${until}. Dial *384*40# again then to set your USSD PIN.`,
  wrongProof: 'Wrong or expired code or password. Try again:',
  /** wrongProof for an account without a web password. */
  wrongCode: 'Wrong or expired code. Try again:',
  tooManyProofs: (until: string, password: boolean) =>
    `Too many wrong codes${password ? ' or passwords' : ''}. Dial *384*40# again after ${until}.`,
  unlockPin: 'Enter your PIN:',
  tooManyRegistrations: 'Too many registrations from this phone today. Please try again tomorrow.',
  pinMismatch: 'PINs did not match. Start again.',
  // ── language, help ──
  chooseLanguage: 'Choose language / Chagua lugha:',
  languages: ['English', 'Kiswahili'],
  languageSaved: 'Language: English.',
  // Both rails: an Airtel Money caller pays and is paid by Airtel Money (README "Airtel Money").
  help: 'Escrow Kenya holds your M-Pesa or Airtel Money payment until you confirm delivery, then pays the seller. Fees are shared 50/50. Help: 0709 384 400',
  // ── create ──
  sellerPhone: "Enter the seller's phone number (07XXXXXXXX):",
  itemName: 'Enter the item or service name:',
  chooseType: 'Choose type:',
  /**
   * Every type may be disputed: Protected buys a longer inspection window (docs/adr/0011-standard-and-protected.md),
   * so the menu names each window, from the configuration, in words ("3 days", "36 hours": inspectionWindowWords).
   */
  types: (standardWindow: string, protectedWindow: string) => [
    `Standard (${standardWindow} to check)`,
    `Protected (${protectedWindow} to check)`,
    'Lipa Mdogo Mdogo',
  ],
  amount: (min: string, max: string) => `Enter the price in KES (${min} - ${max}):`,
  totalCost: (over: string) => `Enter the item's total cost in KES (over ${over}):`,
  deposit: (min: string) => `Enter the first payment in KES (at least ${min}):`,
  term: 'Pay the balance over:',
  months: (n: number) => `${n} months`,
  confirmEscrow: (item: string, seller: string, price: string, fee: string) =>
    `Confirm escrow:\n${item}\nSeller ${seller}\nPrice ${price}\nYour fee ${fee}`,
  /** `rest`: the payments after the first, from `payments()`. */
  confirmPlan: (item: string, seller: string, total: string, deposit: string, rest: string, fee: string) =>
    `Plan: ${item}, seller ${seller}\nTotal ${total}\nFirst ${deposit}, then ${rest}\nYour fee ${fee}`,
  /** Runs of equal payments, in order: "23 x KES 16,700 and KES 15,899". */
  payments: (runs: readonly { count: number; amount: string }[]) =>
    runs.map(({ count, amount }) => (count === 1 ? amount : `${count} x ${amount}`)).join(' and '),
  created: (ref: string, due: string, rail = 'M-Pesa') =>
    `Escrow ${ref} created. You will receive an ${rail} prompt for ${due}. Enter your ${rail} PIN to pay.`,
  // ── lists ──
  myTransactions: (page: number, pages: number) => `My transactions ${page}/${pages}`,
  noTransactions: 'You have no transactions yet.',
  pickTitle: {
    release: 'Confirm delivery of:',
    dispatch: 'Mark dispatched:',
    pay: 'Pay for:',
    dispute: 'Open a dispute on:',
    request_withdrawal: 'Leave which plan?',
    accept_withdrawal: 'Withdrawal requests:',
    release_with_code: 'Release code for:',
    respond: 'Answer the dispute on:',
  },
  nothingTo: {
    release: 'Nothing is waiting for your delivery confirmation.',
    dispatch: 'No paid orders are waiting for dispatch.',
    pay: 'You have nothing to pay.',
    dispute: 'No transaction can be disputed now.',
    request_withdrawal: 'You have no plan you can leave now.',
    accept_withdrawal: 'No withdrawal request is waiting for you.',
    release_with_code: 'No paid order is waiting for a release code.',
    respond: 'No dispute is waiting for your answer.',
  },
  // ── sell: release codes and payment links ──
  sellTitle: 'Sell:',
  sellMenu: ['Dispatch an order', 'Enter release code', 'New payment link'],
  enterReleaseCode: (ref: string, item: string, amount: string) => `${ref}: ${item}, ${amount}.\nEnter the buyer's 6-digit release code:`,
  releaseCodeFormat: 'The release code is 6 digits.',
  wrongReleaseCode: (left: number) => `Wrong release code. ${left} ${left === 1 ? 'try' : 'tries'} left:`,
  // The buyer sends a new code from their transaction page on the web, or under the transaction in My transactions.
  releaseCodeUnusable:
    'This release code no longer works. Ask the buyer to send a new one: on the website, or *384*40# then My transactions.',
  releasedWithCode: (ref: string, rail = 'M-Pesa') => `Code accepted. ${ref} is complete and the payment is on its way to your ${rail}.`,
  confirmLink: (item: string, price: string, fee: string) => `New payment link:\n${item}\nPrice ${price}\nYour fee ${fee}`,
  linkCreated: (url: string) => `Link created: ${url}\nWe sent it by SMS. Share it with your buyers.`,
  disputesTitle: 'Disputes and plans:',
  disputesMenu: ['Open a dispute', 'Leave a plan (buyer)', 'Answer a withdrawal', 'Answer a dispute'],
  respondDescribe: 'Give your side briefly (our mediators read it):',
  confirmRespond: (ref: string, text: string) => `Send your answer on ${ref}: "${text}"?`,
  responded: (ref: string) => `Your answer on ${ref} was sent to our mediators. We will SMS you their ruling.`,
  withdrawReason: 'Why do you want to leave the plan?',
  /** `fee`: the buyer's fee share kept on a withdrawal, null when none was paid. */
  confirmWithdraw: (ref: string, refund: string, fee: string | null) =>
    `Ask to leave ${ref}? If the seller accepts, you get back ${refund}${fee ? ` (your fee of ${fee} is kept)` : ''}; if not, our mediators decide.`,
  withdrawRequested: (ref: string) => `Request sent. The seller of ${ref} will accept or decline; we will tell you by SMS.`,
  /** `by`: the request's respond-by; unanswered by then, it goes to the mediators as a decline would. */
  withdrawalAsk: (ref: string, reason: string, by: string) => `The buyer wants to leave plan ${ref} (answer by ${by}): ${reason}`,
  withdrawalOptions: ['Accept (refund the buyer)', 'Decline (mediators decide)'],
  confirmAccept: (ref: string, refund: string, fee: string | null) =>
    `Accept the withdrawal from ${ref}? The buyer gets back ${refund}${fee ? `; their fee of ${fee} is kept` : ''}.`,
  confirmDecline: (ref: string) => `Decline the withdrawal from ${ref}? Our mediators will decide.`,
  withdrawalAccepted: (ref: string, refund: string, fee: string | null) =>
    `You accepted. The buyer of ${ref} gets back ${refund}${fee ? `; their fee of ${fee} is kept` : ''}.`,
  withdrawalDeclined: (ref: string) => `You declined. Our mediators will review ${ref} as a dispute.`,
  // ── detail and lookup ──
  detail: (ref: string, item: string, amount: string, status: string) => `${ref}: ${item}\n${amount}, ${status}`,
  /** What is still owed on an order, said as what is left, not as all due now (the next payment says what is). */
  paidLeft: (paid: string, left: string) => `Paid ${paid}, left ${left}`,
  /** A plan's next installment: its amount and date, or that the date has passed (as the installment SMS says it). */
  nextInstallment: (amount: string, date: string) => `Next ${amount} by ${date}`,
  overdueInstallment: (amount: string, date: string) => `Overdue: ${amount}, due ${date}`,
  /** A plan nothing is paid on yet: its first payment starts the schedule, so it has no date of its own. */
  firstInstallment: (amount: string) => `First payment ${amount}`,
  otherParty: (role: 'buyer' | 'seller', name: string) => `${role === 'buyer' ? 'Buyer' : 'Seller'}: ${name}`,
  /** Under a paid order's detail, to its buyer: a new code replaces the old (burnt by wrong tries, or lost). */
  newReleaseCodeOption: 'New release code',
  confirmNewReleaseCode: (ref: string) => `Send a new release code for ${ref} by SMS? The old code stops working.`,
  newReleaseCodeSent: (ref: string) =>
    `A new release code for ${ref} is on its way by SMS. Give it to the seller ONLY when you have the item.`,
  enterReference: 'Enter the reference (e.g. ESC-7KQ2-9HDX):',
  notFound: 'Transaction not found.',
  // ── actions ──
  confirmRelease: (amount: string, seller: string, ref: string, receives: string) =>
    `Release ${amount} to ${seller} for ${ref}? The seller gets ${receives} after the fee.`,
  released: (ref: string) => `Done. Payment for ${ref} is released to the seller. Thank you!`,
  confirmDispatch: (item: string, ref: string) => `Confirm you dispatched ${item} (${ref})?`,
  /** `paidBy`: the end of the inspection period, when the payment is released with no word from the buyer. */
  dispatched: (ref: string, paidBy: string) =>
    `${ref} is marked dispatched. The buyer has been told by SMS. You are paid when they confirm delivery, or on ${paidBy} if they raise no dispute.`,
  payWith: 'Pay with:',
  confirmPay: (amount: string, ref: string, item: string, rail = 'M-Pesa') => `Pay ${amount} for ${ref} (${item}) by ${rail}?`,
  payPrompt: (amount: string, ref: string, rail = 'M-Pesa') =>
    `You will receive an ${rail} prompt for ${amount}. Enter your ${rail} PIN to pay ${ref}.`,
  promptWaiting: (minutes: number) =>
    // The waiting prompt may have gone to another phone (the web lets the buyer name the paying phone).
    `A payment prompt for this transaction is already waiting to be answered. If none reached you, dial again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`,
  disputeReason: 'Reason for the dispute:',
  disputeReasons: ['Not delivered', 'Not as described', 'Quality problem', 'Other'],
  disputeDescribe: 'Describe the problem briefly:',
  confirmDispute: (ref: string, reason: string) =>
    `Open a dispute on ${ref}: ${reason}? The money will be frozen until our mediators rule.`,
  disputeOpened: (ref: string) => `Dispute opened on ${ref}. The money is frozen until our mediators rule. We will contact you.`,
  // ── input errors ──
  invalidChoice: 'Invalid choice. Try again.',
  invalidName: 'Enter a name of 1 to 60 letters.',
  invalidPhone: 'Invalid phone. Use 07XXXXXXXX.',
  invalidItem: 'Enter 1 to 100 characters.',
  invalidAmount: (min: string, max: string) => `Enter a whole amount from ${min} to ${max}.`,
  invalidText: 'Describe it in at least 3 characters.',
  planTotalTooLow: (over: string) => `Lipa Mdogo Mdogo is for items over ${over}.`,
  planDepositTooLow: (min: string) => `The first payment must be at least ${min}.`,
  planDepositTooHigh: 'The first payment must be less than the total.',
  // ── outcomes of the use-cases ──
  notAllowedNow: (status: string) => `This cannot be done now: the transaction is ${status}.`,
  forbidden: 'You cannot do this on this transaction.',
  selfSeller: 'You cannot be the seller in your own escrow.',
  selfSellerRetry: "That is your own number: you cannot be the seller. Enter the seller's number:",
  suspended: 'Your account is suspended. Please call 0709 384 400.',
  /** A refusal the menus have no words for: the server's own (English) reason in English only. */
  refusedUnexplained: (serverReason: string) => `Not done: ${serverReason}`,
  // The use-cases' refusals a USSD caller can meet (menu-kit.ts `refusal`).
  phoneNotVerified:
    'Your phone number is not verified yet. Verify it with an SMS code on our website (Verify phone), then dial *384*40# to set your PIN again.',
  tooManyTransactions: (until: string) => `You have created too many transactions. Try again after ${until}.`,
  tooManyInvitations: "The seller's phone has had too many invitations today. Try again tomorrow.",
  tooManyTries: (until: string) => `Too many tries. Try again after ${until}.`,
  answerWithdrawalFirst: 'The buyer asked to leave this plan. Answer that first: Dispute/withdraw, then Answer a withdrawal.',
  /** `answerWithdrawalFirst` past the request's respond-by, when the seller can no longer answer it. */
  withdrawalLapsedFirst: 'The buyer asked to leave this plan and the time to answer has passed: our mediators will review it.',
  withdrawalWaiting: 'Your request to leave this plan is already waiting for the seller.',
  /** `withdrawalWaiting` past the request's respond-by: the seller can no longer answer it (as `withdrawalRequestLapsed`). */
  withdrawalWaitingLapsed: 'The seller did not answer your request to leave this plan in time: our mediators will review it.',
  withdrawalAnswerTooLate: 'The time to answer has passed: our mediators will review it.',
  /** `refs`: the plans whose withdrawal request waits past its respond-by. */
  withdrawalsPastAnswer: (refs: string) => `The time to answer the withdrawal request on ${refs} has passed: our mediators will review it.`,
  /** The Dispatch and release-code lists: `refs`, the plans a withdrawal request waiting for the seller's answer holds. */
  heldByWithdrawal: (refs: string) =>
    `On hold: the buyer asked to leave ${refs}. Answer that first: Dispute/withdraw, then Answer a withdrawal.`,
  /** `heldByWithdrawal` past the requests' respond-by, when the seller can no longer answer them. */
  heldByWithdrawalLapsed: (refs: string) =>
    `On hold: the buyer asked to leave ${refs} and the time to answer has passed: our mediators will review it.`,
  /** Under a list of orders: the (short) reference of a plan a withdrawal request holds, not to be picked. */
  heldLine: (ref: string) => `On hold: ${ref}, the buyer asked to leave`,
  /**
   * The buyer's Leave-a-plan list: a plan whose withdrawal request still waits, with its respond-by (`by`).
   * Unanswered by then, the lapse sweep treats it as declined: a dispute for the mediators (withdrawal-lapse.ts).
   */
  withdrawalRequestWaiting: (ref: string, by: string) =>
    `Your request to leave ${ref} is waiting for the seller's answer until ${by}. If the seller does not answer by then, our mediators will decide.`,
  /** `withdrawalRequestWaiting` past the respond-by: the seller can no longer answer, the mediators will review it. */
  withdrawalRequestLapsed: (ref: string) => `The seller did not answer your request to leave ${ref} in time: our mediators will review it.`,
  /** Under the buyer's list of plans: the (short) reference of one whose withdrawal request waits, not to be picked. */
  requestWaitingLine: (ref: string) => `Request waiting: ${ref} (you asked to leave)`,
  inspectionOver: 'The inspection period has ended: a dispute can no longer be opened, and the payment is being released to the seller.',
  sellerOnly: 'Only seller accounts can create payment links. Call 0709 384 400 to change your account type.',
  sessionExpired: 'Your session has expired. Please dial *384*40# again.',
  somethingWrong: 'Sorry, something went wrong. Please try again later.',
  status: {
    pending: 'awaiting payment',
    installment: 'paying in installments',
    funded: 'paid, awaiting dispatch',
    dispatched: 'dispatched',
    completed: 'completed',
    cancelled: 'cancelled',
    disputed: 'in dispute',
    refunded: 'refunded',
  } satisfies Record<TransactionStatus, string>,
  shortStatus: {
    pending: 'Unpaid',
    installment: 'Part-paid',
    funded: 'Paid',
    dispatched: 'Sent',
    completed: 'Done',
    cancelled: 'Cancelled',
    disputed: 'Dispute',
    refunded: 'Refunded',
  } satisfies Record<TransactionStatus, string>,
  type: { standard: 'Standard', protected: 'Protected', lipa_mdogo_mdogo: 'Lipa Mdogo Mdogo' } satisfies Record<TransactionType, string>,
  /**
   * A completed sale whose payout is not made yet (payoutProgress), to its seller: "completed"/"Done" alone
   * read as paid. The same truth as the web's seller page and the payout_failed SMS.
   */
  sellerPayoutStatus: {
    sending: 'completed; your payment is on its way',
    failed: 'completed, but sending your payment failed: our team will contact you',
  },
  sellerPayoutShortStatus: { sending: 'Being paid', failed: 'Payout failed' },
};

export type UssdMessages = typeof en;

const sw: UssdMessages = {
  nav: '0 Rudi 00 Mwanzo',
  more: '9 Zaidi',
  welcome: 'Karibu Escrow Kenya',
  guestMenu: ['Jisajili', 'Lugha/Language', 'Msaada'],
  hello: (name) => `Escrow Kenya: ${name}`,
  mainMenu: [
    'Nunua (escrow)',
    'Miamala yangu',
    'Thibitisha kupokea',
    'Uza/tuma',
    'Lipa / awamu',
    'Malalamiko/kujiondoa',
    'Tafuta kumbukumbu',
    'Akaunti yangu',
  ],
  accountMenu: ['Badilisha PIN', 'Lugha/Language', 'Msaada'],
  accountTitle: 'Akaunti yangu',
  firstName: 'Weka jina lako la kwanza:',
  lastName: 'Weka jina lako la mwisho:',
  accountType: 'Chagua aina ya akaunti:',
  accountTypes: ['Mnunuzi', 'Muuzaji', 'Zote mbili'],
  newPin: 'Weka PIN mpya ya tarakimu 4:',
  confirmPin: 'Weka PIN tena:',
  setPinIntro: (name) => `Karibu ${name}. Weka PIN ya USSD ya tarakimu 4 kutumia Escrow Kenya kwa simu.`,
  registered: (name) => `Karibu ${name}! Umesajiliwa. Piga *384*40# kununua au kuuza kwa usalama. Tumekutumia SMS.`,
  alreadyRegistered: 'Nambari hii tayari imesajiliwa. Piga *384*40# tena.',
  pinSet: 'PIN yako imewekwa.',
  currentPin: 'Weka PIN yako ya sasa:',
  pinChanged: 'PIN yako imebadilishwa.',
  enterPin: 'Weka PIN kuthibitisha:',
  wrongPin: (left) => `PIN si sahihi. Majaribio ${left} yamebaki.`,
  pinLocked: (until) =>
    `PIN yako imefungwa baada ya makosa 3. Jaribu tena baada ya ${until}. Umeisahau? Iondoe kwenye tovuti yetu (Wasifu) au piga simu kwa huduma kwa wateja 0709 384 400, kisha piga tena.`,
  pinLockedTitle: (until) => `PIN imefungwa hadi ${until}`,
  pinFormat: 'PIN iwe tarakimu 4.',
  proveFirstPin: (name, password = true) =>
    `Karibu ${name}. Kuweka PIN ya USSD, weka nambari ya tarakimu 6 tuliyokutumia kwa SMS${password ? ', au nenosiri lako la wavuti' : ''}:`,
  noCodeYet: (name, until, password) =>
    password
      ? `Karibu ${name}. Hatuwezi kukutumia nambari kwa SMS kabla ya ${until}. Kuweka PIN ya USSD sasa, weka nenosiri lako la wavuti:`
      : `Karibu ${name}. Hatuwezi kukutumia nambari kwa SMS kabla ya ${until}. Piga *384*40# tena wakati huo kuweka PIN yako ya USSD.`,
  wrongProof: 'Nambari au nenosiri si sahihi au limeisha. Jaribu tena:',
  wrongCode: 'Nambari si sahihi au imeisha. Jaribu tena:',
  tooManyProofs: (until, password) =>
    `Umekosea ${password ? 'nambari au nenosiri' : 'nambari'} mara nyingi mno. Piga *384*40# tena baada ya ${until}.`,
  unlockPin: 'Weka PIN yako:',
  tooManyRegistrations: 'Usajili mwingi mno kutoka simu hii leo. Tafadhali jaribu kesho.',
  pinMismatch: 'PIN hazilingani. Anza tena.',
  chooseLanguage: 'Chagua lugha / Choose language:',
  languages: ['English', 'Kiswahili'],
  languageSaved: 'Lugha: Kiswahili.',
  help: 'Escrow Kenya inashikilia malipo yako ya M-Pesa au Airtel Money hadi uthibitishe kupokea, kisha inamlipa muuzaji. Ada hugawanywa 50/50. Msaada: 0709 384 400',
  sellerPhone: 'Weka nambari ya simu ya muuzaji (07XXXXXXXX):',
  itemName: 'Weka jina la bidhaa au huduma:',
  chooseType: 'Chagua aina:',
  types: (standardWindow, protectedWindow) => [
    `Kawaida (${standardWindow} kukagua)`,
    `Iliyolindwa (${protectedWindow} kukagua)`,
    'Lipa Mdogo Mdogo',
  ],
  amount: (min, max) => `Weka bei kwa KES (${min} - ${max}):`,
  totalCost: (over) => `Weka bei kamili ya bidhaa kwa KES (zaidi ya ${over}):`,
  deposit: (min) => `Weka malipo ya kwanza kwa KES (angalau ${min}):`,
  term: 'Lipa salio kwa:',
  months: (n) => `Miezi ${n}`,
  confirmEscrow: (item, seller, price, fee) => `Thibitisha escrow:\n${item}\nMuuzaji ${seller}\nBei ${price}\nAda yako ${fee}`,
  confirmPlan: (item, seller, total, deposit, rest, fee) =>
    `Mpango: ${item}, muuzaji ${seller}\nJumla ${total}\nKwanza ${deposit}, kisha ${rest}\nAda yako ${fee}`,
  payments: (runs) => runs.map(({ count, amount }) => (count === 1 ? amount : `${count} x ${amount}`)).join(' na '),
  created: (ref, due, rail = 'M-Pesa') => `Escrow ${ref} imeundwa. Utapokea ombi la ${rail} la ${due}. Weka PIN yako ya ${rail} kulipa.`,
  myTransactions: (page, pages) => `Miamala yangu ${page}/${pages}`,
  noTransactions: 'Bado huna miamala.',
  pickTitle: {
    release: 'Thibitisha kupokea:',
    dispatch: 'Thibitisha kutuma:',
    pay: 'Lipia:',
    dispute: 'Fungua malalamiko kwa:',
    request_withdrawal: 'Jiondoe kwenye mpango upi?',
    accept_withdrawal: 'Maombi ya kujiondoa:',
    release_with_code: 'Nambari ya kuachilia kwa:',
    respond: 'Jibu malalamiko ya:',
  },
  nothingTo: {
    release: 'Hakuna kinachosubiri uthibitisho wako wa kupokea.',
    dispatch: 'Hakuna oda iliyolipwa inayosubiri kutumwa.',
    pay: 'Huna cha kulipa.',
    dispute: 'Hakuna muamala unaoweza kulalamikiwa sasa.',
    request_withdrawal: 'Huna mpango unaoweza kujiondoa sasa.',
    accept_withdrawal: 'Hakuna ombi la kujiondoa linalokusubiri.',
    release_with_code: 'Hakuna agizo lililolipwa linalosubiri nambari ya kuachilia.',
    respond: 'Hakuna malalamiko yanayosubiri jibu lako.',
  },
  sellTitle: 'Uza:',
  sellMenu: ['Tuma agizo', 'Weka nambari ya kuachilia', 'Kiungo kipya cha malipo'],
  enterReleaseCode: (ref, item, amount) => `${ref}: ${item}, ${amount}.\nWeka nambari ya kuachilia ya mnunuzi (tarakimu 6):`,
  releaseCodeFormat: 'Nambari ya kuachilia ni tarakimu 6.',
  wrongReleaseCode: (left) => `Nambari si sahihi. Majaribio ${left} yamebaki:`,
  releaseCodeUnusable: 'Nambari hii haifanyi kazi tena. Mwombe mnunuzi atume mpya: kwenye tovuti, au *384*40# kisha Miamala yangu.',
  releasedWithCode: (ref, rail = 'M-Pesa') => `Nambari imekubaliwa. ${ref} imekamilika na malipo yanatumwa kwa ${rail} yako.`,
  confirmLink: (item, price, fee) => `Kiungo kipya cha malipo:\n${item}\nBei ${price}\nAda yako ${fee}`,
  linkCreated: (url) => `Kiungo kimeundwa: ${url}\nTumekutumia kwa SMS. Washirikishe wanunuzi wako.`,
  disputesTitle: 'Malalamiko na mipango:',
  disputesMenu: ['Fungua malalamiko', 'Jiondoe kwenye mpango', 'Jibu ombi la kujiondoa', 'Jibu malalamiko'],
  respondDescribe: 'Eleza upande wako kwa ufupi (wapatanishi wataisoma):',
  confirmRespond: (ref, text) => `Tuma jibu lako kwa ${ref}: "${text}"?`,
  responded: (ref) => `Jibu lako kwa ${ref} limetumwa kwa wapatanishi. Tutakutumia SMS ya uamuzi.`,
  withdrawReason: 'Kwa nini unataka kujiondoa kwenye mpango?',
  confirmWithdraw: (ref, refund, fee) =>
    `Omba kujiondoa ${ref}? Muuzaji akikubali, utarudishiwa ${refund}${fee ? ` (ada ${fee} haitarudishwa)` : ''}; akikataa, wapatanishi wataamua.`,
  withdrawRequested: (ref) => `Ombi limetumwa. Muuzaji wa ${ref} atakubali au kukataa; tutakujulisha kwa SMS.`,
  withdrawalAsk: (ref, reason, by) => `Mnunuzi anataka kujiondoa kwa ${ref} (jibu kabla ya ${by}): ${reason}`,
  withdrawalOptions: ['Kubali (mrudishie pesa)', 'Kataa (wapatanishi waamue)'],
  confirmAccept: (ref, refund, fee) =>
    `Kubali kujiondoa kwa ${ref}? Mnunuzi atarudishiwa ${refund}${fee ? `; ada yake ya ${fee} haitarudishwa` : ''}.`,
  confirmDecline: (ref) => `Kataa kujiondoa kwa ${ref}? Wapatanishi wataamua.`,
  withdrawalAccepted: (ref, refund, fee) =>
    `Umekubali. Mnunuzi wa ${ref} anarudishiwa ${refund}${fee ? `; ada yake ya ${fee} haitarudishwa` : ''}.`,
  withdrawalDeclined: (ref) => `Umekataa. Wapatanishi wetu wataishughulikia ${ref} kama malalamiko.`,
  detail: (ref, item, amount, status) => `${ref}: ${item}\n${amount}, ${status}`,
  paidLeft: (paid, left) => `Umelipa ${paid}, baki ${left}`,
  nextInstallment: (amount, date) => `Yajayo: ${amount} ifikapo ${date}`,
  overdueInstallment: (amount, date) => `Imechelewa: ${amount} tangu ${date}`,
  firstInstallment: (amount) => `Malipo ya kwanza ${amount}`,
  otherParty: (role, name) => `${role === 'buyer' ? 'Mnunuzi' : 'Muuzaji'}: ${name}`,
  newReleaseCodeOption: 'Nambari mpya ya kuachilia',
  confirmNewReleaseCode: (ref) => `Tuma nambari mpya ya kuachilia ya ${ref} kwa SMS? Nambari ya zamani itaacha kufanya kazi.`,
  newReleaseCodeSent: (ref) => `Nambari mpya ya kuachilia ya ${ref} inatumwa kwa SMS. Mpe muuzaji TU ukishapokea bidhaa.`,
  enterReference: 'Weka kumbukumbu (mfano ESC-7KQ2-9HDX):',
  notFound: 'Muamala haukupatikana.',
  confirmRelease: (amount, seller, ref, receives) =>
    `Achilia ${amount} kwa ${seller} kwa ${ref}? Muuzaji atapokea ${receives} baada ya ada.`,
  released: (ref) => `Imekamilika. Malipo ya ${ref} yametolewa kwa muuzaji. Asante!`,
  confirmDispatch: (item, ref) => `Thibitisha umetuma ${item} (${ref})?`,
  dispatched: (ref, paidBy) =>
    `${ref} imethibitishwa kutumwa. Mnunuzi amejulishwa kwa SMS. Utalipwa akithibitisha kupokea, au tarehe ${paidBy} asipolalamika.`,
  payWith: 'Lipa kwa:',
  confirmPay: (amount, ref, item, rail = 'M-Pesa') => `Lipa ${amount} kwa ${ref} (${item}) kwa ${rail}?`,
  payPrompt: (amount, ref, rail = 'M-Pesa') => `Utapokea ombi la ${rail} la ${amount}. Weka PIN yako ya ${rail} kulipa ${ref}.`,
  promptWaiting: (minutes) =>
    `Ombi la malipo la muamala huu tayari linasubiri kujibiwa. Kama halikukufikia, piga tena baada ya dakika ${minutes}.`,
  disputeReason: 'Sababu ya malalamiko:',
  disputeReasons: ['Haijafika', 'Si kama ilivyoelezwa', 'Ubora duni', 'Nyingine'],
  disputeDescribe: 'Eleza tatizo kwa ufupi:',
  confirmDispute: (ref, reason) => `Fungua malalamiko kwa ${ref}: ${reason}? Pesa itazuiwa hadi wapatanishi waamue.`,
  disputeOpened: (ref) => `Malalamiko yamefunguliwa kwa ${ref}. Pesa imezuiwa hadi wapatanishi waamue. Tutawasiliana nawe.`,
  invalidChoice: 'Chaguo si sahihi. Jaribu tena.',
  invalidName: 'Weka jina la herufi 1 hadi 60.',
  invalidPhone: 'Nambari si sahihi. Tumia 07XXXXXXXX.',
  invalidItem: 'Weka herufi 1 hadi 100.',
  invalidAmount: (min, max) => `Weka kiasi kamili kati ya ${min} na ${max}.`,
  invalidText: 'Eleza kwa herufi 3 au zaidi.',
  planTotalTooLow: (over) => `Lipa Mdogo Mdogo ni kwa bidhaa za zaidi ya ${over}.`,
  planDepositTooLow: (min) => `Malipo ya kwanza yawe angalau ${min}.`,
  planDepositTooHigh: 'Malipo ya kwanza yawe chini ya bei kamili.',
  notAllowedNow: (status) => `Haiwezekani sasa. Hali ya muamala: ${status}.`,
  forbidden: 'Huwezi kufanya hili kwa muamala huu.',
  selfSeller: 'Huwezi kuwa muuzaji wa escrow yako mwenyewe.',
  selfSellerRetry: 'Hiyo ni nambari yako: huwezi kuwa muuzaji. Weka nambari ya muuzaji:',
  suspended: 'Akaunti yako imesimamishwa. Tafadhali piga 0709 384 400.',
  refusedUnexplained: () => 'Haikufanyika. Tafadhali jaribu tena baadaye, au piga 0709 384 400 kwa msaada.',
  phoneNotVerified:
    'Nambari yako ya simu bado haijathibitishwa. Ithibitishe kwa nambari ya SMS kwenye wavuti yetu (Thibitisha simu), kisha piga *384*40# kuweka PIN yako tena.',
  tooManyTransactions: (until) => `Umeunda miamala mingi mno. Jaribu tena baada ya ${until}.`,
  tooManyInvitations: 'Simu ya muuzaji imepokea mialiko mingi mno leo. Jaribu tena kesho.',
  tooManyTries: (until) => `Majaribio mengi mno. Jaribu tena baada ya ${until}.`,
  answerWithdrawalFirst:
    'Mnunuzi ameomba kujiondoa kwenye mpango huu. Jibu ombi hilo kwanza: Malalamiko/kujiondoa, kisha Jibu ombi la kujiondoa.',
  withdrawalLapsedFirst: 'Mnunuzi ameomba kujiondoa kwenye mpango huu na muda wa kujibu umepita: wapatanishi wetu watalishughulikia.',
  withdrawalWaiting: 'Ombi lako la kujiondoa kwenye mpango huu tayari linamsubiri muuzaji.',
  withdrawalWaitingLapsed: 'Muuzaji hakujibu ombi lako la kujiondoa kwenye mpango huu kwa wakati: wapatanishi wetu watalishughulikia.',
  withdrawalAnswerTooLate: 'Muda wa kujibu umepita: wapatanishi wetu watalishughulikia.',
  withdrawalsPastAnswer: (refs) => `Muda wa kujibu ombi la kujiondoa kwenye ${refs} umepita: wapatanishi wetu watalishughulikia.`,
  heldByWithdrawal: (refs) =>
    `Imesitishwa: mnunuzi ameomba kujiondoa kwenye ${refs}. Jibu ombi hilo kwanza: Malalamiko/kujiondoa, kisha Jibu ombi la kujiondoa.`,
  heldByWithdrawalLapsed: (refs) =>
    `Imesitishwa: mnunuzi ameomba kujiondoa kwenye ${refs} na muda wa kujibu umepita: wapatanishi wetu watalishughulikia.`,
  heldLine: (ref) => `Imesitishwa: ${ref}, mnunuzi ameomba kujiondoa`,
  withdrawalRequestWaiting: (ref, by) =>
    `Ombi lako la kujiondoa kwenye ${ref} linasubiri jibu la muuzaji hadi ${by}. Muuzaji asipojibu kufikia wakati huo, wapatanishi wetu wataamua.`,
  withdrawalRequestLapsed: (ref) => `Muuzaji hakujibu ombi lako la kujiondoa kwenye ${ref} kwa wakati: wapatanishi wetu watalishughulikia.`,
  requestWaitingLine: (ref) => `Ombi linasubiri: ${ref} (umeomba kujiondoa)`,
  inspectionOver: 'Muda wa ukaguzi umekwisha: malalamiko hayawezi kufunguliwa tena, na malipo yanatolewa kwa muuzaji.',
  sellerOnly: 'Akaunti za wauzaji pekee ndizo zinaweza kuunda viungo vya malipo. Piga 0709 384 400 kubadilisha aina ya akaunti yako.',
  sessionExpired: 'Muda wa kikao umeisha. Tafadhali piga *384*40# tena.',
  somethingWrong: 'Samahani, hitilafu imetokea. Tafadhali jaribu tena baadaye.',
  // Said of the order ("imelipwa": it is paid), never of the reader ("umelipwa" reads "you were paid").
  status: {
    pending: 'haijalipwa',
    installment: 'inalipwa kwa awamu',
    funded: 'imelipwa, inasubiri kutumwa',
    dispatched: 'imetumwa',
    completed: 'imekamilika',
    cancelled: 'imeghairiwa',
    disputed: 'ina malalamiko',
    refunded: 'pesa imerudishwa',
  },
  // The web's words (client/src/i18n/sw/customer.ts), short: three list lines must fit one screen, so not "Ina malalamiko".
  shortStatus: {
    pending: 'Haijalipwa',
    installment: 'Awamu',
    funded: 'Imelipwa',
    dispatched: 'Imetumwa',
    completed: 'Imekamilika',
    cancelled: 'Imeghairiwa',
    disputed: 'Malalamiko',
    refunded: 'Imerudishwa',
  },
  type: { standard: 'Kawaida', protected: 'Iliyolindwa', lipa_mdogo_mdogo: 'Lipa Mdogo Mdogo' },
  sellerPayoutStatus: {
    sending: 'imekamilika; malipo yako yanatumwa',
    failed: 'imekamilika, ila malipo yako hayakutumwa; timu yetu itawasiliana nawe',
  },
  sellerPayoutShortStatus: { sending: 'Pesa inatumwa', failed: 'Pesa imekwama' },
};

export const USSD_MESSAGES: Record<UssdLanguage, UssdMessages> = { en, sw };
