import { pipeEras } from '@/content/eras';
import { useEditableContent } from '../api/get-editable-content';
import { HERO_CONTENT } from '../hero-content';
import { editableText } from '../utils/editable-text';
import { RiskBadge } from '@/components/RiskBadge';
import { CallLink } from '@/components/CallLink';
import { ScheduleButton } from '@/components/ScheduleButton';

/** SPEC §2 home item 1: the page's h1, the free-inspection offer, both calls to action and the pipe-era panel. */
export function HeroSection() {
  const content = useEditableContent();
  const items = content.isSuccess ? content.data : undefined;
  const title = editableText(items, HERO_CONTENT.title.key, HERO_CONTENT.title.fallback);
  const subtitle = editableText(items, HERO_CONTENT.subtitle.key, HERO_CONTENT.subtitle.fallback);

  return (
    <section className="home-hero" aria-labelledby="home-hero-title">
      <div className="container home-hero__inner">
        <div className="home-hero__main">
          <h1 id="home-hero-title">{title}</h1>
          <p className="home-hero__subtitle">{subtitle}</p>

          <div className="home-hero__offer">
            <p className="home-hero__offer-title">Free drain camera inspection</p>
            <ul className="home-hero__offer-list">
              <li>Free camera inspection with any estimate</li>
              <li>Free inspection for homes in high-risk areas</li>
              <li>Same-day CIPP jobs take 4–8 hours</li>
            </ul>
          </div>

          <div className="button-row">
            <ScheduleButton label="Schedule Free Inspection" className="button home-button--light" />
            <CallLink className="button home-button--outline-light" />
          </div>
        </div>

        <div className="home-hero__eras">
          <h2 id="home-eras-title" className="home-hero__eras-title">
            When was your home built?
          </h2>
          <p className="home-hero__eras-intro">The decade tells us which pipe is most likely under your slab.</p>
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
