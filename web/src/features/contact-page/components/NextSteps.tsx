import { Editable } from '@/features/editable-content';

export const NEXT_STEPS = [
  {
    title: 'We call you back',
    text: 'Within 24 hours, someone from our team calls to talk through the problem and book a time that suits you.',
  },
  {
    title: 'Free inspection',
    text: 'A technician runs a camera through your drain or sewer line and shows you what it finds as it happens.',
  },
  {
    title: 'Same-day estimate',
    text: 'You get a clear written estimate the same day, with the trenchless options that fit your pipes and budget.',
  },
] as const;

/** "What happens after you submit": the three steps, in order (staff-editable as contact.steps.*). */
export function NextSteps() {
  return (
    <div className="next-steps">
      <Editable contentKey="contact.steps.title" as="h2" className="next-steps__heading">
        What happens after you submit
      </Editable>
      <ol className="next-steps__list">
        {NEXT_STEPS.map((s, i) => (
          <li key={s.title} className="next-steps__item">
            <span className="next-steps__number" aria-hidden="true">
              {i + 1}
            </span>
            <div>
              <Editable contentKey={`contact.steps.${i + 1}.title`} as="h3" className="next-steps__title">
                {s.title}
              </Editable>
              <Editable contentKey={`contact.steps.${i + 1}.text`} type="html" className="next-steps__text">
                {s.text}
              </Editable>
            </div>
          </li>
        ))}
      </ol>
    </div>
  );
}
