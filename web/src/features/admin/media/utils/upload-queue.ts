// The upload list's state: each file waits its turn, uploads with progress,
// is processed by the server (resized, stripped), then is done or failed.
// One at a time: the server decodes every image in full, and the office
// machine's upload link is the bottleneck anyway.

export type UploadStatus = 'queued' | 'uploading' | 'processing' | 'done' | 'failed' | 'cancelled';

export type Upload = {
  id: string;
  name: string;
  size: number;
  status: UploadStatus;
  /** 0..1 of the bytes sent. */
  progress: number;
  /** Why it failed (the server's message), for 'failed'. */
  message?: string;
};

export type UploadAction =
  | { type: 'add'; uploads: { id: string; name: string; size: number }[] }
  | { type: 'start'; id: string }
  | { type: 'progress'; id: string; fraction: number }
  | { type: 'done'; id: string }
  | { type: 'fail'; id: string; message: string }
  | { type: 'cancel'; id: string }
  | { type: 'dismiss'; id: string }
  | { type: 'clear-finished' };

const FINISHED: readonly UploadStatus[] = ['done', 'failed', 'cancelled'];

export function isFinished(upload: Upload): boolean {
  return FINISHED.includes(upload.status);
}

export function isActive(upload: Upload): boolean {
  return upload.status === 'uploading' || upload.status === 'processing';
}

function patch(state: Upload[], id: string, change: (u: Upload) => Upload): Upload[] {
  return state.map((u) => (u.id === id ? change(u) : u));
}

export function uploadsReducer(state: Upload[], action: UploadAction): Upload[] {
  switch (action.type) {
    case 'add':
      return [...state, ...action.uploads.map((u) => ({ ...u, status: 'queued' as const, progress: 0 }))];
    case 'start':
      return patch(state, action.id, (u) => (u.status === 'queued' ? { ...u, status: 'uploading' } : u));
    case 'progress':
      // All bytes sent: the server is now decoding and resizing.
      return patch(state, action.id, (u) =>
        isActive(u)
          ? { ...u, progress: Math.min(1, Math.max(u.progress, action.fraction)), status: action.fraction >= 1 ? 'processing' : u.status }
          : u,
      );
    case 'done':
      return patch(state, action.id, (u) => ({ ...u, status: 'done', progress: 1 }));
    case 'fail':
      return patch(state, action.id, (u) => (u.status === 'cancelled' ? u : { ...u, status: 'failed', message: action.message }));
    case 'cancel':
      return patch(state, action.id, (u) => (isFinished(u) ? u : { ...u, status: 'cancelled' }));
    case 'dismiss':
      return state.filter((u) => u.id !== action.id || !isFinished(u));
    case 'clear-finished':
      return state.filter((u) => !isFinished(u));
  }
}

/** The upload to start now: the first waiting one, when none is running. */
export function nextUpload(state: readonly Upload[]): Upload | undefined {
  if (state.some(isActive)) return undefined;
  return state.find((u) => u.status === 'queued');
}

/** What the list says of an upload, for people (and screen readers). */
export function uploadStatusText(upload: Upload): string {
  switch (upload.status) {
    case 'queued':
      return 'Waiting…';
    case 'uploading':
      return `Uploading… ${Math.round(upload.progress * 100)}%`;
    case 'processing':
      return 'Processing…';
    case 'done':
      return 'Uploaded';
    case 'failed':
      return upload.message ?? 'Upload failed';
    case 'cancelled':
      return 'Cancelled';
  }
}
