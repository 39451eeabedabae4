// Form submissions and button presses the page's code cannot handle yet
// (ADR 0001, ADR 0018).
// No imports: src/boot.ts, which runs before the page's code is even
// fetched, holds them from the start; islands (lib/island.tsx) and the
// hydrated page submit them again.

let pageHydrated = false;
let holding = false;

/** Whether the first page has hydrated (markHydrated has run). */
export function isPageHydrated(): boolean {
  return pageHydrated;
}

/**
 * Forms submitted before the code that handles them was there: before the
 * page hydrated, or before their island did. Submitted again once it is.
 */
export const early = new Set<HTMLFormElement>();

/**
 * The last button (not a form's submit button, not in an island) pressed
 * before the page hydrated: the header's menu button on a phone, say. A
 * button does nothing until its code is there; this one is pressed again
 * at markHydrated, so the press is late rather than lost.
 */
let earlyPress: HTMLButtonElement | null = null;

/** Fired on an island's element when a form in it was held (island code not there yet). */
export const HELD_EVENT = 'island-submit-held';

/**
 * Holds every form submission the page's code cannot handle yet, from the
 * moment the entry script runs (src/boot.ts calls it first): one before the
 * page has hydrated, or inside an island still waiting for its code. The
 * browser's own submission would reload the page with the visitor's details
 * in the address bar and send nothing (the forms have no action). A held
 * form is submitted again once its code is there: an island's by the island,
 * any other at markHydrated. Called again (main.tsx calls it too, for the
 * app shell, which has no boot script), it does nothing more.
 */
export function holdEarlySubmits(): void {
  if (holding) return;
  holding = true;
  document.addEventListener(
    'submit',
    (e) => {
      const form = e.target;
      if (!(form instanceof HTMLFormElement)) return;
      const waiting = form.closest<HTMLElement>('[data-island="waiting"]');
      if (pageHydrated && !waiting) return;
      e.preventDefault();
      early.add(form);
      waiting?.dispatchEvent(new Event(HELD_EVENT));
    },
    true,
  );
  document.addEventListener(
    'click',
    (e) => {
      if (pageHydrated || !(e.target instanceof Element)) return;
      const button = e.target.closest('button');
      // A submit is held as a submission; an island loads on the visitor's intent and has its own code.
      if (!button || (button.type === 'submit' && button.form) || button.closest('[data-island]')) return;
      earlyPress = button;
    },
    true,
  );
}

/** Submits again the held forms inside el (or, without el, those in no waiting island). */
export function resubmit(el?: HTMLElement): void {
  for (const form of [...early]) {
    if (el ? !el.contains(form) : form.closest('[data-island="waiting"]')) continue;
    early.delete(form);
    if (form.isConnected) form.requestSubmit();
  }
}

/**
 * Called once the first page has hydrated (App's first effect). The page says
 * so on <html data-hydrated>, for tests and tools that wait for it.
 */
export function markHydrated(): void {
  pageHydrated = true;
  document.documentElement.setAttribute('data-hydrated', '');
  resubmit();
  const pressed = earlyPress;
  earlyPress = null;
  if (pressed?.isConnected && !pressed.disabled) pressed.click();
}
