/**
 * Cutting people's text (item names, reasons, notes) to a length. A cut by UTF-16 units alone can end
 * inside an emoji: half of a surrogate pair, which PostgreSQL refuses in JSON (the SMS rows, the timeline,
 * the USSD session all store such text in JSON) and which phones show as "�". These cut between
 * characters as a reader sees them (grapheme clusters: an emoji with its skin tone or a flag stays whole).
 */
const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

/** The longest start of `text` at most `max` UTF-16 units long that ends between two graphemes. */
export function cutText(text: string, max: number): string {
  if (text.length <= max) return text;
  let end = 0;
  for (const { index, segment } of graphemes.segment(text)) {
    if (index + segment.length > max) break;
    end = index + segment.length;
  }
  return text.slice(0, end);
}

/** The first character of `text` as a reader sees it ('' for empty text), e.g. for an initial. */
export function firstGrapheme(text: string): string {
  for (const { segment } of graphemes.segment(text)) return segment;
  return '';
}
