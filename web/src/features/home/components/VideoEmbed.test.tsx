import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { VideoEmbed, videoEmbedUrl } from '@/components/VideoEmbed';

describe('VideoEmbed', () => {
  it('shows a local poster button, and no player, until it is activated', () => {
    const html = renderToString(<VideoEmbed videoId="aX7kQm2Lp9c" title="Lining a cast iron main" duration="4:12" />);
    expect(html).not.toContain('<iframe');
    expect(html).not.toMatch(/https?:\/\//);
    expect(html).toMatch(/<button type="button"[^>]*>/);
    expect(html).toContain('Play video: ');
    expect(html).toContain('Lining a cast iron main');
    expect(html).toContain('4:12');
  });

  it('renders the privacy-enhanced player when started active', () => {
    const html = renderToString(<VideoEmbed videoId="aX7kQm2Lp9c" title="Lining a cast iron main" startActive />);
    expect(html).toContain('src="https://www.youtube-nocookie.com/embed/aX7kQm2Lp9c?autoplay=1&amp;rel=0"');
    expect(html).toContain('title="Lining a cast iron main"');
    expect(html).toContain('allow="autoplay; encrypted-media; picture-in-picture"');
    expect(html).toContain('allowFullScreen=""');
    expect(html).toContain('loading="lazy"');
    expect(html).not.toContain('<button');
  });

  it('never builds a player address from a malformed id', () => {
    const html = renderToString(<VideoEmbed videoId={'x" onload="alert(1)'} title="Bad" startActive />);
    expect(html).not.toContain('<iframe');
    expect(html).toContain('This video is not available.');
    expect(videoEmbedUrl('abc/../def')).toBe('https://www.youtube-nocookie.com/embed/abc%2F..%2Fdef?autoplay=1&rel=0');
  });
});
