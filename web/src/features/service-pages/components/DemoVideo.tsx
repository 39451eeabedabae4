import { VideoEmbed } from '@/components/VideoEmbed';
import type { VideoCopy } from '@/content/service-pages';
import { ServiceSection } from './ServiceSection';

/** A demo video: a local poster until pressed, then the privacy-enhanced player. */
export function DemoVideo({ copy }: { copy: VideoCopy }) {
  return (
    <ServiceSection copy={copy} className="service-video">
      <div className="service-video__player">
        <VideoEmbed videoId={copy.video.videoId} title={copy.video.title} duration={copy.video.duration} />
      </div>
    </ServiceSection>
  );
}
