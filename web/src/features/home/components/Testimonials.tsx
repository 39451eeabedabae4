import '@/locales/home/en';
import { Trans, useLingui } from '@lingui/react/macro';
import { business } from '@/config/business';
import { VideoEmbed } from '@/components/VideoEmbed';
import { useLocale } from '@/i18n/use-locale';
import { reviewsUrl } from '../utils/reviews-url';
import { useHomeCopy } from '../copy';
import { StarRating } from './StarRating';
import { Editable } from '@/features/editable-content';

/** SPEC §2 home item 8: six five-star reviews, three headline stats, a video and a link to more reviews. */
export function Testimonials() {
  const { t } = useLingui();
  const locale = useLocale();
  const { headlineStats, testimonials, testimonialVideo, testimonialsTranslated: translated } = useHomeCopy();
  return (
    <section className="section home-reviews" aria-labelledby="home-reviews-title">
      <div className="container">
        <div className="home-section-intro">
          <Editable contentKey="home.reviews.title" as="h2" id="home-reviews-title">
            What Valley homeowners say
          </Editable>
        </div>

        <ul className="home-stats" aria-label={t`By the numbers`}>
          {headlineStats.map((s) => (
            <li key={s.id} className="home-stats__item">
              <span className="home-stats__value">{s.value}</span>
              <span className="home-stats__label">{s.label}</span>
            </li>
          ))}
        </ul>

        <ul className="home-reviews__grid">
          {testimonials.map((t) => (
            <li key={t.id}>
              <figure className="home-review">
                <StarRating rating={t.rating} />
                <blockquote className="home-review__text">
                  <p>{t.text}</p>
                </blockquote>
                <figcaption className="home-review__author">
                  <span className="home-review__initial" aria-hidden="true">
                    {t.initial}
                  </span>
                  <span>
                    <span className="home-review__name">{t.name}</span>
                    <span className="home-review__location">{t.location}</span>
                  </span>
                </figcaption>
              </figure>
            </li>
          ))}
        </ul>
        {translated && <p className="home-reviews__note">{t`Reviews translated from English.`}</p>}

        <div className="home-reviews__footer">
          <div className="home-reviews__video">
            <VideoEmbed videoId={testimonialVideo.videoId} title={testimonialVideo.title} duration={testimonialVideo.duration} />
          </div>
          <a
            className="button button--primary"
            href={reviewsUrl(business.companyName, locale)}
            target="_blank"
            rel="noopener noreferrer"
          >
            <Trans>
              Read more reviews<span className="visually-hidden"> (opens in a new tab)</span>
            </Trans>
          </a>
        </div>
      </div>
    </section>
  );
}
