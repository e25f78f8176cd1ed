import { pageElementIds, pressedSubmitAttribute, queuedSubmitAttribute } from '@prometrica/shared-api/page';
import type { ParticipantDetails } from '../../lib/participant-details';

// The page of `/` arrives with the details form already painted (server/src/plugins/first-paint.ts),
// and its inputs take typing before any script has run. When the live screen replaces it, what was
// typed there, the field (or Continue) that had the focus and a Continue pressed meanwhile (the
// page's inline script holds that submit back and marks the form, and marks a press on Continue not
// yet released) carry over into the live form: read from the painted form while the live screen
// first renders, and once more as it commits, from the same input elements, in case typing went on
// in between.

const fieldNames = ['name', 'email', 'phone'] as const satisfies readonly (keyof ParticipantDetails)[];

export interface PaintedForm {
  values: ParticipantDetails;
  /** The field that had the caret, with its selection. */
  focus?: { name: keyof ParticipantDetails; start: number | null; end: number | null };
  /** Continue had the focus instead (reached with Tab, or pressed). */
  continueFocused: boolean;
  /** Continue (or Enter) was pressed on the painted form. */
  submitted: boolean;
  /**
   * Continue is held down on the painted form (pointer, or Space): its release on the live Continue
   * is a submit.
   */
  pressed: boolean;
  inputs: Partial<Record<keyof ParticipantDetails, HTMLInputElement>>;
  form: HTMLFormElement;
}

const readValues = (inputs: PaintedForm['inputs']): ParticipantDetails => ({
  name: inputs.name?.value ?? '',
  email: inputs.email?.value ?? '',
  phone: inputs.phone?.value ?? '',
});

/** What can have the focus in the painted form: a field, or Continue. */
type Control = keyof ParticipantDetails | 'continue';

/** The control an element of the painted form is: an input by its name, Continue by being the submit button. */
function controlOf(element: EventTarget | null): Control | undefined {
  if (element instanceof HTMLButtonElement) return element.type === 'submit' ? 'continue' : undefined;
  return element instanceof HTMLInputElement ? fieldNames.find((field) => field === element.name) : undefined;
}

/** The caret's place in the painted field `control`, when it is a field that the page has. */
function focusOf(inputs: PaintedForm['inputs'], control: Control | undefined): PaintedForm['focus'] {
  if (!control || control === 'continue') return undefined;
  const input = inputs[control];
  return input ? { name: control, start: input.selectionStart, end: input.selectionEnd } : undefined;
}

/**
 * The painted field (or Continue) that last had the focus, by painted form, followed from the first
 * read on: the live screen renders in slices (shell/src/bootstrap.tsx), and the participant may move
 * on before it commits, when the painted form is already out of the page and nothing in it has focus.
 */
const lastFocused = new WeakMap<HTMLFormElement, Control>();

/** The painted form's focusin listener (one function, so adding it again on a later read adds nothing). */
function followFocus(event: FocusEvent): void {
  const control = controlOf(event.target);
  if (control && event.currentTarget instanceof HTMLFormElement) lastFocused.set(event.currentTarget, control);
}

/** The painted details form of this page as it is now, or undefined when the page has none (any more). */
export function readPaintedForm(): PaintedForm | undefined {
  if (typeof document === 'undefined') return undefined;
  const form = document.getElementById(pageElementIds.firstPaint)?.querySelector('form');
  if (!form) return undefined;
  const inputs: PaintedForm['inputs'] = {};
  for (const name of fieldNames) {
    const input = form.querySelector(`input[name="${name}"]`);
    if (input instanceof HTMLInputElement) inputs[name] = input;
  }
  const focused = form.contains(document.activeElement) ? controlOf(document.activeElement) : undefined;
  if (focused) lastFocused.set(form, focused);
  form.addEventListener('focusin', followFocus);
  return {
    values: readValues(inputs),
    focus: focusOf(inputs, focused),
    continueFocused: focused === 'continue',
    submitted: form.hasAttribute(queuedSubmitAttribute),
    pressed: form.hasAttribute(pressedSubmitAttribute),
    inputs,
    form,
  };
}

/**
 * The painted form read again from the same elements (the page may have replaced them by now; an
 * input taken out of the page keeps its value): what was typed since `painted` was read, and the
 * field the caret was last in.
 */
export function rereadPaintedForm(painted: PaintedForm): PaintedForm {
  // Set by the first read when a field or Continue had the focus then, and by every focus since.
  const focused = lastFocused.get(painted.form);
  return {
    ...painted,
    values: readValues(painted.inputs),
    focus: focusOf(painted.inputs, focused),
    continueFocused: focused === 'continue',
    submitted: painted.submitted || painted.form.hasAttribute(queuedSubmitAttribute),
    // As it is now: a release since the first read clears it (and, over the painted button, submits).
    pressed: painted.form.hasAttribute(pressedSubmitAttribute),
  };
}
