// A prerendered page's first script (issue 40): it holds form submissions
// from the start, then fetches the page's code only after the page has
// painted. Fetched while the page was still being parsed and drawn, the
// code competed with the page's own bytes on a slow connection, and
// Lighthouse counted its downloads towards the largest paint (its simulated
// LCP was 2.0 s where the page painted in 0.8 s). The prerender lists the
// code in <script type="application/json" id="page-code">: the entry first,
// then the chunks it and the page's own modules need (scripts/prerender.mjs).
import { holdEarlySubmits } from '@/lib/early-submits';

holdEarlySubmits();

let loading = false;

function loadPageCode(): void {
  if (loading) return;
  loading = true;
  const list = document.getElementById('page-code');
  const [entry, ...chunks] = list ? (JSON.parse(list.textContent ?? '[]') as string[]) : [];
  if (!entry) return;
  for (const href of chunks) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = href;
    document.head.append(link);
  }
  const script = document.createElement('script');
  script.type = 'module';
  script.crossOrigin = '';
  script.src = entry;
  document.head.append(script);
}

// Once the browser reports the first contentful paint (its time is when the
// frame reached the screen, a few milliseconds after the frame's own tasks).
// Without paint timing, in a task queued from an animation frame: after that
// frame. A tab opened in the background paints nothing: the timer loads the
// code there all the same.
const FCP = 'first-contentful-paint';
if (typeof PerformanceObserver === 'function' && PerformanceObserver.supportedEntryTypes?.includes('paint')) {
  const observer = new PerformanceObserver((entries) => {
    if (entries.getEntriesByName(FCP).length === 0) return;
    observer.disconnect();
    loadPageCode();
  });
  observer.observe({ type: 'paint', buffered: true });
} else {
  requestAnimationFrame(() => setTimeout(loadPageCode));
}
setTimeout(loadPageCode, 1000);
