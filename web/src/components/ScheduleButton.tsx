import { scrollToContact } from '@/lib/scroll';

/** The shared scheduling action: scrolls to the page's contact section (#contact). */
export function ScheduleButton({ label, className = 'button button--primary' }: { label: string; className?: string }) {
  return (
    <button type="button" className={className} onClick={() => scrollToContact()}>
      {label}
    </button>
  );
}
