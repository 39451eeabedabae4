import '@/locales/home/en';
import { Fragment, useRef, useState } from 'react';
import { useLingui } from '@lingui/react/macro';
import { VideoEmbed } from '@/components/VideoEmbed';
import type { Video } from '@/content/videos';
import { useHomeCopy } from '../copy';
import { nextOpenVideo } from '../utils/open-video';
import { Editable } from '@/features/editable-content';

/**
 * SPEC §2 home item 9: eight job videos. A card opens its player directly
 * below it; the same card or "Close Video" closes it; one player at a time.
 * `initialOpenId` opens one video from the start (e.g. for a shared link).
 */
export function VideoShowcase({ initialOpenId = null }: { initialOpenId?: string | null }) {
  const [openId, setOpenId] = useState<string | null>(initialOpenId);
  const { t } = useLingui();
  const { videos } = useHomeCopy();
  const cardButtons = useRef(new Map<string, HTMLButtonElement>());

  function close(id: string) {
    setOpenId(null);
    // The player is going away; put focus back on the card that opened it.
    cardButtons.current.get(id)?.focus();
  }

  return (
    <section className="section home-videos" aria-labelledby="home-videos-title">
      <div className="container">
        <div className="home-section-intro">
          <Editable contentKey="home.videos.title" as="h2" id="home-videos-title">
            Real Valley jobs on camera
          </Editable>
          <Editable contentKey="home.videos.intro" type="html">
            Choose a job to watch the camera footage and the repair.
          </Editable>
        </div>
        <ul className="home-videos__grid">
          {videos.map((v) => {
            const open = openId === v.id;
            const { title } = v;
            return (
              <Fragment key={v.id}>
                <li className="home-videos__cell">
                  <VideoCard
                    video={v}
                    open={open}
                    buttonRef={(el) => {
                      if (el) cardButtons.current.set(v.id, el);
                      else cardButtons.current.delete(v.id);
                    }}
                    onToggle={() => setOpenId((current) => nextOpenVideo(current, v.id))}
                  />
                </li>
                {open && (
                  <li className="home-videos__player" id={playerId(v.id)} aria-label={t`Video player: ${title}`}>
                    <VideoEmbed videoId={v.videoId} title={v.title} duration={v.duration} startActive />
                    <div className="home-videos__player-bar">
                      <p className="home-videos__player-title">{v.title}</p>
                      <button type="button" className="button" onClick={() => close(v.id)}>
                        {t`Close Video`}
                      </button>
                    </div>
                  </li>
                )}
              </Fragment>
            );
          })}
        </ul>
      </div>
    </section>
  );
}

function playerId(videoId: string): string {
  return `home-video-player-${videoId}`;
}

type VideoCardProps = {
  video: Video;
  open: boolean;
  buttonRef: (el: HTMLButtonElement | null) => void;
  onToggle: () => void;
};

function VideoCard({ video: v, open, buttonRef, onToggle }: VideoCardProps) {
  const { t } = useLingui();
  const { location, yearBuilt } = v;
  return (
    <article className={open ? 'home-video home-video--open' : 'home-video'}>
      <h3 className="home-video__heading">
        <button
          ref={buttonRef}
          type="button"
          className="home-video__button"
          aria-expanded={open}
          aria-controls={open ? playerId(v.id) : undefined}
          onClick={onToggle}
        >
          <span className="home-video__poster" aria-hidden="true">
            <svg viewBox="0 0 68 48" width="56" height="40" focusable="false">
              <rect width="68" height="48" rx="12" fill="#c4302b" />
              <path d="M27 14 L47 24 L27 34 Z" fill="#ffffff" />
            </svg>
            <span className="home-video__duration">{v.duration}</span>
          </span>
          <span className="home-video__title">{v.title}</span>
          <span className="visually-hidden">, {v.duration}</span>
        </button>
      </h3>
      <p className="home-video__meta">{t`${location} · built ${yearBuilt}`}</p>
      <p className="home-video__text">{v.description}</p>
      <dl className="home-video__facts">
        <div>
          <dt>{t`Problem`}</dt>
          <dd>{v.problem}</dd>
        </div>
        <div>
          <dt>{t`Solution`}</dt>
          <dd>{v.solution}</dd>
        </div>
      </dl>
      <ul className="home-video__tags" aria-label={t`Tags`}>
        {v.tags.map((t) => (
          <li key={t}>{t}</li>
        ))}
      </ul>
    </article>
  );
}
