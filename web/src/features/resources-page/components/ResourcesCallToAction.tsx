import '@/locales/resources/en';
import { Trans, useLingui } from '@lingui/react/macro';
import { CallLink } from '@/components/CallLink';
import { ScheduleButton } from '@/components/ScheduleButton';

/** The closing call to action: schedule (scrolls to #contact) or call. */
export function ResourcesCallToAction() {
  const { t } = useLingui();
  return (
    <section className="section resources-cta" aria-labelledby="resources-cta-heading">
      <div className="container resources-cta__inner">
        <h2 id="resources-cta-heading">
          <Trans>See what is going on in your own line</Trans>
        </h2>
        <p>
          <Trans>
            Articles can only tell you what is likely. A camera inspection shows what is actually inside your drain
            line, and it is free with any estimate. We offer same-day service, 7 days a week, and most repairs are done
            without digging up your yard.
          </Trans>
        </p>
        <div className="button-row">
          <ScheduleButton label={t`Schedule Free Inspection`} />
          <CallLink className="button resources-cta__call" />
        </div>
      </div>
    </section>
  );
}
