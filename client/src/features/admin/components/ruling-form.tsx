/**
 * The ruling on a dispute, in two steps. First the admin picks an outcome (none is preselected: a ruling is
 * a decision, not a default), the buyer's part for a split and a note; then a confirmation states who
 * receives what, from the transaction's quote (domain/ruling.ts computes it as the money movements do),
 * and only "Confirm ruling" records it. A ruling is final.
 */
import { Alert, Box, Button, Field, Heading, HStack, Input, RadioGroup, Stack, Text, Textarea } from '@chakra-ui/react';
import { useMutation } from '@tanstack/react-query';
import { isAlreadyDone, useDisputeCaseRefresh } from '../hooks/use-dispute-case-refresh';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { formatKes, parseAmount } from '@escrow/core/domain/money';
import {
  RULING_OUTCOMES,
  ruledPlanGoesOn,
  rulingAmounts,
  splitBuyerAmountMessage,
  splitBuyerAmountProblem,
  type RulingOutcome,
} from '@escrow/core/domain/ruling';
import { formatMoney } from '@/lib/format';
import { adminRest, type DisputeDetail } from '../api/admin-rest';
import { toaster } from './toaster';

const OUTCOME_COPY: Record<RulingOutcome, { label: string; help: string }> = {
  release_seller: { label: 'Release to seller', help: 'The seller is paid; the transaction completes.' },
  refund_buyer: { label: 'Refund the buyer', help: 'The buyer gets back everything paid in; the transaction is refunded.' },
  split: { label: 'Split', help: 'The buyer gets the part you enter; the seller is paid the rest.' },
};

const cents = (money: string) => parseAmount(money) ?? 0n;
/** What an outcome does, under its name; a ruling for the seller on a plan not fully paid pays nobody (domain/ruling.ts). */
export function outcomeHelp(detail: DisputeDetail, outcome: RulingOutcome): string {
  if (outcome === 'release_seller' && amountsOf(detail, outcome, 0n).planGoesOn) {
    return "The buyer's claim is refused; the plan goes on and the seller is paid once it is fully paid.";
  }
  return OUTCOME_COPY[outcome].help;
}

/**
 * A refund of a dispatched item waits for the item to come back (the dispute goes to `awaiting_return`,
 * server/src/modules/disputes/use-cases/resolve-dispute.ts); every other ruling moves the money at once.
 */
const waitsForReturn = (detail: DisputeDetail, outcome: RulingOutcome) =>
  outcome === 'refund_buyer' && detail.transaction.status === 'disputed' && detail.transaction.dispatched_at !== null;

/** What the ruling moves, from the transaction's quote (domain/ruling.ts, as the money movements compute it). */
function amountsOf(detail: DisputeDetail, outcome: RulingOutcome, buyerPart: bigint) {
  const { quote, seller_fee, amount } = detail.transaction;
  const held = cents(quote.held);
  return rulingAmounts(
    outcome,
    { held, price: cents(amount), buyerFeePaid: cents(quote.fee_paid), sellerFee: cents(seller_fee) },
    buyerPart,
  );
}

/** Who receives what, in words, for the confirmation. */
export function rulingConsequence(detail: DisputeDetail, outcome: RulingOutcome, buyerPart: bigint): string {
  const held = cents(detail.transaction.quote.held);
  const amounts = amountsOf(detail, outcome, buyerPart);
  if (amounts.planGoesOn)
    return `The plan is not fully paid, so nothing is paid out: the buyer's claim is refused and the plan goes on. ${formatKes(held)} stays in escrow; the seller is paid once the buyer has paid everything.`;
  const fee = amounts.sellerFee > 0n ? ` (${formatKes(amounts.sellerFee)} seller fee kept)` : '';
  if (outcome === 'release_seller') return `The seller receives ${formatKes(amounts.toSeller)}${fee}. The buyer receives nothing.`;
  if (outcome === 'refund_buyer') {
    const when = waitsForReturn(detail, outcome) ? ' once the seller confirms the item came back' : '';
    return `The buyer receives ${formatKes(amounts.toBuyer)}${when}. The seller receives nothing.`;
  }
  return `The buyer receives ${formatKes(amounts.toBuyer)}. The seller receives ${formatKes(amounts.toSeller)}${fee}.`;
}

/**
 * What confirming the return on the seller's behalf does (server disputes/use-cases/confirm-return.ts): the
 * refund the ruling decided, everything the buyer paid, fee share included.
 */
export function returnConsequence(detail: DisputeDetail): string {
  const { toBuyer } = amountsOf(detail, 'refund_buyer', 0n);
  return `The buyer gets back ${formatKes(toBuyer)}, everything they paid with their fee: the refund is sent as soon as you confirm, and the transaction ends refunded. The seller receives nothing.`;
}

const OUTCOME_TITLES: Record<NonNullable<DisputeDetail['dispute']['outcome']>, string> = {
  release_seller: 'Released to the seller',
  refund_buyer: 'Refunded to the buyer',
  split: 'Split between the parties',
};

/**
 * A ruled case in one line, both parties' amounts as the transaction's quote states them (what the seller
 * was paid out, what the buyer got back); a refund waiting for the item to come back says so, and so does
 * a ruling for the seller on a plan not fully paid, which released nothing (core's ruledPlanGoesOn):
 * "Released to the seller: KES 0 to the seller, KES 0 to the buyer" read as if the escrow had been emptied.
 * A seller payout that failed, or was returned to the buyer, is named as such.
 */
export function rulingSummary(detail: DisputeDetail): string {
  const { outcome, status, seller_amount: sellerAmount } = detail.dispute;
  if (!outcome) return '';
  if (status !== 'resolved')
    return `Ruled: refund the buyer once the seller confirms the item came back (${formatMoney(detail.transaction.quote.held)} held)`;
  if (ruledPlanGoesOn({ outcome, sellerAmount: sellerAmount === null ? null : cents(sellerAmount) }))
    return "Ruled for the seller: the buyer's claim is refused and the plan goes on. Nothing was paid out; the seller is paid once the plan is fully paid";
  const { seller_paid_out: toSeller, refunded: toBuyer } = detail.transaction.quote;
  // The ruling released money to the seller, but the rail may have refused the payout: then it is not with
  // the seller ("Released to the seller" read so) but waits for the team's answer on Alerts, or went back.
  const payout = outcome === 'refund_buyer' ? null : detail.seller_payout;
  const ruled = outcome === 'split' ? 'Ruled a split' : 'Ruled for the seller';
  if (payout?.status === 'failed') {
    const buyerPart = outcome === 'split' ? `; ${formatMoney(toBuyer)} to the buyer` : '';
    return `${ruled}, but the payout of ${formatMoney(payout.amount)} to the seller failed: it waits for the mediation team to send it again or return it to the buyer (Alerts)${buyerPart}`;
  }
  if (payout?.status === 'returned')
    return `${ruled}, but the seller could not be paid: the money was returned to the buyer (${formatMoney(toBuyer)} to the buyer, nothing to the seller)`;
  return `${OUTCOME_TITLES[outcome]}: ${formatMoney(toSeller)} to the seller, ${formatMoney(toBuyer)} to the buyer`;
}

/** What is wrong with the buyer's part typed for a split, or null (domain/ruling.ts's rule, as the server applies it). */
export function splitAmountError(detail: DisputeDetail, typed: string): string | null {
  const held = cents(detail.transaction.quote.held);
  const part = parseAmount(typed.trim());
  const problem = part === null ? 'out_of_range' : splitBuyerAmountProblem(part, held);
  return problem ? splitBuyerAmountMessage(problem, held) : null;
}

/** The confirmation's last line: a ruling is final, and when its money moves. */
export function rulingFinality(detail: DisputeDetail, outcome: RulingOutcome): string {
  const when = waitsForReturn(detail, outcome)
    ? 'The refund is sent once the seller confirms the item came back, not when you confirm.'
    : amountsOf(detail, outcome, 0n).planGoesOn
      ? 'No money moves.'
      : 'Money moves as soon as you confirm.';
  return `A ruling is final, binding and cannot be changed. ${when}`;
}

export function RulingForm({ detail, onDone }: { detail: DisputeDetail; onDone: () => void }) {
  const [outcome, setOutcome] = useState<RulingOutcome | null>(null);
  const [buyerAmount, setBuyerAmount] = useState('');
  const [note, setNote] = useState('');
  const [isConfirming, setIsConfirming] = useState(false);
  const [localError, setLocalError] = useState<string | null>(null);
  // Set at the first tap, before React re-renders the busy button: a double tap records one ruling.
  const isSending = useRef(false);
  const confirmationRef = useRef<HTMLDivElement>(null);
  const reviewRef = useRef<HTMLButtonElement>(null);
  const wasConfirming = useRef(false);
  useEffect(() => {
    // The form and its confirmation replace each other: focus moves with them (to the confirmation, whose
    // title and amounts a screen reader then reads; back to "Review ruling"), or it falls to the page's body.
    if (isConfirming) confirmationRef.current?.focus();
    else if (wasConfirming.current) reviewRef.current?.focus();
    wasConfirming.current = isConfirming;
  }, [isConfirming]);
  const refresh = useDisputeCaseRefresh(detail.dispute.id);
  const mutation = useMutation({
    mutationFn: (chosen: RulingOutcome) =>
      adminRest.resolveDispute(detail.dispute.id, {
        outcome: chosen,
        note: note.trim(),
        ...(chosen === 'split' ? { buyer_amount: buyerAmount.trim() } : {}),
      }),
    onSuccess: async (_data, chosen) => {
      toaster.create({
        type: 'success',
        title: 'Ruling recorded',
        description: `${detail.transaction.reference_number}: ${OUTCOME_COPY[chosen].label.toLowerCase()}`,
      });
      await refresh();
      onDone();
    },
    onError: async (error) => {
      // Already ruled (by another admin, or a request sent twice): no error and no form again; the case
      // reloads and shows the ruling that stands.
      if (isAlreadyDone(error)) {
        toaster.create({ type: 'info', title: 'This dispute was already ruled', description: detail.transaction.reference_number });
        await refresh();
        return;
      }
      isSending.current = false;
      setIsConfirming(false);
    },
  });
  const confirm = (chosen: RulingOutcome) => {
    if (isSending.current || mutation.isPending) return;
    isSending.current = true;
    mutation.mutate(chosen);
  };
  const errors = (mutation.error as { errors?: Record<string, string[]> } | null)?.errors;
  const buyerPart = parseAmount(buyerAmount.trim());
  const review = (event: FormEvent) => {
    event.preventDefault();
    if (!outcome) return;
    const splitError = outcome === 'split' ? splitAmountError(detail, buyerAmount) : null;
    if (splitError) {
      setLocalError(splitError);
      return;
    }
    setLocalError(null);
    setIsConfirming(true);
  };

  if (isConfirming && outcome) {
    return (
      <Box
        ref={confirmationRef}
        tabIndex={-1}
        borderWidth="1px"
        borderRadius="l2"
        p="4"
        role="group"
        aria-labelledby="ruling-confirm-title"
        data-testid="ruling-confirmation"
      >
        <Heading as="h3" size="sm" mb="3" id="ruling-confirm-title">
          Confirm the ruling: {OUTCOME_COPY[outcome].label.toLowerCase()}
        </Heading>
        <Stack gap="3">
          <Text fontWeight="medium" data-testid="ruling-consequence">
            {rulingConsequence(detail, outcome, buyerPart ?? 0n)}
          </Text>
          <Text fontSize="sm" color="fg.muted" whiteSpace="pre-wrap">
            Note to both parties: {note.trim()}
          </Text>
          <Text fontSize="xs" color="fg.muted" data-testid="ruling-finality">
            {rulingFinality(detail, outcome)}
          </Text>
          <HStack gap="2">
            <Button variant="outline" onClick={() => setIsConfirming(false)} disabled={mutation.isPending}>
              Back
            </Button>
            <Button
              colorPalette="teal"
              loading={mutation.isPending}
              disabled={mutation.isPending || mutation.isSuccess || isAlreadyDone(mutation.error)}
              loadingText="Recording"
              onClick={() => confirm(outcome)}
            >
              Confirm ruling
            </Button>
          </HStack>
        </Stack>
      </Box>
    );
  }

  return (
    <Box as="form" onSubmit={review} borderWidth="1px" borderRadius="l2" p="4" aria-label="Ruling">
      <Heading as="h3" size="sm" mb="3">
        Ruling
      </Heading>
      <Stack gap="4">
        <RadioGroup.Root
          value={outcome}
          onValueChange={(details) => setOutcome(details.value as RulingOutcome)}
          colorPalette="teal"
          aria-label="Outcome"
        >
          <Stack gap="2">
            {RULING_OUTCOMES.map((value) => (
              <RadioGroup.Item key={value} value={value} alignItems="flex-start">
                <RadioGroup.ItemHiddenInput />
                <RadioGroup.ItemIndicator />
                <RadioGroup.ItemText>
                  <Text fontWeight="medium">{OUTCOME_COPY[value].label}</Text>
                  <Text fontSize="xs" color="fg.muted">
                    {outcomeHelp(detail, value)}
                  </Text>
                </RadioGroup.ItemText>
              </RadioGroup.Item>
            ))}
          </Stack>
        </RadioGroup.Root>
        {outcome === 'split' ? (
          <Field.Root required invalid={!!errors?.buyer_amount || !!localError}>
            <Field.Label>Buyer's part (KES)</Field.Label>
            <Input
              inputMode="decimal"
              value={buyerAmount}
              onChange={(event) => setBuyerAmount(event.target.value)}
              placeholder="e.g. 1500"
            />
            <Field.HelperText>
              Of {formatMoney(detail.transaction.quote.held)} held; the seller is paid the rest less the seller fee.
            </Field.HelperText>
            <Field.ErrorText>{localError ?? errors?.buyer_amount?.[0]}</Field.ErrorText>
          </Field.Root>
        ) : null}
        <Field.Root required invalid={!!errors?.note}>
          <Field.Label>Note to both parties</Field.Label>
          <Textarea
            value={note}
            onChange={(event) => setNote(event.target.value)}
            rows={3}
            maxLength={2000}
            placeholder="What the evidence showed and why"
          />
          <Field.HelperText>Shown to both parties on their transaction pages; the ruling SMS does not carry it.</Field.HelperText>
          <Field.ErrorText>{errors?.note?.[0]}</Field.ErrorText>
        </Field.Root>
        {mutation.isError && !isAlreadyDone(mutation.error) ? (
          <Alert.Root status="error" role="alert">
            <Alert.Indicator />
            <Alert.Title>{mutation.error.message}</Alert.Title>
          </Alert.Root>
        ) : null}
        <Button ref={reviewRef} type="submit" colorPalette="teal" alignSelf="flex-start" disabled={!outcome || note.trim().length < 3}>
          Review ruling
        </Button>
      </Stack>
    </Box>
  );
}
