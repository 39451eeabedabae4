import '@/locales/home/en';
import { useLingui } from '@lingui/react/macro';
import { useHomeCopy } from '../copy';
import { Editable } from '@/features/editable-content';
import { RiskBadge } from '@/components/RiskBadge';
import { CallLink } from '@/components/CallLink';
import { ScheduleButton } from '@/components/ScheduleButton';

/** SPEC §2 home item 1: the page's h1, the free-inspection offer, both calls to action and the pipe-era panel. */
export function HeroSection() {
  const { t } = useLingui();
  const { pipeEras } = useHomeCopy();
  return (
    <section className="home-hero" aria-labelledby="home-hero-title">
      <div className="container home-hero__inner">
        <div className="home-hero__main">
          <Editable contentKey="hero.title" as="h1" id="home-hero-title">
            Trenchless Drain & Sewer Repair Across the Phoenix Valley
          </Editable>
          <Editable contentKey="hero.subtitle" type="html" className="home-hero__subtitle">
            Cracked, root-filled or collapsing sewer line? We line it from the inside with blue-light cured CIPP, usually
            in a single day, with no trench across your yard. Licensed, bonded and insured in Arizona, family owned, and
            backed by a lifetime warranty on every lining install.
          </Editable>

          <div className="home-hero__offer">
            <p className="home-hero__offer-title">{t`Free drain camera inspection`}</p>
            <ul className="home-hero__offer-list">
              <li>{t`Free camera inspection with any estimate`}</li>
              <li>{t`Free inspection for homes in high-risk areas`}</li>
              <li>{t`Same-day CIPP jobs take 4–8 hours`}</li>
            </ul>
          </div>

          <div className="button-row">
            <ScheduleButton label={t`Schedule Free Inspection`} className="button home-button--light" />
            <CallLink className="button home-button--outline-light" />
          </div>
        </div>

        <div className="home-hero__eras">
          <Editable contentKey="home.eras.title" as="h2" id="home-eras-title" className="home-hero__eras-title">
            When was your home built?
          </Editable>
          <Editable contentKey="home.eras.intro" type="html" className="home-hero__eras-intro">
            The decade tells us which pipe is most likely under your slab.
          </Editable>
          <ul className="home-eras">
            {pipeEras.map((era) => (
              <li key={era.id} className="home-eras__item">
                <div className="home-eras__head">
                  <span className="home-eras__years">{era.years}</span>
                  <RiskBadge level={era.riskLevel} />
                </div>
                <p className="home-eras__pipe">{era.pipeType}</p>
                <p className="home-eras__note">{era.riskNote}</p>
              </li>
            ))}
          </ul>
        </div>
      </div>
    </section>
  );
}
