import { useEffect, type RefObject } from 'react';

/**
 * WCAG 2.2 SC 2.4.11 (focus not obscured): the sticky actions bar must not
 * hide the field that has the focus (Published, the publish time, as you
 * Tab down). The page keeps the bar's height clear when it scrolls a field
 * into view (scroll-padding-bottom in posts.css, sized here: the notice and
 * status lines make the bar taller); where a browser scrolls without it,
 * the field is moved clear of the bar here.
 */
export function useActionsBarClearance(formRef: RefObject<HTMLFormElement | null>, actionsRef: RefObject<HTMLElement | null>) {
  useEffect(() => {
    const bar = actionsRef.current;
    const form = formRef.current;
    if (!bar || !form) return;
    const root = document.documentElement;
    const measure = () => root.style.setProperty('--post-form-actions-height', `${Math.ceil(bar.getBoundingClientRect().height)}px`);
    measure();
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
    observer?.observe(bar);
    const onFocusIn = (e: FocusEvent) => {
      const field = e.target;
      if (!(field instanceof HTMLElement) || bar.contains(field)) return;
      // After the browser's own scrolling to it.
      requestAnimationFrame(() => {
        const barBox = bar.getBoundingClientRect();
        const box = field.getBoundingClientRect();
        if (box.bottom > barBox.top && box.top < barBox.bottom) window.scrollBy({ top: box.bottom - barBox.top + 8, behavior: 'instant' });
      });
    };
    form.addEventListener('focusin', onFocusIn);
    return () => {
      observer?.disconnect();
      form.removeEventListener('focusin', onFocusIn);
      root.style.removeProperty('--post-form-actions-height');
    };
  }, [formRef, actionsRef]);
}

/**
 * Ctrl+S / Cmd+S saves, as in any editor, instead of the browser saving
 * the page. Not from inside a dialog (preview, a question): its own
 * buttons answer it.
 */
export function useSaveShortcut(formRef: RefObject<HTMLFormElement | null>) {
  useEffect(() => {
    const onKeyDown = (e: KeyboardEvent) => {
      if (!(e.ctrlKey || e.metaKey) || e.altKey || e.shiftKey || e.key.toLowerCase() !== 's' || e.isComposing) return;
      e.preventDefault();
      if (e.repeat || (e.target instanceof Element && e.target.closest('[role="dialog"], [role="alertdialog"]'))) return;
      formRef.current?.requestSubmit();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [formRef]);
}
