import '@/locales/resources/en';
import { useState } from 'react';
import { useLingui } from '@lingui/react/macro';
import { toast } from '@/components/ui/use-toast';

/**
 * SPEC §2: share with the device's share sheet when there is one; otherwise
 * copy the page's address to the clipboard (and say so).
 */
export function ShareButtons({ title, text }: { title: string; text: string }) {
  const { t } = useLingui();
  const [copied, setCopied] = useState(false);
  async function share() {
    const url = window.location.href;
    if (typeof navigator.share === 'function') {
      try {
        await navigator.share({ title, text, url });
      } catch {
        // Dismissing the share sheet is not an error worth showing.
      }
      return;
    }
    try {
      await navigator.clipboard.writeText(url);
      setCopied(true);
      toast({ title: t`Link copied`, description: t`The article’s address is on your clipboard.` });
    } catch {
      toast({ variant: 'destructive', title: t`Could not copy the link`, description: url });
    }
  }
  return (
    <div className="article__share">
      <button type="button" className="button" onClick={() => void share()}>
        <svg aria-hidden="true" width="16" height="16" viewBox="0 0 24 24">
          <path
            d="M18 16a3 3 0 0 0-2.4 1.2l-6.8-3.4a3 3 0 0 0 0-1.6l6.8-3.4A3 3 0 1 0 15 7l-6.8 3.4a3 3 0 1 0 0 3.2L15 17a3 3 0 1 0 3-1z"
            fill="currentColor"
          />
        </svg>
        {copied ? t`Link copied` : t`Share this article`}
      </button>
    </div>
  );
}
