// Edit mode (SPEC §4): one boolean for the tab, flipped by Ctrl+Alt+E
// (Cmd+Alt+E on a Mac) and by the admin's toggle. It is kept in
// sessionStorage so it survives navigation within the tab and ends with it.
import { useEffect, useRef, useSyncExternalStore } from 'react';

export const EDIT_MODE_STORAGE_KEY = 'trenchless:edit-mode';

const listeners = new Set<() => void>();

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    return null; // storage disabled: edit mode still works for this page
  }
}

let memory = storage()?.getItem(EDIT_MODE_STORAGE_KEY) === 'on';

export function isEditMode(): boolean {
  return memory;
}

export function setEditMode(on: boolean): void {
  if (on === memory) return;
  memory = on;
  const s = storage();
  if (on) s?.setItem(EDIT_MODE_STORAGE_KEY, 'on');
  else s?.removeItem(EDIT_MODE_STORAGE_KEY);
  listeners.forEach((l) => l());
}

export function toggleEditMode(): void {
  setEditMode(!memory);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The current edit-mode state; re-renders when it flips. Off on the server. */
export function useEditMode(): boolean {
  return useSyncExternalStore(subscribe, isEditMode, () => false);
}

/**
 * Whether a key event is the edit-mode shortcut: Ctrl+Alt+E, or Cmd+Alt+E
 * on a Mac. `code` is used because Alt (Option) changes the produced
 * character ("´" or "€") on many layouts.
 */
export function isEditModeShortcut(e: Pick<KeyboardEvent, 'code' | 'key' | 'ctrlKey' | 'metaKey' | 'altKey' | 'shiftKey'>): boolean {
  const isE = e.code === 'KeyE' || e.key.toLowerCase() === 'e';
  return isE && e.altKey && !e.shiftKey && (e.ctrlKey || e.metaKey);
}

/**
 * Calls `onShortcut` when the edit-mode shortcut is pressed anywhere in the
 * page (the browser's own use of the keys is prevented), while mounted.
 */
export function useEditModeShortcut(onShortcut: () => void): void {
  const latest = useRef(onShortcut);
  useEffect(() => {
    latest.current = onShortcut;
  });
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (!isEditModeShortcut(e)) return;
      e.preventDefault();
      latest.current();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
}
