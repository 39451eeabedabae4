import '@/locales/lead-form/en';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useId, type ReactNode } from 'react';

/**
 * The equipment a visit involves, drawn inline (no network images): each
 * drawing is an image with its own title and description, in the page's language.
 */
function Illustration({ title, desc, children }: { title: string; desc: string; children: ReactNode }) {
  const id = useId();
  return (
    <svg
      className="equipment__art"
      viewBox="0 0 240 150"
      role="img"
      aria-labelledby={`${id}-title ${id}-desc`}
      focusable="false"
    >
      <title id={`${id}-title`}>{title}</title>
      <desc id={`${id}-desc`}>{desc}</desc>
      {children}
    </svg>
  );
}

function SoilBackground() {
  return (
    <>
      <rect width="240" height="150" rx="10" fill="#eef3f6" />
      <rect y="38" width="240" height="112" fill="#d9c7ad" />
      <path d="M0 38h240" stroke="#6f8f3a" strokeWidth="6" />
      <circle cx="30" cy="58" r="2" fill="#b99f7c" />
      <circle cx="200" cy="128" r="2.5" fill="#b99f7c" />
      <circle cx="120" cy="136" r="2" fill="#b99f7c" />
      <circle cx="170" cy="56" r="1.8" fill="#b99f7c" />
    </>
  );
}

function CameraArt() {
  const { t } = useLingui();
  return (
    <Illustration
      title={t`Sewer camera inspection`}
      desc={t`A waterproof camera head on a push cable travels through a buried sewer pipe while a technician watches the live picture on a monitor above ground.`}
    >
      <SoilBackground />
      {/* the pipe, cut open */}
      <rect x="10" y="84" width="220" height="34" rx="4" fill="#8c8f94" />
      <rect x="10" y="89" width="220" height="24" fill="#4d5359" />
      {/* a crack and a root */}
      <path d="M170 84l6 8-4 6 7 8" fill="none" stroke="#2b2f33" strokeWidth="2" />
      <path d="M190 84c2 10-6 14 2 22" fill="none" stroke="#7a5a36" strokeWidth="2.5" />
      {/* push cable and camera head with its light */}
      <path d="M40 32v20c0 30 10 49 40 49h34" fill="none" stroke="#f2b233" strokeWidth="3" />
      <rect x="112" y="94" width="26" height="14" rx="7" fill="#1b2631" />
      <circle cx="138" cy="101" r="5" fill="#9fd3ff" />
      <path d="M143 101l26-10v20z" fill="#fff6b3" opacity="0.8" />
      {/* monitor on a stand */}
      <rect x="150" y="6" width="62" height="42" rx="4" fill="#1b2631" />
      <rect x="155" y="11" width="52" height="32" rx="2" fill="#2f5d7a" />
      <circle cx="181" cy="27" r="10" fill="none" stroke="#cfe8f7" strokeWidth="3" />
      <circle cx="181" cy="27" r="3.5" fill="#cfe8f7" />
      <rect x="178" y="48" width="6" height="8" fill="#1b2631" />
      {/* cable reel */}
      <circle cx="40" cy="22" r="14" fill="#0b4f6c" />
      <circle cx="40" cy="22" r="5" fill="#eef3f6" />
    </Illustration>
  );
}

function LiningArt() {
  const { t } = useLingui();
  return (
    <Illustration
      title={t`CIPP pipe lining with blue-light curing`}
      desc={t`A resin-soaked liner is inflated against the inside of the old pipe, and a train of blue LED lights moves through it to cure the new pipe in place.`}
    >
      <SoilBackground />
      {/* host pipe with cracks */}
      <rect x="10" y="70" width="220" height="50" rx="6" fill="#8c8f94" />
      <path d="M60 70l5 9-5 7M150 120l-4-9 6-8" fill="none" stroke="#2b2f33" strokeWidth="2" />
      {/* new liner */}
      <rect x="10" y="77" width="220" height="36" rx="4" fill="#e07a1f" />
      <rect x="10" y="83" width="220" height="24" fill="#2d3a45" />
      {/* blue light train and its glow */}
      <rect x="70" y="85" width="120" height="20" rx="10" fill="#3d7bff" opacity="0.25" />
      {[84, 114, 144].map((x) => (
        <g key={x}>
          <rect x={x} y="88" width="24" height="14" rx="4" fill="#1b2631" />
          <rect x={x + 4} y="91" width="16" height="8" rx="3" fill="#5fa8ff" />
        </g>
      ))}
      <path d="M108 95h6M138 95h6" stroke="#1b2631" strokeWidth="2" />
      {/* control cable out of the access point */}
      <path d="M84 95H40c-12 0-16-8-16-20V30" fill="none" stroke="#1b2631" strokeWidth="2.5" />
      <rect x="12" y="12" width="26" height="20" rx="3" fill="#0b4f6c" />
      <circle cx="25" cy="22" r="4" fill="#5fa8ff" />
    </Illustration>
  );
}

function BurstingArt() {
  const { t } = useLingui();
  return (
    <Illustration
      title={t`Trenchless pipe bursting`}
      desc={t`A cone-shaped bursting head is pulled through the old pipe, breaking it apart while it draws a new seamless pipe in behind it, using only two small access pits.`}
    >
      <SoilBackground />
      {/* two small access pits */}
      <rect x="8" y="38" width="30" height="86" fill="#eef3f6" />
      <rect x="202" y="38" width="30" height="86" fill="#eef3f6" />
      {/* old, broken pipe ahead of the head */}
      <rect x="132" y="86" width="70" height="26" fill="#8c8f94" />
      <path d="M150 86l4 13-4 13M172 86l-5 13 5 13M190 86l4 13-4 13" fill="none" stroke="#2b2f33" strokeWidth="2" />
      {/* fragments pushed outwards */}
      <path d="M112 78l10-6 4 6zM114 120l10 6 4-6z" fill="#8c8f94" />
      {/* new HDPE pipe following the head */}
      <rect x="38" y="84" width="78" height="30" rx="3" fill="#1b2631" />
      <path d="M38 90h78" stroke="#3b4a57" strokeWidth="2" />
      {/* bursting head */}
      <path d="M116 80l22 9v20l-22 9z" fill="#e07a1f" />
      {/* pulling cable to the winch */}
      <path d="M138 99h80" stroke="#f2b233" strokeWidth="2.5" strokeDasharray="6 3" />
      <rect x="208" y="58" width="20" height="22" rx="3" fill="#0b4f6c" />
      <path d="M218 80v19" stroke="#0b4f6c" strokeWidth="3" />
    </Illustration>
  );
}

const EQUIPMENT = [
  {
    key: 'camera',
    Art: CameraArt,
    name: msg`HD sewer cameras`,
    text: msg`We find the exact cause and location of the problem before anyone talks about price, and you see the footage too.`,
  },
  {
    key: 'lining',
    Art: LiningArt,
    name: msg`CIPP lining, blue-light cured`,
    text: msg`A new pipe formed inside the old one. Most same-day lining jobs take 4 to 8 hours.`,
  },
  {
    key: 'bursting',
    Art: BurstingArt,
    name: msg`Pipe bursting`,
    text: msg`For pipes too far gone to line: a new line pulled through from two small 3x3 ft pits, with no trench across your yard.`,
  },
] as const;

export function EquipmentShowcase() {
  const { i18n } = useLingui();
  const headingId = useId();
  return (
    <section className="section equipment" aria-labelledby={headingId}>
      <div className="container">
        <h2 id={headingId}>
          <Trans>The equipment we bring</Trans>
        </h2>
        <ul className="card-grid">
          {EQUIPMENT.map(({ key, Art, name, text }) => (
            <li key={key}>
              <figure className="card equipment__figure">
                <Art />
                <figcaption>
                  <h3 className="equipment__name">{i18n._(name)}</h3>
                  <p className="card__text">{i18n._(text)}</p>
                </figcaption>
              </figure>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
