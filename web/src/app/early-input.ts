/**
 * What a visitor does to a prerendered page before React has hydrated it is
 * kept and played again once it has (docs/decisions/149-hydrate-after-first-paint-in-steps.md):
 *
 * - a click on a button, checkbox, radio or summary is held (its default
 *   action prevented) and clicked again after hydration, so the menu opens and
 *   the form submits through the app, never natively (a native GET would put
 *   a password in the address bar);
 * - a form submitted natively (Enter in a field) is held and submitted again;
 * - what was typed or chosen in a field is handed to the app's state, as if
 *   typed after hydration.
 *
 * Links are left alone: they work as plain links before hydration, and a click
 * on a submit button of a form the browser's own checks refuse is let through,
 * so the browser points at the first field to fix at once, as it would later.
 *
 * What is held is hidden from React (its propagation stopped at the document,
 * before React's listener on the root sees it): React starts handling events
 * as soon as hydration starts, before the page says it has hydrated, and an
 * event both handled then and played again afterwards would count twice (an
 * item added to the cart twice), or reach the app before what was typed had
 * (a form sent empty).
 */

const HELD = 'button, input[type="checkbox"], input[type="radio"], input[type="submit"], summary';

type Field = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

export interface EarlyInput {
  /** Whether the visitor has done anything yet (then the code should load at once). */
  readonly touched: Promise<void>;
  /** Call once the app has hydrated: replays what was held and stops holding. */
  replay(): void;
}

function isTextField(field: Field): field is HTMLInputElement | HTMLTextAreaElement {
  return !(field instanceof HTMLSelectElement) && !['checkbox', 'radio', 'file'].includes(field.type);
}

/** Sets a field's value the way typing does, so React's onChange sees it. */
function setAsTyped(field: HTMLInputElement | HTMLTextAreaElement, value: string): void {
  const prototype = field instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
  const setter = Object.getOwnPropertyDescriptor(prototype, 'value')?.set;
  // React remembers the last value it saw through the element's own property; reset that first, then set the
  // new value underneath it, so the input event reads as a change.
  field.value = '';
  setter?.call(field, value);
  field.dispatchEvent(new Event('input', { bubbles: true }));
}

/**
 * Whether a click on `target` submits a form the browser's constraint checks refuse: the browser then focuses the
 * first field to fix and shows why, and submits nothing, so there is nothing to hold.
 */
function refusedByTheBrowser(target: HTMLElement): boolean {
  if (!(target instanceof HTMLButtonElement || target instanceof HTMLInputElement) || target.type !== 'submit') {
    return false;
  }
  const form = target.form;
  return Boolean(form && !form.noValidate && !target.formNoValidate && !form.checkValidity());
}

export function holdEarlyInput(root: HTMLElement): EarlyInput {
  let holding = true;
  let markTouched: () => void = () => {};
  const touched = new Promise<void>((resolve) => (markTouched = resolve));
  const clicks: HTMLElement[] = [];
  let submitted: HTMLFormElement | null = null;
  // What was typed or chosen, field by field, as the events said (hydration may reset what the field shows).
  const typed = new Map<Field, string>();

  const onClick = (event: MouseEvent) => {
    markTouched();
    if (!holding || !(event.target instanceof Element)) return;
    const target = event.target.closest<HTMLElement>(HELD);
    if (!target || !root.contains(target)) return;
    if (refusedByTheBrowser(target)) return;
    event.preventDefault();
    event.stopPropagation();
    if (!clicks.includes(target)) clicks.push(target);
  };
  const onSubmit = (event: SubmitEvent) => {
    if (!holding || !(event.target instanceof HTMLFormElement) || !root.contains(event.target)) return;
    event.preventDefault();
    event.stopPropagation();
    submitted = event.target;
  };
  const onTouch = (event: Event) => {
    markTouched();
    const field = event.target;
    if (!holding || (event.type !== 'input' && event.type !== 'change') || !(field instanceof Element)) return;
    if (!root.contains(field)) return;
    if (field instanceof HTMLSelectElement) typed.set(field, field.value);
    else if ((field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement) && isTextField(field)) {
      typed.set(field, field.value);
    } else return;
    // The app is handed the field's latest value when it has hydrated, not each edit while it hydrates.
    event.stopPropagation();
  };
  const touchEvents = ['pointerdown', 'keydown', 'focusin', 'input', 'change'] as const;

  document.addEventListener('click', onClick, true);
  document.addEventListener('submit', onSubmit, true);
  for (const type of touchEvents) document.addEventListener(type, onTouch, { capture: true, passive: true });

  return {
    touched,
    replay() {
      if (!holding) return;
      holding = false;
      document.removeEventListener('click', onClick, true);
      document.removeEventListener('submit', onSubmit, true);
      for (const type of touchEvents) document.removeEventListener(type, onTouch, true);

      for (const [field, value] of typed) {
        if (!field.isConnected) continue;
        if (field instanceof HTMLSelectElement) {
          field.value = value;
          field.dispatchEvent(new Event('change', { bubbles: true }));
        } else if (isTextField(field)) {
          setAsTyped(field, value);
        }
      }
      const form = submitted;
      const clicked = clicks.filter((element) => element.isConnected);
      // A click on a form's submit button submits it: the held submit is that same intent.
      const submitClicked = clicked.some((element) => form && form.contains(element));
      // In the next task: the app has then rendered the values handed to it above.
      setTimeout(() => {
        for (const element of clicked) if (element.isConnected) element.click();
        if (form && form.isConnected && !submitClicked) form.requestSubmit();
      }, 0);
    },
  };
}
