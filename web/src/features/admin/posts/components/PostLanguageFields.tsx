import { useId, useState } from 'react';
import { Controller, useWatch, type UseFormReturn } from 'react-hook-form';
import { Link } from 'react-router';
import { describedBy, FieldError } from '@/components/staff/FieldError';
import { useDebouncedText } from '@/components/staff/use-debounced-value';
import { useNow } from '@/components/staff/use-now';
import { useAdminPost } from '../api/get-admin-post';
import { useAdminPostList, type AdminPost } from '../api/get-admin-posts';
import { POST_LANGUAGE_LABEL, type PostFormValues } from '../utils/post-form';
import { canTranslate, newTranslationPath, translationNote, versionIn } from '../utils/post-translation';
import { StatusBadge } from './StatusBadge';

/** How many English posts the "Translation of" search shows. */
const PICK_PAGE_SIZE = 8;
const SEARCH_DELAY_MS = 300;

type Props = {
  form: UseFormReturn<PostFormValues>;
  /** The stored version being edited; none for a new post. */
  base: AdminPost | undefined;
};

/**
 * Issue 40: the language a post is written in and, for a Spanish post, the
 * English post it translates (found by title); for a stored English post,
 * its Spanish translation's state, or a way to write one.
 */
export function PostLanguageFields({ form, base }: Props) {
  const { register, control, formState } = form;
  const { errors } = formState;
  const [language, translationOf] = useWatch({ control, name: ['language', 'translationOf'] });
  const ids = { language: useId(), hint: useId(), unlink: useId(), error: useId() };
  // The post it was stored as the translation of, by title (the link leaves when it is saved as English).
  const storedOriginal = base ? versionIn(base, 'en') : undefined;
  const translated = base && base.language !== 'es' ? versionIn(base, 'es') : undefined;

  return (
    <div className="post-language">
      <div className="staff-field">
        <label htmlFor={ids.language}>Language</label>
        <select
          id={ids.language}
          aria-invalid={errors.language ? true : undefined}
          aria-describedby={describedBy(ids.hint, language === 'en' && translationOf !== '' && ids.unlink, errors.language && ids.error)}
          {...register('language')}
        >
          <option value="en">{POST_LANGUAGE_LABEL.en}</option>
          <option value="es" lang="es">
            {POST_LANGUAGE_LABEL.es}
          </option>
        </select>
        <p id={ids.hint} className="staff-field__hint">
          The language the post is written in. English posts are at /blog/… and listed on the English pages; Spanish
          ones at /es/blog/… and listed on the Spanish pages.
        </p>
        {language === 'en' && translationOf !== '' && (
          <p id={ids.unlink} className="staff-alert staff-alert--warning post-form__warning">
            Saved as English, this post is no longer the Spanish translation of{' '}
            {storedOriginal?.id === translationOf ? `“${storedOriginal.title}”` : 'the English post it is linked to'}.
          </p>
        )}
        {language === 'es' && translated && (
          <p className="staff-alert staff-alert--warning post-form__warning">
            This post has a Spanish translation, “{translated.title}”. Unlink it there before making this post Spanish.
          </p>
        )}
        <FieldError id={ids.error} message={errors.language?.message} />
      </div>
      {language === 'es' ? <TranslationOfField form={form} base={base} /> : base && <SpanishTranslation post={base} />}
    </div>
  );
}

/**
 * "Translation of": the English post a Spanish post translates, chosen by
 * searching the staff list's English posts by title; optional.
 */
function TranslationOfField({ form, base }: Props) {
  const { control, setValue, formState } = form;
  const error = formState.errors.translationOf?.message;
  const ids = { label: useId(), search: useId(), hint: useId(), error: useId(), results: useId() };
  const translationOf = useWatch({ control, name: 'translationOf' });
  // Titles of the posts chosen here, and of the one it was stored with.
  const [picked, setPicked] = useState<Record<string, string>>({});
  const stored = base ? versionIn(base, 'en') : undefined;
  const knownTitle = picked[translationOf] ?? (stored?.id === translationOf ? stored.title : undefined);
  // A link from elsewhere (a copy kept in this browser) is named once its post is read.
  const unknown = useAdminPost(translationOf, { enabled: translationOf !== '' && knownTitle === undefined });
  const title = knownTitle ?? unknown.data?.title;
  const [choosing, setChoosing] = useState(false);
  const choose = (id: string, chosenTitle: string) => {
    setPicked((p) => ({ ...p, [id]: chosenTitle }));
    setValue('translationOf', id, { shouldDirty: true, shouldValidate: true });
    setChoosing(false);
  };

  return (
    <div className="staff-field post-language__original">
      <span id={ids.label} className="post-form__label">
        Translation of
      </span>
      <Controller
        control={control}
        name="translationOf"
        render={({ field }) =>
          translationOf !== '' && !choosing ? (
            <div className="post-language__chosen" role="group" aria-labelledby={ids.label}>
              <p>
                {title ? (
                  <Link to={`/admin/posts/${translationOf}`}>“{title}”</Link>
                ) : (
                  <span className="staff-note">An English post ({translationOf})</span>
                )}
              </p>
              <div className="post-language__buttons">
                <button ref={field.ref} type="button" className="button button--small" onClick={() => setChoosing(true)}>
                  Change
                </button>
                <button
                  type="button"
                  className="button button--small"
                  onClick={() => setValue('translationOf', '', { shouldDirty: true, shouldValidate: true })}
                >
                  Unlink
                </button>
              </div>
            </div>
          ) : (
            <OriginalSearch
              inputRef={field.ref}
              ids={ids}
              self={base?.id}
              invalid={error !== undefined}
              onChoose={choose}
              onCancel={translationOf !== '' ? () => setChoosing(false) : undefined}
            />
          )
        }
      />
      <p id={ids.hint} className="staff-field__hint">
        Optional. The English post this one translates: each page names the other, and the language switch on one
        leads to the other. An English post has one Spanish translation at most.
      </p>
      <FieldError id={ids.error} message={error} />
    </div>
  );
}

type SearchProps = {
  inputRef: (el: HTMLInputElement | null) => void;
  ids: { label: string; search: string; hint: string; error: string; results: string };
  self: string | undefined;
  invalid: boolean;
  onChoose: (id: string, title: string) => void;
  onCancel: (() => void) | undefined;
};

/** English posts whose title holds what is typed, newest first; one not yet translated is chosen with a click. */
function OriginalSearch({ inputRef, ids, self, invalid, onChoose, onCancel }: SearchProps) {
  const [text, setText] = useState('');
  const query = useDebouncedText(text.trim(), SEARCH_DELAY_MS);
  const list = useAdminPostList({ query, language: 'en', pageSize: PICK_PAGE_SIZE });
  const posts = list.data?.pages[0]?.posts ?? [];
  return (
    <div className="post-language__search">
      <div className="posts-search__row">
        <input
          ref={inputRef}
          id={ids.search}
          type="search"
          value={text}
          maxLength={200}
          placeholder="Search English posts by title"
          autoComplete="off"
          aria-labelledby={ids.label}
          aria-describedby={describedBy(ids.hint, invalid && ids.error)}
          aria-invalid={invalid || undefined}
          aria-controls={ids.results}
          onChange={(e) => setText(e.currentTarget.value)}
          // Enter here looks, it does not save the form.
          onKeyDown={(e) => e.key === 'Enter' && e.preventDefault()}
        />
        {onCancel && (
          <button type="button" className="button button--small" onClick={onCancel}>
            Keep the current one
          </button>
        )}
      </div>
      <div id={ids.results} aria-busy={list.isFetching || undefined}>
        <p className={posts.length > 0 && !list.isPending && !list.isError ? 'visually-hidden' : 'staff-note'} role="status">
          {list.isPending
            ? 'Loading English posts…'
            : list.isError
              ? 'The English posts could not be loaded. Type again to retry.'
              : posts.length === 0
                ? query
                  ? `No English post title contains “${query}”.`
                  : 'There are no English posts yet.'
                : `${posts.length} English ${posts.length === 1 ? 'post' : 'posts'}${query ? ` with “${query}” in the title` : ', newest first'}`}
        </p>
        {posts.length > 0 && !list.isPending && !list.isError && (
          <ul className="post-language__results" aria-label="English posts">
            {posts.map((p) => {
              const allowed = canTranslate(p, self);
              return (
                <li key={p.id}>
                  <button type="button" className="staff-linkbutton" disabled={!allowed.ok} onClick={() => onChoose(p.id, p.title)}>
                    {p.title}
                  </button>
                  <span className="post-language__meta">
                    /blog/{p.slug}
                    {!allowed.ok && ` · ${allowed.reason}`}
                  </span>
                </li>
              );
            })}
          </ul>
        )}
      </div>
    </div>
  );
}

/** A stored English post's Spanish translation: its title and state, or a way to write it. */
function SpanishTranslation({ post }: { post: AdminPost }) {
  const now = useNow();
  const note = translationNote(post, now);
  return (
    <div className="staff-field post-language__translation">
      <span className="post-form__label">Spanish translation</span>
      {note.kind === 'translated' ? (
        <p>
          <Link to={`/admin/posts/${note.id}`} lang="es">
            “{note.title}”
          </Link>{' '}
          <StatusBadge status={note.status} />
        </p>
      ) : (
        <p>
          <span className="staff-note">None yet.</span>{' '}
          <Link to={newTranslationPath(post.id)} className="button button--small">
            Write the Spanish translation
          </Link>
        </p>
      )}
      <p className="staff-field__hint">
        {note.kind === 'translated'
          ? 'Once both are published, each names the other to search engines and the language switch leads from one to the other.'
          : 'Opens a new Spanish draft linked to this post, starting from its title, excerpt and text.'}
      </p>
    </div>
  );
}
