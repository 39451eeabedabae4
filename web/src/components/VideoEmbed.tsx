import { useEffect, useRef, useState, type CSSProperties } from 'react';
import { useLingui } from '@lingui/react/macro';

/** YouTube video ids are 11 characters of [A-Za-z0-9_-]. */
const VIDEO_ID = /^[A-Za-z0-9_-]{11}$/;

export function isVideoId(value: string): boolean {
  return VIDEO_ID.test(value);
}

/** The player address on YouTube's privacy-enhanced host (the only framed origin, DESIGN §5). */
export function videoEmbedUrl(videoId: string): string {
  return `https://www.youtube-nocookie.com/embed/${encodeURIComponent(videoId)}?autoplay=1&rel=0`;
}

export type VideoEmbedProps = {
  videoId: string;
  title: string;
  /** Length as "m:ss", shown on the poster. */
  duration?: string;
  /**
   * Load the player at once (the visitor already asked for it, e.g. by
   * opening a showcase card); otherwise a local poster is shown until play.
   */
  startActive?: boolean;
  className?: string;
};

// Inline styles keep the player self-contained on every page that uses it;
// pages may refine the look through the class names.
const frameBox: CSSProperties = {
  position: 'relative',
  width: '100%',
  aspectRatio: '16 / 9',
  overflow: 'hidden',
  borderRadius: 'var(--radius, 0.5rem)',
  background: '#0f2230',
};

const fill: CSSProperties = { position: 'absolute', inset: 0, width: '100%', height: '100%', border: 0 };

const poster: CSSProperties = {
  ...fill,
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  justifyContent: 'center',
  gap: '0.75rem',
  padding: '1rem',
  background: 'linear-gradient(135deg, #0b4f6c 0%, #0f2230 60%, #1b2631 100%)',
  color: '#ffffff',
  font: 'inherit',
  textAlign: 'center',
  cursor: 'pointer',
};

const posterTitle: CSSProperties = { fontWeight: 700, fontSize: '1.0625rem', lineHeight: 1.3, maxWidth: '32rem' };

const posterDuration: CSSProperties = {
  position: 'absolute',
  right: '0.75rem',
  bottom: '0.75rem',
  padding: '0.125rem 0.5rem',
  borderRadius: '0.25rem',
  background: 'rgb(0 0 0 / 75%)',
  fontSize: '0.875rem',
  fontVariantNumeric: 'tabular-nums',
};

/**
 * A YouTube video that costs nothing until it is wanted: a local poster
 * (gradient, play icon, title, length; no network) is a button that swaps
 * itself for the privacy-enhanced player, which then starts playing. Focus
 * moves into the player so keyboard users can control it at once.
 */
export function VideoEmbed({ videoId, title, duration, startActive = false, className }: VideoEmbedProps) {
  const { t } = useLingui();
  const [active, setActive] = useState(startActive);
  const [focusPlayer, setFocusPlayer] = useState(false);
  const frameRef = useRef<HTMLIFrameElement>(null);

  useEffect(() => {
    if (active && focusPlayer) frameRef.current?.focus();
  }, [active, focusPlayer]);

  const classes = ['video-embed', className].filter(Boolean).join(' ');

  if (!isVideoId(videoId)) {
    return (
      <div className={classes} style={{ ...frameBox, display: 'grid', placeItems: 'center', color: '#ffffff' }}>
        <p style={{ margin: 0 }}>{t`This video is not available.`}</p>
      </div>
    );
  }

  return (
    <div className={classes} style={frameBox}>
      {active ? (
        <iframe
          ref={frameRef}
          className="video-embed__frame"
          style={fill}
          src={videoEmbedUrl(videoId)}
          title={title}
          allow="autoplay; encrypted-media; picture-in-picture"
          allowFullScreen
          loading="lazy"
        />
      ) : (
        <button
          type="button"
          className="video-embed__poster"
          style={poster}
          onClick={() => {
            setFocusPlayer(true);
            setActive(true);
          }}
        >
          <PlayIcon />
          <span className="visually-hidden">{t`Play video: `}</span>
          <span className="video-embed__title" style={posterTitle}>
            {title}
          </span>
          {duration && (
            <span className="video-embed__duration" style={posterDuration}>
              <span className="visually-hidden">{t`Length `}</span>
              {duration}
            </span>
          )}
        </button>
      )}
    </div>
  );
}

function PlayIcon() {
  return (
    <svg width="68" height="48" viewBox="0 0 68 48" aria-hidden="true" focusable="false">
      <rect width="68" height="48" rx="12" fill="#c4302b" />
      <path d="M27 14 L47 24 L27 34 Z" fill="#ffffff" />
    </svg>
  );
}
