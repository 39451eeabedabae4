import { useEffect, useId, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import type { SiteLink } from './site-links';
import { SmartLink } from './SmartLink';

/** SPEC §9: the typed-ahead prefix resets after 1 s without a key. */
export const MENU_TYPEAHEAD_RESET_MS = 1000;

function Chevron() {
  return (
    <svg aria-hidden="true" width="12" height="12" viewBox="0 0 12 12" className="chevron">
      <path d="M2 4l4 4 4-4" fill="none" stroke="currentColor" strokeWidth="1.6" />
    </svg>
  );
}

/**
 * Index of the item a typed-ahead prefix lands on: the first label starting
 * with it, searching from the item after `from` and wrapping. A prefix of
 * one repeated letter cycles through the labels with that letter.
 */
export function typeaheadIndex(labels: readonly string[], prefix: string, from: number): number {
  const p = prefix.toLowerCase();
  const search = p.length > 1 && [...p].every((c) => c === p[0]) ? p[0]! : p;
  const start = search.length === 1 ? from + 1 : Math.max(from, 0);
  for (let i = 0; i < labels.length; i++) {
    const at = (start + i) % labels.length;
    if (labels[at]!.toLowerCase().startsWith(search)) return at;
  }
  return -1;
}

/**
 * A menu button of site links (WAI-ARIA APG "menu button"), written for the
 * header instead of Radix's dropdown so its 25 KB of positioning code stays
 * out of every page's first load (ADR 0001). Enter, Space or ↓ open it on the
 * first item, ↑ on the last; ↑ ↓ Home End move (wrapping); letters jump
 * (typeahead, reset after 1 s); Escape closes back to the button; Tab, a
 * click outside or choosing a link closes it.
 */
export function NavMenu({ label, links }: { label: string; links: readonly SiteLink[] }) {
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLUListElement>(null);
  const focusOnOpen = useRef<'first' | 'last'>('first');
  const typed = useRef({ prefix: '', timer: 0 });
  const menuId = useId();

  const items = () => Array.from(menuRef.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? []);
  const focusAt = (index: number) => {
    const all = items();
    if (all.length === 0) return;
    all[((index % all.length) + all.length) % all.length]!.focus();
  };

  // Focus moves into the menu as soon as it is in the DOM (a layout effect, so a key
  // typed right after opening reaches the menu, not the button).
  useLayoutEffect(() => {
    if (!open) return;
    focusAt(focusOnOpen.current === 'first' ? 0 : -1);
    const onPointerDown = (e: PointerEvent) => {
      if (!rootRef.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  useEffect(() => () => window.clearTimeout(typed.current.timer), []);

  function openAt(where: 'first' | 'last') {
    focusOnOpen.current = where;
    if (open) focusAt(where === 'first' ? 0 : -1);
    else setOpen(true);
  }

  function close(returnFocus: boolean) {
    setOpen(false);
    if (returnFocus) buttonRef.current?.focus();
  }

  function onButtonKeyDown(e: KeyboardEvent<HTMLButtonElement>) {
    if (e.key === 'ArrowDown' || e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      openAt('first');
    } else if (e.key === 'ArrowUp') {
      e.preventDefault();
      openAt('last');
    }
  }

  function onMenuKeyDown(e: KeyboardEvent<HTMLUListElement>) {
    const all = items();
    const current = all.indexOf(document.activeElement as HTMLElement);
    switch (e.key) {
      case 'ArrowDown':
        e.preventDefault();
        focusAt(current + 1);
        return;
      case 'ArrowUp':
        e.preventDefault();
        focusAt(current - 1);
        return;
      case 'Home':
        e.preventDefault();
        focusAt(0);
        return;
      case 'End':
        e.preventDefault();
        focusAt(-1);
        return;
      case 'Escape':
        e.preventDefault();
        close(true);
        return;
      case 'Tab':
        close(false);
        return;
      case ' ':
        // Space activates a menu item like Enter does on a link.
        e.preventDefault();
        all[current]?.click();
        return;
    }
    if (e.key.length === 1 && !e.ctrlKey && !e.metaKey && !e.altKey) {
      const t = typed.current;
      window.clearTimeout(t.timer);
      t.prefix += e.key;
      t.timer = window.setTimeout(() => (t.prefix = ''), MENU_TYPEAHEAD_RESET_MS);
      const at = typeaheadIndex(
        all.map((el) => el.textContent ?? ''),
        t.prefix,
        current,
      );
      if (at >= 0) focusAt(at);
    }
  }

  return (
    <div className="nav-menu" ref={rootRef}>
      <button
        ref={buttonRef}
        type="button"
        className="site-nav__trigger"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        data-state={open ? 'open' : 'closed'}
        onClick={() => (open ? close(false) : openAt('first'))}
        onKeyDown={onButtonKeyDown}
      >
        {label} <Chevron />
      </button>
      <ul
        ref={menuRef}
        id={menuId}
        role="menu"
        aria-label={label}
        className="menu"
        hidden={!open}
        onKeyDown={onMenuKeyDown}
        onBlur={(e) => {
          if (!rootRef.current?.contains(e.relatedTarget as Node | null)) setOpen(false);
        }}
      >
        {links.map((l) => (
          <li key={l.to} role="none">
            <SmartLink to={l.to} role="menuitem" tabIndex={-1} className="menu__item" onNavigate={() => close(false)}>
              {l.label}
            </SmartLink>
          </li>
        ))}
      </ul>
    </div>
  );
}
