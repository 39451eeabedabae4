import { POST_LANGUAGE_LABEL, type PostLanguage } from '../utils/post-form';

/** EN / ES with the language's name for screen readers and on hover (issue 40). */
export function LanguageBadge({ language }: { language: PostLanguage }) {
  return (
    <span className={`post-language-badge post-language-badge--${language}`} title={POST_LANGUAGE_LABEL[language]}>
      <span aria-hidden="true">{language.toUpperCase()}</span>
      <span className="visually-hidden" lang={language}>
        {POST_LANGUAGE_LABEL[language]}
      </span>
    </span>
  );
}
