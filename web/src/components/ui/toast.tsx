// Toast building blocks on @radix-ui/react-toast (the shadcn/ui pattern):
// Radix supplies the live-region announcements, the F8 hotkey to the
// viewport, swipe to dismiss and pause on hover/focus.
import * as ToastPrimitives from '@radix-ui/react-toast';
import type { ComponentProps, ReactElement } from 'react';
import './toast.css';

/** SPEC §9: a toast shows for 5000 ms unless it says otherwise. */
export const TOAST_DURATION = 5000;
/** SPEC §9: a swipe of 50 px dismisses. */
export const TOAST_SWIPE_THRESHOLD = 50;

export type ToastVariant = 'default' | 'destructive';

function cx(...names: Array<string | false | undefined>): string {
  return names.filter(Boolean).join(' ');
}

export function ToastProvider(props: ComponentProps<typeof ToastPrimitives.Provider>) {
  return <ToastPrimitives.Provider duration={TOAST_DURATION} swipeThreshold={TOAST_SWIPE_THRESHOLD} {...props} />;
}

/** Where toasts appear; F8 (Radix's default hotkey) moves focus here. */
export function ToastViewport({ className, ...props }: ComponentProps<typeof ToastPrimitives.Viewport>) {
  return <ToastPrimitives.Viewport className={cx('toast-viewport', className)} {...props} />;
}

export type ToastProps = ComponentProps<typeof ToastPrimitives.Root> & { variant?: ToastVariant };

export function Toast({ className, variant = 'default', ...props }: ToastProps) {
  return (
    <ToastPrimitives.Root
      className={cx('toast', variant === 'destructive' && 'toast--destructive', className)}
      data-variant={variant}
      {...props}
    />
  );
}

export function ToastTitle({ className, ...props }: ComponentProps<typeof ToastPrimitives.Title>) {
  return <ToastPrimitives.Title className={cx('toast__title', className)} {...props} />;
}

export function ToastDescription({ className, ...props }: ComponentProps<typeof ToastPrimitives.Description>) {
  return <ToastPrimitives.Description className={cx('toast__description', className)} {...props} />;
}

export function ToastAction({ className, ...props }: ComponentProps<typeof ToastPrimitives.Action>) {
  return <ToastPrimitives.Action className={cx('toast__action', className)} {...props} />;
}

export function ToastClose({ className, ...props }: ComponentProps<typeof ToastPrimitives.Close>) {
  return (
    <ToastPrimitives.Close className={cx('toast__close', className)} aria-label="Close notification" {...props}>
      <svg aria-hidden="true" width="16" height="16" viewBox="0 0 16 16" focusable="false">
        <path d="M4 4l8 8M12 4l-8 8" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
      </svg>
    </ToastPrimitives.Close>
  );
}

export type ToastActionElement = ReactElement<ComponentProps<typeof ToastAction>>;
