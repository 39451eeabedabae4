import { useId, useState } from 'react';
import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { describedBy, FieldError } from '@/components/staff/FieldError';
import { MediaPicker, MediaPickerStylesheet } from '@/components/staff/media-picker';
import { displayImageSrc, FALLBACK_IMAGE_SRC } from '@/components/staff/rich-text-editor';
import type { PostFormValues } from '../utils/post-form';
import { charCount, isValidImageUrl, SEO_DESCRIPTION_MAX, SEO_TITLE_MAX } from '../utils/post-schema';
import { SEARCH_DESCRIPTION_CHARS, SEARCH_TITLE_CHARS, searchPreview } from '../utils/search-preview';

type PostSeoFieldsProps = {
  register: UseFormRegister<PostFormValues>;
  errors: FieldErrors<PostFormValues>;
  /** The form's current values the section shows or falls back to. */
  values: Pick<PostFormValues, 'title' | 'slug' | 'excerpt' | 'imageUrl' | 'seoTitle' | 'seoDescription' | 'socialImageUrl' | 'language'>;
  /** An image was chosen from the media library: its address. */
  onImageChosen: (url: string) => void;
  onImageRemoved: () => void;
};

/**
 * Issue 28 "search and social": the post's own title, description and
 * image for search engines and shared links, each falling back to the
 * title, the excerpt and the post's image when left empty (the placeholders
 * show what stands in), and a search result as it would look.
 */
export function PostSeoFields({ register, errors, values, onImageChosen, onImageRemoved }: PostSeoFieldsProps) {
  const id = useId();
  const ids = {
    intro: `${id}-intro`,
    title: `${id}-title`,
    titleHint: `${id}-title-hint`,
    titleError: `${id}-title-error`,
    description: `${id}-description`,
    descriptionHint: `${id}-description-hint`,
    descriptionError: `${id}-description-error`,
    image: `${id}-image`,
    imageHint: `${id}-image-hint`,
    imageError: `${id}-image-error`,
    imageCaption: `${id}-image-caption`,
    preview: `${id}-preview`,
  };
  const [pickerOpen, setPickerOpen] = useState(false);

  const titleLength = charCount(values.seoTitle);
  const descriptionLength = charCount(values.seoDescription);
  const socialUrl = values.socialImageUrl.trim();
  const postImage = values.imageUrl.trim();
  // What a shared link shows: the social image, else the post's own.
  const shownImage = socialUrl !== '' ? socialUrl : postImage;
  const thumb = shownImage !== '' && isValidImageUrl(shownImage) ? shownImage : FALLBACK_IMAGE_SRC;
  const caption =
    socialUrl !== ''
      ? 'Shared links show this image.'
      : postImage !== ''
        ? 'Not set: shared links show the post’s image.'
        : 'Not set, and the post has no image: shared links show the default image.';
  const preview = searchPreview(values);

  return (
    <fieldset className="post-form__seo" aria-describedby={ids.intro}>
      <legend>Search and social</legend>
      {/* With the field, not when the picker opens (see MediaPickerStylesheet). */}
      <MediaPickerStylesheet />
      <p id={ids.intro} className="staff-field__hint">
        What search engines and shared links (Facebook, messages) show for this post. Leave a field empty to use the
        post’s title, excerpt or image.
      </p>

      <div className="staff-field">
        <label htmlFor={ids.title}>SEO title</label>
        <input
          id={ids.title}
          type="text"
          autoComplete="off"
          placeholder={values.title.trim()}
          aria-invalid={errors.seoTitle ? true : undefined}
          aria-describedby={describedBy(ids.titleHint, errors.seoTitle && ids.titleError)}
          {...register('seoTitle')}
        />
        <p id={ids.titleHint} className="staff-field__hint post-form__counted">
          <span>The title in search results and shared links. Empty: the post’s title.</span>
          <span className={titleLength > SEO_TITLE_MAX ? 'post-form__over' : undefined}>
            {titleLength}/{SEO_TITLE_MAX}
          </span>
        </p>
        <FieldError id={ids.titleError} message={errors.seoTitle?.message} />
      </div>

      <div className="staff-field">
        <label htmlFor={ids.description}>SEO description</label>
        <textarea
          id={ids.description}
          rows={3}
          placeholder={values.excerpt.trim()}
          aria-invalid={errors.seoDescription ? true : undefined}
          aria-describedby={describedBy(ids.descriptionHint, errors.seoDescription && ids.descriptionError)}
          {...register('seoDescription')}
        />
        <p id={ids.descriptionHint} className="staff-field__hint post-form__counted">
          <span>The text under the title in search results. Empty: the excerpt.</span>
          <span className={descriptionLength > SEO_DESCRIPTION_MAX ? 'post-form__over' : undefined}>
            {descriptionLength}/{SEO_DESCRIPTION_MAX}
          </span>
        </p>
        <FieldError id={ids.descriptionError} message={errors.seoDescription?.message} />
      </div>

      <div className="post-seo__image">
        <figure className="post-seo__figure">
          <img className="post-seo__thumb" src={thumb} alt="" width={240} height={126} />
          <figcaption id={ids.imageCaption} className="staff-field__hint">
            {caption}
          </figcaption>
        </figure>
        <div className="post-seo__controls">
          <div className="staff-field">
            <label htmlFor={ids.image}>Social image</label>
            <input
              id={ids.image}
              type="text"
              inputMode="url"
              autoComplete="off"
              spellCheck={false}
              placeholder={postImage}
              aria-invalid={errors.socialImageUrl ? true : undefined}
              aria-describedby={describedBy(ids.imageHint, ids.imageCaption, errors.socialImageUrl && ids.imageError)}
              {...register('socialImageUrl')}
            />
            <p id={ids.imageHint} className="staff-field__hint">
              The picture shared links show, best 1200 × 630 pixels: a site path (/media/…) or an https:// address, or
              an image from the media library (upload new ones in the Media tab or with the post’s image above).
            </p>
            <FieldError id={ids.imageError} message={errors.socialImageUrl?.message} />
          </div>
          <div className="post-seo__actions">
            <button type="button" className="button button--small" aria-haspopup="dialog" onClick={() => setPickerOpen(true)}>
              {/* Not "Choose from the library…": that is the post image's button, and each name must say which image it sets. */}
              Choose a social image from the library…
            </button>
            {socialUrl !== '' && (
              <button type="button" className="button button--small button--danger" onClick={onImageRemoved}>
                Remove social image
              </button>
            )}
          </div>
        </div>
      </div>

      <figure className="post-seo__preview" aria-labelledby={ids.preview}>
        <figcaption id={ids.preview} className="post-seo__preview-label">
          Search result preview
        </figcaption>
        <div className="post-seo__result">
          <p className="post-seo__result-url">{preview.url}</p>
          <p className="post-seo__result-title">{preview.title}</p>
          <p className="post-seo__result-description">{preview.description || 'No description yet: write an excerpt.'}</p>
        </div>
        <p className="staff-field__hint">
          {preview.titleCut || preview.descriptionCut
            ? `Search engines cut titles after about ${SEARCH_TITLE_CHARS} characters and descriptions after about ${SEARCH_DESCRIPTION_CHARS}: the end of yours may not show.`
            : `Search engines show about ${SEARCH_TITLE_CHARS} characters of a title and ${SEARCH_DESCRIPTION_CHARS} of a description.`}
        </p>
      </figure>

      <MediaPicker
        open={pickerOpen}
        onOpenChange={setPickerOpen}
        title="Choose the image for shared links"
        emptyHint="Upload an image in the Media tab, or as the post’s image above, and it will appear here."
        onPick={(image) => {
          setPickerOpen(false);
          onImageChosen(displayImageSrc(image.url));
        }}
      />
    </fieldset>
  );
}
