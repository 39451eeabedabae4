import type { ServiceIcon as ServiceIconId } from '@/content/services';

const paths: Readonly<Record<ServiceIconId, string>> = {
  // A pipe with a liner inside it.
  liner: 'M3 8h18v8H3zM5 10h14v4H5z',
  // A pipe splitting apart.
  burst: 'M3 9h7l1-2 1 4 1-3 1 1h7v6h-7l-1 2-1-4-1 3-1-1H3z',
  // A spray nozzle coating a pipe wall.
  epoxy: 'M4 4h6v4H8v2H6V8H4zM3 14h18v6H3zM7 11l-1 2M9 11l1 2M8 11v2',
  // A camera on a push rod.
  camera: 'M3 8h10v8H3zM13 10l5-3v10l-5-3zM6 12a2 2 0 1 0 4 0a2 2 0 1 0-4 0',
  // A jet nozzle with water streams.
  jet: 'M2 11h9v2H2zM11 9h4v6h-4zM16 10l6-3M16 12h6M16 14l6 3',
  // A wrench.
  wrench: 'M21 6.5a5 5 0 0 1-6.6 4.7L6 19.6a2 2 0 0 1-2.8-2.8l8.4-8.4A5 5 0 0 1 17.5 3l-3 3 .5 3 3 .5 3-3z',
};

/** The inline icon of a service card (no image requests). */
export function ServiceIcon({ icon }: { icon: ServiceIconId }) {
  return (
    <svg
      className="service-icon"
      viewBox="0 0 24 24"
      width="40"
      height="40"
      aria-hidden="true"
      focusable="false"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.75"
      strokeLinejoin="round"
      strokeLinecap="round"
    >
      <path d={paths[icon]} />
    </svg>
  );
}
