import { I18nProvider } from '@lingui/react';
import type { ReactNode } from 'react';
import { renderToString as renderBare } from 'react-dom/server';
import { afterAll, describe, expect, it } from 'vitest';
import { VideoEmbed, videoEmbedUrl } from '@/components/VideoEmbed';
import { activateLocale, i18n } from '@/i18n/catalog';
import { countTags, openTag, visibleText } from '@/testing/html';

/** Server-renders `ui` in the active language. */
const renderToString = (ui: ReactNode) => renderBare(<I18nProvider i18n={i18n}>{ui}</I18nProvider>);

describe('VideoEmbed', () => {
  it('shows a local poster button, and no player, until it is activated', () => {
    const html = renderToString(<VideoEmbed videoId="aX7kQm2Lp9c" title="Lining a cast iron main" duration="4:12" />);
    expect(html).not.toContain('<iframe');
    expect(html).not.toMatch(/https?:\/\//);
    expect(countTags(html, 'button', { type: 'button' })).toBe(1);
    expect(html).toContain('Play video: ');
    expect(html).toContain('Lining a cast iron main');
    expect(html).toContain('4:12');
  });

  it('renders the privacy-enhanced player when started active', () => {
    const html = renderToString(<VideoEmbed videoId="aX7kQm2Lp9c" title="Lining a cast iron main" startActive />);
    expect(html).toMatch(
      openTag('iframe', {
        src: 'https://www.youtube-nocookie.com/embed/aX7kQm2Lp9c?autoplay=1&amp;rel=0',
        title: 'Lining a cast iron main',
        allow: 'autoplay; encrypted-media; picture-in-picture',
        allowfullscreen: '',
        loading: 'lazy',
      }),
    );
    expect(html).not.toContain('<button');
  });

  it('never builds a player address from a malformed id', () => {
    const html = renderToString(<VideoEmbed videoId={'x" onload="alert(1)'} title="Bad" startActive />);
    expect(html).not.toContain('<iframe');
    expect(html).toContain('This video is not available.');
    expect(videoEmbedUrl('abc/../def')).toBe('https://www.youtube-nocookie.com/embed/abc%2F..%2Fdef?autoplay=1&rel=0');
  });
});

describe('VideoEmbed in Spanish (issue 40)', () => {
  afterAll(() => activateLocale('en'));

  it('names the poster’s button, the length and an unavailable video in Spanish', async () => {
    await activateLocale('es');
    const poster = visibleText(renderToString(<VideoEmbed videoId="aX7kQm2Lp9c" title="Revestimiento CIPP" duration="4:12" />));
    expect(poster).toBe('Reproducir video: Revestimiento CIPP Duración 4:12');
    expect(visibleText(renderToString(<VideoEmbed videoId="bad" title="x" startActive />))).toBe('Este video no está disponible.');
  });
});
