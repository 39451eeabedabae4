import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminPost } from '../api/get-admin-posts';
import {
  draftTimeUnset,
  EMPTY_POST_FORM,
  formValuesToPayload,
  formValuesToPreviewPost,
  fromDateTimeLocal,
  postToFormValues,
  toDateTimeLocal,
  translationFormValues,
} from './post-form';

// Staff work in Phoenix (UTC−7 all year, no daylight saving): the form's
// datetime-local text is their wall clock.
const savedTz = process.env.TZ;
beforeAll(() => {
  process.env.TZ = 'America/Phoenix';
});
afterAll(() => {
  process.env.TZ = savedTz;
});

const stored: AdminPost = {
  id: '9c4493b7-8603-463a-a0ab-d420f477495c',
  slug: 'orangeburg-pipe-guide',
  title: 'How to Tell If You Have Orangeburg Pipe',
  excerpt: 'Some Valley homes still have Orangeburg sewer pipe.',
  content: '## What it is\n\nFiber and **tar**.\n\n- Soft\n- Black',
  bodyHtml: '<h2>What it is</h2>\n<p>Fiber and <strong>tar</strong>.</p>\n<ul><li>Soft</li><li>Black</li></ul>',
  imageUrl: '/media/abc.jpg',
  heroImage: { src: '/media/abc.jpg', srcset: '/media/abc.jpg 1200w', width: 1200, height: 630 },
  publishedAt: '2026-05-21T16:00:42.5Z',
  isPublished: true,
  category: 'Pipe Types',
  readTimeMinutes: 5,
  seoTitle: '',
  seoDescription: '',
  socialImageUrl: '',
  createdAt: '2026-05-20T16:00:00Z',
  version: '1',
  autosaved: false,
  updatedAt: '2026-05-20T16:00:00Z',
  updatedBy: 'ana@valleytrenchless.example',
  language: 'en',
  translationOf: '',
  translations: [],
};

describe('datetime-local ⇄ RFC 3339', () => {
  it('shows a stored time on the local wall clock, to the minute', () => {
    expect(toDateTimeLocal('2026-05-21T16:00:42.5Z')).toBe('2026-05-21T09:00');
    expect(toDateTimeLocal('2027-01-01T06:59:00Z')).toBe('2026-12-31T23:59');
    expect(toDateTimeLocal('')).toBe('');
    expect(toDateTimeLocal(null)).toBe('');
    expect(toDateTimeLocal('not a time')).toBe('');
  });

  it('reads the wall clock back as UTC', () => {
    expect(fromDateTimeLocal('2026-05-21T09:00')).toBe('2026-05-21T16:00:00Z');
    expect(fromDateTimeLocal('2026-12-31T23:59:30')).toBe('2027-01-01T06:59:30Z');
    expect(fromDateTimeLocal(toDateTimeLocal('2026-11-23T18:05:00Z'))).toBe('2026-11-23T18:05:00Z');
  });

  it('refuses text that is not a real time', () => {
    for (const bad of ['', '2026-02-30T10:00', '2026-13-01T10:00', '2026-05-21', '21/05/2026 09:00', '2026-05-21T25:00']) {
      expect(fromDateTimeLocal(bad), bad).toBeNull();
    }
  });
});

describe('postToFormValues', () => {
  it('shows a markdown body as the HTML visitors see (the server-rendered bodyHtml), and the time on the local clock', () => {
    const values = postToFormValues(stored);
    expect(values).toEqual({
      language: 'en',
      translationOf: '',
      title: stored.title,
      slug: 'orangeburg-pipe-guide',
      excerpt: stored.excerpt,
      content: '<h2>What it is</h2>\n<p>Fiber and <strong>tar</strong>.</p>\n<ul><li>Soft</li><li>Black</li></ul>',
      imageUrl: '/media/abc.jpg',
      category: '',
      seoTitle: '',
      seoDescription: '',
      socialImageUrl: '',
      isPublished: true,
      publishedAt: '2026-05-21T09:00',
    });
  });

  it('shows the post’s own search-and-social fields (issue 28)', () => {
    const values = postToFormValues({
      ...stored,
      seoTitle: 'Orangeburg pipe: how to tell',
      seoDescription: 'Black, soft, 1945–1972.',
      socialImageUrl: '/media/share.jpg',
    });
    expect(values).toMatchObject({
      seoTitle: 'Orangeburg pipe: how to tell',
      seoDescription: 'Black, soft, 1945–1972.',
      socialImageUrl: '/media/share.jpg',
    });
  });

  it('keeps a chosen category, and shows the title’s own as automatic', () => {
    expect(postToFormValues({ ...stored, category: 'Seasonal' }).category).toBe('Seasonal');
    expect(postToFormValues({ ...stored, category: 'Pipe Types' }).category).toBe('');
  });
});

describe('formValuesToPayload', () => {
  it('sends a new post’s fields trimmed, published by default, and no time when none was given (now)', () => {
    const payload = formValuesToPayload({ ...EMPTY_POST_FORM, title: '  New  ', slug: 'new', excerpt: ' Short. ', content: '<p>Body</p>' });
    expect(payload).toEqual({
      title: 'New',
      slug: 'new',
      excerpt: 'Short.',
      content: '<p>Body</p>',
      imageUrl: '',
      isPublished: true,
      category: '',
      seoTitle: '',
      seoDescription: '',
      socialImageUrl: '',
      language: 'en',
      translationOf: '',
    });
    expect('publishedAt' in payload).toBe(false);
  });

  it('sends the search-and-social fields trimmed, and empty ones too (an update clears them: the title, excerpt and image stand in)', () => {
    const values = { ...postToFormValues(stored), seoTitle: '  Short title ', seoDescription: ' For search. ', socialImageUrl: ' https://cdn.example/a.jpg ' };
    expect(formValuesToPayload(values, stored)).toMatchObject({
      seoTitle: 'Short title',
      seoDescription: 'For search.',
      socialImageUrl: 'https://cdn.example/a.jpg',
    });
    const withTitle = { ...stored, seoTitle: 'Was set' };
    expect(formValuesToPayload(postToFormValues(withTitle), withTitle).seoTitle).toBe('Was set');
    expect(formValuesToPayload({ ...postToFormValues(withTitle), seoTitle: '  ' }, withTitle).seoTitle).toBe('');
  });

  it('schedules at the local time given', () => {
    const payload = formValuesToPayload({ ...EMPTY_POST_FORM, isPublished: true, publishedAt: '2030-01-02T08:30' });
    expect(payload.publishedAt).toBe('2030-01-02T15:30:00Z');
  });

  it('sends an untouched time of a stored post exactly as stored (the form has no seconds)', () => {
    const values = postToFormValues(stored);
    expect(formValuesToPayload(values, stored).publishedAt).toBe('2026-05-21T16:00:42.5Z');
    expect(formValuesToPayload({ ...values, publishedAt: '2026-05-21T10:00' }, stored).publishedAt).toBe('2026-05-21T17:00:00Z');
    expect('publishedAt' in formValuesToPayload({ ...values, publishedAt: '' }, stored)).toBe(false);
  });

  it('lets a back-dated draft go live now when it is published, but keeps a planned time', () => {
    const now = new Date('2026-11-23T18:00:00Z');
    const draft = { ...stored, isPublished: false };
    const values = postToFormValues(draft, now);
    expect('publishedAt' in formValuesToPayload({ ...values, isPublished: true }, draft, now)).toBe(false);
    // Still a draft: its (empty) time is left out, so the stored one is left as it is.
    expect('publishedAt' in formValuesToPayload(values, draft, now)).toBe(false);
    // An old form still showing the time: the same.
    expect('publishedAt' in formValuesToPayload({ ...values, isPublished: true, publishedAt: '2026-05-21T09:00' }, draft, now)).toBe(false);
    // A time the person changed is theirs.
    expect(formValuesToPayload({ ...values, isPublished: true, publishedAt: '2026-05-22T09:00' }, draft, now).publishedAt).toBe('2026-05-22T16:00:00Z');
    const planned = { ...draft, publishedAt: '2027-01-01T16:00:00Z' };
    expect(formValuesToPayload({ ...postToFormValues(planned), isPublished: true }, planned, now).publishedAt).toBe('2027-01-01T16:00:00Z');
  });

  it('makes a draft', () => {
    expect(formValuesToPayload({ ...EMPTY_POST_FORM, isPublished: false }).isPublished).toBe(false);
  });
});

describe('formValuesToPreviewPost', () => {
  const now = new Date('2026-11-23T18:00:00Z');

  it('gives an unsaved post the category, read time and date the site would', () => {
    const post = formValuesToPreviewPost(
      { ...EMPTY_POST_FORM, title: 'CIPP in July', slug: 'cipp-in-july', excerpt: 'E', content: `<p>${'word '.repeat(201)}</p>` },
      undefined,
      now,
    );
    expect(post).toMatchObject({
      id: 'unsaved',
      slug: 'cipp-in-july',
      title: 'CIPP in July',
      category: 'Technology',
      readTimeMinutes: 2,
      publishedAt: '2026-11-23T18:00:00.000Z',
      imageUrl: '',
    });
  });

  it('keeps a stored post’s id and date, and follows the form', () => {
    const values = { ...postToFormValues(stored), title: 'Orangeburg, revised', category: 'Seasonal' as const };
    const post = formValuesToPreviewPost(values, stored, now);
    expect(post).toMatchObject({ id: stored.id, title: 'Orangeburg, revised', category: 'Seasonal', publishedAt: stored.publishedAt });
  });

  it('carries the search-and-social fields, so the preview’s page title is the one visitors get', () => {
    const values = { ...postToFormValues(stored), seoTitle: ' Orangeburg in short ', socialImageUrl: '/media/share.jpg' };
    expect(formValuesToPreviewPost(values, stored, now)).toMatchObject({
      seoTitle: 'Orangeburg in short',
      seoDescription: '',
      socialImageUrl: '/media/share.jpg',
    });
  });
});

describe('a draft’s publish time (issue 28)', () => {
  const now = new Date('2026-11-23T18:00:00Z');
  const draft = { ...stored, isPublished: false };

  it('shows a draft’s past time (its creation, never chosen) empty: it is set when the draft is published', () => {
    expect(draftTimeUnset(draft, now)).toBe(true);
    expect(postToFormValues(draft, now).publishedAt).toBe('');
    expect(draftTimeUnset({ ...draft, publishedAt: '' }, now)).toBe(true);
  });

  it('keeps a scheduled draft’s time, and a published post’s', () => {
    const planned = { ...draft, publishedAt: '2027-01-01T16:00:00Z' };
    expect(draftTimeUnset(planned, now)).toBe(false);
    expect(postToFormValues(planned, now).publishedAt).toBe('2027-01-01T09:00');
    expect(draftTimeUnset(stored, now)).toBe(false);
    expect(postToFormValues(stored, now).publishedAt).toBe('2026-05-21T09:00');
  });
});

describe('a post’s language and translation (issue 40)', () => {
  const translation: AdminPost = {
    ...stored,
    id: '5b1e4c1a-2c7e-4a5e-9a57-3f0c3a4c2b10',
    slug: 'tuberia-orangeburg',
    title: 'Cómo saber si tiene tubería Orangeburg',
    language: 'es',
    translationOf: stored.id,
    translations: [{ id: stored.id, language: 'en', slug: stored.slug, title: stored.title, isPublished: true, publishedAt: stored.publishedAt }],
  };

  it('shows a Spanish post’s language and the original it translates', () => {
    expect(postToFormValues(translation)).toMatchObject({ language: 'es', translationOf: stored.id });
    // An answer from before posts had a language is an English post.
    expect(postToFormValues({ ...stored, language: '' }).language).toBe('en');
  });

  it('sends both; an English post translates nothing, so saving one as English unlinks it', () => {
    const values = postToFormValues(translation);
    expect(formValuesToPayload(values, translation)).toMatchObject({ language: 'es', translationOf: stored.id });
    expect(formValuesToPayload({ ...values, language: 'en' }, translation)).toMatchObject({ language: 'en', translationOf: '' });
    expect(formValuesToPayload({ ...values, translationOf: '' }, translation)).toMatchObject({ language: 'es', translationOf: '' });
  });

  it('starts a translation as a linked Spanish draft with the original’s words, image and category, and no slug', () => {
    const values = translationFormValues({ ...stored, category: 'Seasonal' });
    expect(values).toEqual({
      ...EMPTY_POST_FORM,
      language: 'es',
      translationOf: stored.id,
      title: stored.title,
      excerpt: stored.excerpt,
      content: stored.bodyHtml,
      imageUrl: '/media/abc.jpg',
      category: 'Seasonal',
      isPublished: false,
    });
    expect(values.slug).toBe('');
  });

  it('previews a Spanish post as a Spanish article', () => {
    const preview = formValuesToPreviewPost(postToFormValues(translation), translation, new Date('2026-11-28T12:00:00Z'));
    expect(preview).toMatchObject({ language: 'es', translationOf: stored.id, translations: translation.translations });
  });
});
