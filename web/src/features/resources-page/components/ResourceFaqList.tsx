import { Link } from 'react-router';
import { resourceArticles, resourceFaqs } from '@/content/resources';

/** The five homeowner questions as native disclosure widgets: no script needed. */
export function ResourceFaqList() {
  return (
    <section className="section resources-faqs" aria-labelledby="resources-faqs-heading">
      <div className="container">
        <h2 id="resources-faqs-heading">Questions homeowners ask us</h2>
        <div className="faq-list">
          {resourceFaqs.map((faq) => {
            const article = resourceArticles.find((a) => a.id === faq.articleId);
            return (
              <details key={faq.id} className="faq">
                <summary className="faq__question">{faq.question}</summary>
                <div className="faq__answer">
                  <p>{faq.answer}</p>
                  {article && (
                    <p>
                      Read more: <Link to={`/blog/${encodeURIComponent(article.id)}`}>{article.title}</Link>
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
