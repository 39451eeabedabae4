import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  dismissToast,
  reducer,
  toast,
  TOAST_LIMIT,
  TOAST_REMOVE_DELAY,
  toastStore,
  type ToasterToast,
  type ToastState,
} from './use-toast';

const t = (id: string, extra: Partial<ToasterToast> = {}): ToasterToast => ({ id, open: true, title: `toast ${id}`, ...extra });

describe('toast reducer', () => {
  it('shows one toast at a time: the newest replaces the one on screen', () => {
    expect(TOAST_LIMIT).toBe(1);
    let s: ToastState = { toasts: [] };
    s = reducer(s, { type: 'ADD_TOAST', toast: t('1') });
    s = reducer(s, { type: 'ADD_TOAST', toast: t('2') });
    expect(s.toasts.map((x) => x.id)).toEqual(['2']);
  });

  it('updates a toast by id', () => {
    const s = reducer({ toasts: [t('1')] }, { type: 'UPDATE_TOAST', toast: { id: '1', title: 'changed' } });
    expect(s.toasts[0]).toMatchObject({ id: '1', title: 'changed', open: true });
  });

  it('dismissing closes the toast but keeps it for the exit animation', () => {
    const s = reducer({ toasts: [t('1')] }, { type: 'DISMISS_TOAST', toastId: '1' });
    expect(s.toasts).toHaveLength(1);
    expect(s.toasts[0]?.open).toBe(false);
    expect(reducer({ toasts: [t('1')] }, { type: 'DISMISS_TOAST', toastId: 'other' }).toasts[0]?.open).toBe(true);
    expect(reducer({ toasts: [t('1')] }, { type: 'DISMISS_TOAST' }).toasts[0]?.open).toBe(false);
  });

  it('removing drops one toast by id, or all without an id', () => {
    expect(reducer({ toasts: [t('1')] }, { type: 'REMOVE_TOAST', toastId: '1' }).toasts).toEqual([]);
    expect(reducer({ toasts: [t('1')] }, { type: 'REMOVE_TOAST', toastId: '2' }).toasts).toHaveLength(1);
    expect(reducer({ toasts: [t('1')] }, { type: 'REMOVE_TOAST' }).toasts).toEqual([]);
  });

  it('does not change the state it is given', () => {
    const before: ToastState = { toasts: [t('1')] };
    reducer(before, { type: 'DISMISS_TOAST', toastId: '1' });
    expect(before.toasts[0]?.open).toBe(true);
  });
});

describe('toast store', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    dismissToast();
    vi.runAllTimers();
    vi.useRealTimers();
  });

  it('removes a dismissed toast 1,000,000 ms later', () => {
    expect(TOAST_REMOVE_DELAY).toBe(1_000_000);
    const seen: number[] = [];
    const unsubscribe = toastStore.subscribe(() => seen.push(toastStore.getSnapshot().toasts.length));
    const shown = toast({ title: 'Form submitted successfully!' });
    expect(toastStore.getSnapshot().toasts).toMatchObject([{ id: shown.id, open: true }]);

    shown.dismiss();
    expect(toastStore.getSnapshot().toasts[0]?.open).toBe(false);
    vi.advanceTimersByTime(TOAST_REMOVE_DELAY - 1);
    expect(toastStore.getSnapshot().toasts).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(toastStore.getSnapshot().toasts).toEqual([]);
    unsubscribe();
    expect(seen).toEqual([1, 1, 0]);
  });

  it('dismisses when Radix closes the toast (timeout, swipe, close button)', () => {
    const shown = toast({ title: 'Error', variant: 'destructive' });
    const current = toastStore.getSnapshot().toasts[0];
    expect(current?.variant).toBe('destructive');
    current?.onOpenChange?.(false);
    expect(toastStore.getSnapshot().toasts).toMatchObject([{ id: shown.id, open: false }]);
  });

  it('keeps only the newest toast', () => {
    toast({ title: 'first' });
    const second = toast({ title: 'second' });
    expect(toastStore.getSnapshot().toasts.map((x) => x.id)).toEqual([second.id]);
  });

  it('renders nothing on the server', () => {
    toast({ title: 'client only' });
    expect(toastStore.getServerSnapshot().toasts).toEqual([]);
  });
});
