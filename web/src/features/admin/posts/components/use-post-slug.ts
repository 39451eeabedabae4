import { useEffect, useState } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import type { PostFormValues } from '../utils/post-form';
import { suggestSlug } from '../utils/slug';

/**
 * The slug follows the title until staff type their own (a new post only:
 * an existing post's address stays put unless someone changes it). Both
 * fields' registrations, with the slug checked as it changes: a title whose
 * slug another post has says so while typing.
 */
export function usePostSlug(form: UseFormReturn<PostFormValues>, { editing, taken }: { editing: boolean; taken: ReadonlySet<string> }) {
  const { register, setValue, trigger, formState } = form;
  const [followsTitle, setFollowsTitle] = useState(!editing);
  const titleField = register('title', {
    onChange: (e: { target: { value: string } }) => {
      if (followsTitle) {
        const next = suggestSlug(e.target.value);
        // Checked at once, so a title whose slug another post has says so while typing.
        setValue('slug', next, { shouldDirty: true, shouldValidate: next !== '' });
      }
    },
  });
  const slugField = register('slug', {
    onChange: () => {
      setFollowsTitle(false);
      void trigger('slug');
    },
  });
  // The list of posts may arrive after a slug was typed: check it again then.
  const slugTyped = formState.dirtyFields.slug === true;
  useEffect(() => {
    if (slugTyped) void trigger('slug');
  }, [taken, slugTyped, trigger]);
  return { followsTitle, setFollowsTitle, titleField, slugField };
}
