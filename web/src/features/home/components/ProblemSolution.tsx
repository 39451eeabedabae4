import '@/locales/home/en';
import { useId } from 'react';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { Editable } from '@/features/editable-content';

type Sign = { id: string; title: MessageDescriptor; detail: MessageDescriptor };

/** SPEC §2 home item 3: the five warning signs, in this order. */
const WARNING_SIGNS: readonly Sign[] = [
  { id: 'frequent-clogs', title: msg`Frequent clogs`, detail: msg`The same drain clogs again weeks after it was snaked.` },
  { id: 'slow-drainage', title: msg`Slow drainage`, detail: msg`Tubs, showers and sinks empty slowly all over the house.` },
  { id: 'bad-odors', title: msg`Bad odors`, detail: msg`A sewer smell inside or in the yard means gas is escaping a crack.` },
  { id: 'gurgling', title: msg`Gurgling`, detail: msg`Toilets and drains gurgle when another fixture runs.` },
  { id: 'water-backups', title: msg`Water backups`, detail: msg`Sewage backs up into the lowest drain, often a shower or floor drain.` },
];

/** SPEC §2 home item 3: what failing pipe looks like, and how a liner fixes it (with a diagram). */
export function ProblemSolution() {
  const { i18n } = useLingui();
  return (
    <section className="section home-problem" aria-labelledby="home-problem-title">
      <div className="container home-problem__inner">
        <div>
          <Editable contentKey="home.problem.title" as="h2" id="home-problem-title">
            Five signs your drain or sewer line is failing
          </Editable>
          <ol className="home-signs">
            {WARNING_SIGNS.map((s) => (
              <li key={s.id} className="home-signs__item">
                <h3 className="home-signs__title">{i18n._(s.title)}</h3>
                <p className="home-signs__detail">{i18n._(s.detail)}</p>
              </li>
            ))}
          </ol>
        </div>
        <div className="home-solution">
          <Editable contentKey="home.solution.title" as="h3" className="home-solution__title">
            The fix: a new pipe inside the old one
          </Editable>
          <LinedPipeDiagram />
          <Editable contentKey="home.solution.intro" type="html">
            Cured-in-place pipe (CIPP) lining repairs 90% of pipe problems without digging. A resin-soaked liner is
            pulled through your existing pipe and hardened with blue LED light, sealing cracks, joints and root entry
            points. Trenchless repair costs 30–50% less than replacement, and the liner is built to last 50+ years.
          </Editable>
        </div>
      </div>
    </section>
  );
}

/** A cross-section of an old cracked pipe with a cured liner inside it. */
function LinedPipeDiagram() {
  const { t } = useLingui();
  const id = useId();
  const titleId = `${id}-title`;
  const descId = `${id}-desc`;
  return (
    <svg
      className="home-diagram"
      viewBox="0 0 480 220"
      role="img"
      aria-labelledby={`${titleId} ${descId}`}
      focusable="false"
    >
      <title id={titleId}>{t`Diagram of a pipe repaired with a CIPP liner`}</title>
      <desc id={descId}>
        {t`An old cast iron pipe with cracks and a root intrusion, shown with a new seamless liner cured inside it that seals the damage so water flows freely.`}
      </desc>
      {/* Old host pipe */}
      <rect x="20" y="50" width="440" height="120" rx="12" fill="#7a5a44" />
      <rect x="20" y="62" width="440" height="96" fill="#a07b5f" />
      {/* Cracks */}
      <path d="M120 50 l8 14 -6 10 8 12" stroke="#3b2a1e" strokeWidth="3" fill="none" />
      <path d="M300 170 l-6 -12 8 -10 -5 -12" stroke="#3b2a1e" strokeWidth="3" fill="none" />
      {/* Root intrusion */}
      <path d="M380 20 C 380 40, 370 48, 372 64 M 372 64 c -6 6 -14 6 -20 10 M 372 64 c 6 6 12 8 18 14" stroke="#4d7c0f" strokeWidth="4" fill="none" strokeLinecap="round" />
      {/* Liner */}
      <rect x="20" y="72" width="440" height="76" rx="8" fill="#0b4f6c" />
      <rect x="20" y="84" width="440" height="52" fill="#dbeafe" />
      {/* Flow arrows */}
      <path d="M60 110 h70 m-12 -8 12 8 -12 8 M200 110 h70 m-12 -8 12 8 -12 8 M340 110 h70 m-12 -8 12 8 -12 8" stroke="#0b4f6c" strokeWidth="4" fill="none" strokeLinecap="round" strokeLinejoin="round" />
      {/* Labels */}
      <text x="20" y="200" fontSize="15" fill="#1b2631">
        {t`Old pipe with cracks and roots`}
      </text>
      <text x="300" y="200" fontSize="15" fill="#1b2631">
        {t`Cured liner`}
      </text>
      <text x="20" y="34" fontSize="15" fill="#1b2631">
        {t`Root intrusion sealed out →`}
      </text>
    </svg>
  );
}
