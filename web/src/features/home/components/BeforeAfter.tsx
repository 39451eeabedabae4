import '@/locales/home/en';
import { useLingui } from '@lingui/react/macro';
import { useHomeCopy } from '../copy';
import { ScheduleButton } from '@/components/ScheduleButton';
import { Editable } from '@/features/editable-content';

/** SPEC §2 home item 5: one real job, before and after, with a call to action. */
export function BeforeAfter() {
  const { t } = useLingui();
  const p = useHomeCopy().featuredProject;
  const { location, yearBuilt } = p;
  return (
    <section className="section home-project" aria-labelledby="home-project-title">
      <div className="container">
        <div className="home-section-intro">
          <Editable contentKey="home.project.title" as="h2" id="home-project-title" params={{ project: p.title }}>
            {'Before and after: {project}'}
          </Editable>
          <p>{t`${location} · built ${yearBuilt}`}</p>
        </div>
        <div className="home-project__grid">
          <article className="home-project__panel home-project__panel--before" aria-labelledby="home-project-before">
            <PipeSketch lined={false} />
            <h3 id="home-project-before">{t`Before`}</h3>
            <p>{p.before.summary}</p>
            <ul>
              {p.before.points.map((pt) => (
                <li key={pt}>{pt}</li>
              ))}
            </ul>
          </article>
          <article className="home-project__panel home-project__panel--after" aria-labelledby="home-project-after">
            <PipeSketch lined />
            <h3 id="home-project-after">{t`After`}</h3>
            <p>{p.after.summary}</p>
            <ul>
              {p.after.points.map((pt) => (
                <li key={pt}>{pt}</li>
              ))}
            </ul>
          </article>
        </div>
        <p className="home-project__result">{p.result}</p>
        <ScheduleButton label={t`Get the Same Result for Your Home`} />
      </div>
    </section>
  );
}

/** A decorative camera's-eye view down the pipe: scaled and cracked, or smooth and lined. */
function PipeSketch({ lined }: { lined: boolean }) {
  return (
    <svg className="home-project__sketch" viewBox="0 0 200 120" aria-hidden="true" focusable="false">
      <rect width="200" height="120" fill="#1b2631" />
      <circle cx="100" cy="60" r="52" fill={lined ? '#0b4f6c' : '#6b4a33'} />
      <circle cx="100" cy="60" r="40" fill={lined ? '#1e6f93' : '#8a6245'} />
      <circle cx="100" cy="60" r="16" fill="#0a0f14" />
      {lined ? (
        <path d="M70 38 a40 40 0 0 1 30 -18" stroke="#dbeafe" strokeWidth="3" fill="none" strokeLinecap="round" />
      ) : (
        <>
          <path d="M62 40 l10 8 -4 8 10 6" stroke="#2b1d14" strokeWidth="3" fill="none" />
          <path d="M128 84 l-8 -6 6 -8 -10 -6" stroke="#2b1d14" strokeWidth="3" fill="none" />
          <path d="M100 8 c-4 14 6 18 0 30 M100 38 c-8 4 -12 2 -16 8" stroke="#65a30d" strokeWidth="3" fill="none" />
        </>
      )}
    </svg>
  );
}
