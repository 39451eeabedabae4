import '@/locales/home/en';
import { Trans, useLingui } from '@lingui/react/macro';
import { business, formatOpeningHours } from '@/config/business';
import { CallLink } from '@/components/CallLink';
import { Editable } from '@/features/editable-content';
import { useServiceArea } from '@/components/use-service-area';
import { useLocale } from '@/i18n/use-locale';

// {company}, {founded} and {area} come from the business configuration.
const ABOUT_INTRO =
  '{company} was founded in {founded} by a Phoenix plumbing family who were tired of telling neighbors the only ' +
  'fix for a broken sewer line was a backhoe. We invested in cameras, blue-light CIPP lining, pipe bursting and ' +
  'epoxy coating so homeowners across the {area} could keep their yards, floors and driveways intact.';

/** The home page's about section, the target of the navigation's About button (#about). */
export function AboutSection() {
  const { t } = useLingui();
  const locale = useLocale();
  const area = useServiceArea();
  return (
    <section id="about" className="section home-about" aria-labelledby="home-about-title">
      <div className="container home-about__inner">
        <div>
          <Editable contentKey="home.about.title" as="h2" id="home-about-title">
            A family-owned Valley company
          </Editable>
          <Editable
            contentKey="home.about.intro"
            type="html"
            params={{ company: business.companyName, founded: business.foundedYear, area }}
          >
            {ABOUT_INTRO}
          </Editable>
          <p>
            {t`We are licensed, bonded and insured in Arizona, and we stand behind our work with a lifetime warranty on lining installs. The crew that inspects your pipe is the crew that repairs it, and we show you the camera footage before and after.`}
          </p>
          <h3>{t`Neighbors helping neighbors`}</h3>
          <ul className="home-about__offers">
            <li>
              <Trans>
                <strong>$500 referral bonus</strong> for every neighbor you refer who books a repair with us.
              </Trans>
            </li>
            <li>
              <Trans>
                <strong>10% group discount</strong> when 3 or more neighbors book together.
              </Trans>
            </li>
          </ul>
        </div>
        <div className="home-about__card">
          <h3>{t`Office hours`}</h3>
          <ul className="plain-list home-about__hours">
            {business.hours.map((entry) => (
              <li key={entry.label}>{formatOpeningHours(entry, locale)}</li>
            ))}
          </ul>
          <p>{t`Same-day service, 7 days a week for drain emergencies.`}</p>
          <p>
            <CallLink />
          </p>
        </div>
      </div>
    </section>
  );
}
