import '@/locales/home/en';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { VideoEmbed } from '@/components/VideoEmbed';
import { useHomeCopy } from '../copy';
import { Editable } from '@/features/editable-content';

type Step = { id: string; title: MessageDescriptor; detail: MessageDescriptor };

/** SPEC §2 home item 6, in this order. */
const steps: readonly Step[] = [
  {
    id: 'inspection',
    title: msg`Inspection`,
    detail: msg`A free HD camera inspection with any estimate shows the damage, its depth and its exact location. You get the video.`,
  },
  {
    id: 'solution-design',
    title: msg`Solution design`,
    detail: msg`We match the repair to the pipe: a full liner, a spot repair, epoxy coating or pipe bursting, with a written price.`,
  },
  {
    id: 'installation',
    title: msg`Light-cured installation`,
    detail: msg`The line is cleaned, the resin liner is pulled in and cured with blue LED light. Same-day CIPP jobs take 4–8 hours.`,
  },
  {
    id: 'final-check',
    title: msg`Final check`,
    detail: msg`A second camera run confirms a smooth, sealed line, and your lifetime warranty on the lining install starts.`,
  },
];

/** SPEC §2 home item 6: the four-step process and a video of it. */
export function ProcessSteps() {
  const { i18n } = useLingui();
  const { processVideo } = useHomeCopy();
  return (
    <section className="section home-process" aria-labelledby="home-process-title">
      <div className="container home-process__inner">
        <div>
          <Editable contentKey="home.process.title" as="h2" id="home-process-title">
            How a trenchless repair works
          </Editable>
          <ol className="home-steps">
            {steps.map((s, i) => (
              <li key={s.id} className="home-steps__item">
                <span className="home-steps__number" aria-hidden="true">
                  {i + 1}
                </span>
                <div>
                  <h3 className="home-steps__title">{i18n._(s.title)}</h3>
                  <p className="home-steps__detail">{i18n._(s.detail)}</p>
                </div>
              </li>
            ))}
          </ol>
        </div>
        <div className="home-process__video">
          <VideoEmbed videoId={processVideo.videoId} title={processVideo.title} duration={processVideo.duration} />
        </div>
      </div>
    </section>
  );
}
