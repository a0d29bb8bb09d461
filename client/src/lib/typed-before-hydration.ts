/**
 * What a visitor types into a prerendered form before React has hydrated it (a second or more on a slow
 * phone) stays in the DOM, but React's state never heard of it: a controlled field would be reset on its
 * next render and the form would submit the state's empty value. Once the field is hydrated, the value
 * is handed to React the way a keystroke would be, so its onChange runs and the state takes it. (React 19
 * does this itself for some fields, not for all: the login form lost them. A field React already took is
 * left alone: hydration has then made its `defaultValue` the typed value.)
 * docs/adr/0015-page-weight.md.
 */

type Field = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

const isToggle = (field: Field): field is HTMLInputElement =>
  field instanceof HTMLInputElement && (field.type === 'checkbox' || field.type === 'radio');

/** Differs from what the server rendered (the HTML's value, checked or selected attributes). */
function changedFromHtml(field: Field): boolean {
  if (field instanceof HTMLSelectElement) return [...field.options].some((option) => option.selected !== option.defaultSelected);
  if (isToggle(field)) return field.checked !== field.defaultChecked;
  return field.value !== field.defaultValue;
}

/** React marks the DOM nodes it owns with its own keys; a field inside a section not hydrated yet has none. */
const isHydrated = (field: Field) => Object.keys(field).some((key) => key.startsWith('__reactProps$'));

/** The native value setter: React tracks values set through the element's own property, not this one. */
function setWithoutTracking(field: HTMLInputElement | HTMLTextAreaElement, value: string) {
  const prototype = field instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
  Object.getOwnPropertyDescriptor(prototype, 'value')!.set!.call(field, value);
}

const valueOf = (field: Field) => (isToggle(field) ? field.checked : field.value);

export interface TypedField {
  field: Field;
  /** The value, or for a checkbox or radio button whether it is checked. */
  value: string | boolean;
}

/** Replays the visitor's value as user input, for React's change handling. */
function replay({ field, value }: TypedField) {
  if (field instanceof HTMLSelectElement) {
    field.value = value as string;
    field.dispatchEvent(new Event('change', { bubbles: true }));
  } else if (isToggle(field)) {
    // Hydration made `defaultChecked` React's idea of the field. Set the opposite of the visitor's choice
    // through the tracked property, then click: the click restores it and is what React listens to.
    if (value === field.defaultChecked) return;
    field.checked = !value;
    field.click();
  } else {
    // Hydration made `defaultValue` what React rendered; a value it does not know is the visitor's.
    if (value === field.defaultValue) return;
    field.value = field.defaultValue;
    setWithoutTracking(field, value as string);
    field.dispatchEvent(new Event('input', { bubbles: true }));
  }
}

const SKIPPED_INPUT_TYPES = new Set(['hidden', 'submit', 'button', 'reset', 'image', 'file']);

/**
 * The prerendered fields under `root` the visitor has already changed, with their values. Call just before
 * hydrating, and again once hydrated (for what was typed while it ran: React leaves such a value in the
 * field without taking it).
 */
export function fieldsTypedBeforeHydration(root: HTMLElement): TypedField[] {
  return [...root.querySelectorAll<Field>('input, textarea, select')]
    .filter((field) => !(field instanceof HTMLInputElement && SKIPPED_INPUT_TYPES.has(field.type)) && changedFromHtml(field))
    .map((field) => ({ field, value: valueOf(field) }));
}

/** What React renders into a field it has hydrated (kept on the element under its own key); undefined when uncontrolled. */
function reactValueOf(field: Field): unknown {
  const key = Object.keys(field).find((candidate) => candidate.startsWith('__reactProps$'));
  const props = key ? (field as unknown as Record<string, Record<string, unknown> | undefined>)[key] : undefined;
  return isToggle(field) ? props?.checked : props?.value;
}

interface Handover extends TypedField {
  replays: number;
  replayedAt: number;
  /** React's value for the field just before the last replay. */
  reactValueBefore?: unknown;
}

/** Replays to a field React has not taken yet wait this long, doubling each time (6 replays span about 6 s). */
const FIRST_RETRY_MS = 100;
const MAX_REPLAYS = 6;

/** React took the replayed value: its own value for the field moved (perhaps reformatted) or is the visitor's. */
function taken({ field, value, replays, reactValueBefore }: Handover): boolean {
  if (replays === 0) return false;
  const now = reactValueOf(field);
  return now === undefined || now !== reactValueBefore || String(now) === String(value);
}

/**
 * Hands each field's value to React once its section is hydrated (the page's lazy sections hydrate after
 * the rest), giving up after `timeoutMs`. One field per task: React then renders each change before the
 * next, so a handler that builds the form's state from the last render loses none. Call when the root
 * has hydrated.
 *
 * A section hydrating in slices carries React's keys before it commits, and React drops events aimed at
 * it until then: a replay is checked against what React renders afterwards, and made again if React did
 * not take it (on a throttled phone the login form lost its first field so, and the second field's render
 * then cleared it).
 */
export function handTypedValuesToReact(fields: TypedField[], timeoutMs = 10_000): void {
  const giveUpAt = Date.now() + timeoutMs;
  // A field seen more than once (before and after hydrating) is handed over once, with its latest value.
  let pending: Handover[] = [...new Map(fields.map((typed) => [typed.field, typed])).values()]
    .filter((typed) => typed.field.isConnected)
    .map((typed) => ({ ...typed, replays: 0, replayedAt: -Infinity }));
  // What the visitor does to a waiting field from now on wins over the value found: React hears a hydrated
  // field itself (handing the older value over would undo the visitor's edit), and for one not hydrated yet
  // the new value is the one to hand over.
  const heard = (event: Event) => {
    const typed = event.isTrusted ? pending.find((candidate) => candidate.field === event.target) : undefined;
    if (!typed) return;
    if (isHydrated(typed.field)) pending = pending.filter((candidate) => candidate !== typed);
    else typed.value = valueOf(typed.field);
  };
  const listen = (add: boolean) =>
    (['input', 'change'] as const).forEach((type) =>
      add ? document.addEventListener(type, heard, true) : document.removeEventListener(type, heard, true),
    );
  const step = () => {
    pending = pending.filter((typed) => typed.field.isConnected && !taken(typed) && typed.replays < MAX_REPLAYS);
    const now = Date.now();
    const ready = pending.find((typed) => isHydrated(typed.field) && now - typed.replayedAt >= FIRST_RETRY_MS * 2 ** (typed.replays - 1));
    if (ready) {
      ready.reactValueBefore = reactValueOf(ready.field);
      replay(ready);
      ready.replays++;
      ready.replayedAt = now;
    }
    if (pending.length > 0 && now < giveUpAt) setTimeout(step, ready ? 0 : 50);
    else listen(false);
  };
  if (pending.length === 0) return;
  listen(true);
  setTimeout(step, 0);
}

/**
 * For a section that hydrates after the rest, when its code has just arrived (a lazy chunk): what the visitor
 * typed into its prerendered fields until then is handed to React once the section has hydrated. Nothing to
 * do when the section is not on the page (a client-side navigation renders it fresh).
 */
export function keepValuesTypedIntoSection(sectionId: string): void {
  const section = typeof document === 'undefined' ? null : document.getElementById(sectionId);
  if (section) handTypedValuesToReact(fieldsTypedBeforeHydration(section));
}
