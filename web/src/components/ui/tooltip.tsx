// A small tooltip (SPEC §9: open delay 700 ms, skip delay 300 ms), written
// for public pages instead of Radix's so positioning code stays out of the
// first load (ADR 0001). It follows the WAI-ARIA tooltip pattern the way
// Radix does: hover opens after the delay, or at once when another tooltip
// closed less than the skip delay ago; keyboard focus opens at once; Escape,
// pointer down, blur and leaving (trigger and text) close it; the trigger is described by the
// tooltip while it shows. Touch does not open it (the text must never be
// the only place information lives).
import { cloneElement, useEffect, useId, useLayoutEffect, useRef, useState, type ReactElement, type SyntheticEvent } from 'react';
import './tooltip.css';

export const TOOLTIP_DELAY_MS = 700;
export const TOOLTIP_SKIP_DELAY_MS = 300;

/** When the last tooltip closed: shared by every tooltip, like Radix's provider. */
let lastClosedAt = Number.NEGATIVE_INFINITY;

/** How long hover waits before opening, given when the last tooltip closed. */
export function openDelay(now: number, closedAt: number = lastClosedAt): number {
  return now - closedAt < TOOLTIP_SKIP_DELAY_MS ? 0 : TOOLTIP_DELAY_MS;
}

type TriggerProps = {
  'aria-describedby'?: string;
  onPointerDown?: (e: SyntheticEvent) => void;
  onFocus?: (e: SyntheticEvent) => void;
  onBlur?: (e: SyntheticEvent) => void;
};

type Props = {
  /** The tooltip's text. */
  content: string;
  /** One focusable element (a button or link) that the tooltip describes. */
  children: ReactElement<TriggerProps>;
};

export function Tooltip({ content, children }: Props) {
  const [open, setOpen] = useState(false);
  const timer = useRef<number | undefined>(undefined);
  const id = useId();

  const cancel = () => window.clearTimeout(timer.current);
  const show = (delay: number) => {
    cancel();
    if (delay === 0) setOpen(true);
    else timer.current = window.setTimeout(() => setOpen(true), delay);
  };
  const hide = () => {
    cancel();
    setOpen((was) => {
      if (was) lastClosedAt = performance.now();
      return false;
    });
  };
  useEffect(() => cancel, []);

  // WCAG 1.4.13: dismissible with Escape wherever focus is. A layout effect,
  // so the listener is there as soon as the tooltip shows: a passive effect
  // waits for the next frame, and an Escape pressed before it was lost.
  useLayoutEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && hide();
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open]);

  const own = children.props;
  const trigger = cloneElement(children, {
    'aria-describedby': open ? id : own['aria-describedby'],
    onPointerDown: (e: SyntheticEvent) => {
      own.onPointerDown?.(e);
      hide();
    },
    onFocus: (e: SyntheticEvent) => {
      own.onFocus?.(e);
      // Only keyboard focus: a click focuses too, and must not pop it up.
      if ((e.target as Element).matches?.(':focus-visible')) show(0);
    },
    onBlur: (e: SyntheticEvent) => {
      own.onBlur?.(e);
      hide();
    },
  });

  // Hover is tracked on the anchor, which holds the tooltip too, so the
  // pointer can move onto the text without it vanishing (WCAG 1.4.13).
  return (
    <span
      className="tooltip-anchor"
      onPointerEnter={(e) => e.pointerType !== 'touch' && show(openDelay(performance.now()))}
      onPointerLeave={hide}
    >
      {trigger}
      <span role="tooltip" id={id} className="tooltip" hidden={!open}>
        {content}
      </span>
    </span>
  );
}
