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

/**
 * Replays the field's value as user input, for React's change handling. The value is read now, not when the
 * field was found: the visitor may have changed it since (typed, cleared, typed again), and handing React
 * an older value would undo what they see on the screen.
 */
function replay(field: Field) {
  if (field instanceof HTMLSelectElement) {
    field.dispatchEvent(new Event('change', { bubbles: true }));
  } else if (isToggle(field)) {
    // Hydration made `defaultChecked` React's idea of the field. Set the opposite of the visitor's choice
    // through the tracked property, then click: the click restores it and is what React listens to.
    const checked = field.checked;
    if (checked === field.defaultChecked) return;
    field.checked = !checked;
    field.click();
  } else {
    // Hydration made `defaultValue` what React rendered; a value it does not know is the visitor's.
    const value = field.value;
    if (value === field.defaultValue) return;
    field.value = field.defaultValue;
    setWithoutTracking(field, value);
    field.dispatchEvent(new Event('input', { bubbles: true }));
  }
}

const SKIPPED_INPUT_TYPES = new Set(['hidden', 'submit', 'button', 'reset', 'image', 'file']);

/**
 * The prerendered fields under `root` the visitor has already changed. Call just before hydrating, and again
 * once hydrated (for what was typed while it ran: React leaves such a value in the field without taking it).
 */
export function fieldsTypedBeforeHydration(root: HTMLElement): Field[] {
  return [...root.querySelectorAll<Field>('input, textarea, select')].filter(
    (field) => !(field instanceof HTMLInputElement && SKIPPED_INPUT_TYPES.has(field.type)) && changedFromHtml(field),
  );
}

/**
 * Hands each field's value to React once its section is hydrated (the page's lazy sections hydrate after
 * the rest), giving up after `timeoutMs`. One field per task: React then renders each change before the
 * next, so a handler that builds the form's state from the last render loses none. Call when the root
 * has hydrated.
 */
export function handTypedValuesToReact(fields: Field[], timeoutMs = 10_000): void {
  const giveUpAt = Date.now() + timeoutMs;
  // A field seen more than once (before and after hydrating) is handed over once.
  let pending = [...new Set(fields)].filter((field) => field.isConnected);
  const step = () => {
    pending = pending.filter((field) => field.isConnected);
    const ready = pending.find(isHydrated);
    if (ready) {
      replay(ready);
      pending = pending.filter((field) => field !== ready);
    }
    if (pending.length > 0 && Date.now() < giveUpAt) setTimeout(step, ready ? 0 : 50);
  };
  if (pending.length > 0) setTimeout(step, 0);
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
