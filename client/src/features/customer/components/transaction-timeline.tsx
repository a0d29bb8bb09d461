/** The transaction's history, oldest first: every transition and money movement with its time. */
import { Card, Text, Timeline } from '@chakra-ui/react';
import { AlertTriangle, Banknote, CircleDot, Gavel, RotateCcw, Send } from 'lucide-react';
import { formatDateTime, humanize } from '@/lib/format';
import { useRelativeTime } from '@/hooks/use-relative-time';
import { en } from '@/i18n/en';
import { useT, type Translate } from '@/i18n';
import type { TimelineEntry } from '../api/transactions';
import { isDisputeResponse } from '@escrow/core/domain/timeline-events';
import { timelineDescription, timelineFailure } from './timeline-sentence';

function eventLook(entry: TimelineEntry) {
  if (entry.event_type.endsWith('failed') || entry.event_type === 'installment_missed') return { icon: <AlertTriangle />, palette: 'red' };
  if (entry.type === 'dispute') return { icon: <Gavel />, palette: 'orange' };
  if (entry.type === 'refund' || entry.type === 'withdrawal') return { icon: <RotateCcw />, palette: 'cyan' };
  if (entry.type === 'payment' || entry.type === 'installment' || entry.type === 'payout') return { icon: <Banknote />, palette: 'green' };
  if (entry.event_type.startsWith('dispatch')) return { icon: <Send />, palette: 'purple' };
  return { icon: <CircleDot />, palette: 'teal' };
}

const EVENT_NAMES = en.customer.timeline.events;

/** The event's name in the reader's language; an event this page does not know keeps its own name. */
function eventTitle(t: Translate, entry: TimelineEntry): string {
  if (isDisputeResponse(entry)) return t('customer.timeline.responseTitle');
  const eventType = entry.event_type;
  return eventType in EVENT_NAMES ? t(`customer.timeline.events.${eventType as keyof typeof EVENT_NAMES}`) : humanize(eventType);
}

const text = (value: unknown) => (typeof value === 'string' && value ? value : null);

export function TransactionTimeline({ timeline }: { timeline: TimelineEntry[] }) {
  const { t, language } = useT();
  const when = useRelativeTime();
  return (
    <Card.Root size="sm" as="section" aria-labelledby="timeline-heading">
      <Card.Header>
        <Card.Title as="h2" id="timeline-heading" fontSize="md">
          {t('customer.timeline.heading')}
        </Card.Title>
      </Card.Header>
      <Card.Body>
        {timeline.length === 0 ? (
          <Text color="fg.muted">{t('customer.timeline.empty')}</Text>
        ) : (
          <Timeline.Root size="sm" as="ol" data-testid="timeline">
            {timeline.map((entry, index) => {
              const look = eventLook(entry);
              const description = timelineDescription(entry, t, language);
              // The receipt line, unless the sentence already names the receipt.
              const receipt = text(entry.data?.mpesa_receipt);
              const receiptLine = receipt && !description.includes(receipt) ? receipt : null;
              const failure = timelineFailure(entry, language, description);
              // Events name their rail (M-Pesa, Airtel Money); older ones were all M-Pesa.
              const railName = typeof entry.data?.rail_name === 'string' ? entry.data.rail_name : 'M-Pesa';
              // What the seller said at dispatch.
              const courier = text(entry.data?.courier);
              const tracking = text(entry.data?.tracking_number);
              const note = text(entry.data?.note);
              return (
                <Timeline.Item key={`${entry.timestamp}-${index}`} as="li" data-event={entry.event_type}>
                  <Timeline.Connector>
                    <Timeline.Separator />
                    <Timeline.Indicator colorPalette={look.palette} aria-hidden>
                      {look.icon}
                    </Timeline.Indicator>
                  </Timeline.Connector>
                  <Timeline.Content pb="4">
                    <Timeline.Title fontSize="sm">{eventTitle(t, entry)}</Timeline.Title>
                    <Timeline.Description color="fg">{description}</Timeline.Description>
                    {receiptLine || failure ? (
                      <Text fontSize="xs" color={failure ? 'fg.error' : 'fg.muted'}>
                        {receiptLine ? t('customer.timeline.receipt', { rail: railName, receipt: receiptLine }) : failure}
                      </Text>
                    ) : null}
                    {courier || tracking || note ? (
                      <Text fontSize="xs" color="fg.muted" data-testid="timeline-dispatch">
                        {[
                          courier ? t('customer.timeline.courier', { courier }) : null,
                          tracking ? t('customer.timeline.tracking', { tracking }) : null,
                          note ? `“${note}”` : null,
                        ]
                          .filter(Boolean)
                          .join(' · ')}
                      </Text>
                    ) : null}
                    <Text fontSize="xs" color="fg.muted" title={formatDateTime(entry.timestamp, language)}>
                      <time dateTime={entry.timestamp}>{when(entry.timestamp)}</time>
                    </Text>
                  </Timeline.Content>
                </Timeline.Item>
              );
            })}
          </Timeline.Root>
        )}
      </Card.Body>
    </Card.Root>
  );
}
