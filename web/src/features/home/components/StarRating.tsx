import '@/locales/home/en';
import { useLingui } from '@lingui/react/macro';

/** Stars for a rating, read by screen readers as "Rated N out of M stars" (in the page's language). */
export function StarRating({ rating, outOf = 5 }: { rating: number; outOf?: number }) {
  const { t } = useLingui();
  return (
    <span className="star-rating">
      <span className="visually-hidden">{t`Rated ${rating} out of ${outOf} stars`}</span>
      <span aria-hidden="true">
        {Array.from({ length: outOf }, (_, i) => (
          <span key={i} className={i < rating ? 'star-rating__star' : 'star-rating__star star-rating__star--empty'}>
            ★
          </span>
        ))}
      </span>
    </span>
  );
}
