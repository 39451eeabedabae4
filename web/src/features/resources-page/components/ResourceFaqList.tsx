import '@/locales/resources/en';
import { Link } from 'react-router';
import { Trans } from '@lingui/react/macro';
import { useLocalize } from '@/i18n/use-locale';
import { useResourcesCopy } from '../copy';

/** The five homeowner questions as native disclosure widgets (no script needed), in the page's language. */
export function ResourceFaqList() {
  const { articles, faqs } = useResourcesCopy();
  const localize = useLocalize();
  return (
    <section className="section resources-faqs" aria-labelledby="resources-faqs-heading">
      <div className="container">
        <h2 id="resources-faqs-heading">
          <Trans>Questions homeowners ask us</Trans>
        </h2>
        <div className="faq-list">
          {faqs.map((faq) => {
            const article = articles.find((a) => a.id === faq.articleId);
            const title = article?.title;
            return (
              <details key={faq.id} className="faq">
                <summary className="faq__question">{faq.question}</summary>
                <div className="faq__answer">
                  <p>{faq.answer}</p>
                  {article && (
                    <p>
                      <Trans>
                        Read more: <Link to={localize(`/blog/${encodeURIComponent(article.id)}`)}>{title}</Link>
                      </Trans>
                    </p>
                  )}
                </div>
              </details>
            );
          })}
        </div>
      </div>
    </section>
  );
}
