/** A centred busy indicator with a label for assistive technology. */
export function Spinner({ label = 'Loading…' }: { label?: string }) {
  return (
    <div className="staff-spinner" role="status" aria-live="polite">
      <span className="staff-spinner__wheel" aria-hidden="true" />
      <span className="visually-hidden">{label}</span>
    </div>
  );
}
