import '@/locales/home/en';
import { Trans } from '@lingui/react/macro';
import { SmartLink } from '@/components/SmartLink';
import type { ServiceCard } from '@/content/services';
import { useHomeCopy } from '../copy';
import { scrollToContact } from '@/lib/scroll';
import { ServiceIcon } from './ServiceIcon';
import { Editable } from '@/features/editable-content';

/** SPEC §2 home item 4: the six service cards. */
export function ServiceCards() {
  const { serviceCards } = useHomeCopy();
  return (
    <section className="section home-services" aria-labelledby="home-services-title">
      <div className="container">
        <div className="home-section-intro">
          <Editable contentKey="home.services.title" as="h2" id="home-services-title">
            Trenchless repair services
          </Editable>
          <Editable contentKey="home.services.intro" type="html">
            Every repair starts with a camera, so we fix the problem you have, not the one we guess at.
          </Editable>
        </div>
        <ul className="home-services__grid">
          {serviceCards.map((card) => (
            <li key={card.id}>
              <ServiceCardView card={card} />
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

function ServiceCardView({ card }: { card: ServiceCard }) {
  const { title } = card;
  return (
    <article className={`home-service home-service--${card.color}`}>
      <span className="home-service__icon">
        <ServiceIcon icon={card.icon} />
      </span>
      <h3 className="home-service__title">{title}</h3>
      <p className="home-service__text">{card.description}</p>
      <ul className="home-service__features">
        {card.features.map((f) => (
          <li key={f}>{f}</li>
        ))}
      </ul>
      {card.href ? (
        <SmartLink to={card.href} className="home-service__link">
          <Trans>
            Learn more<span className="visually-hidden"> about {title}</span>
          </Trans>
        </SmartLink>
      ) : (
        <button type="button" className="home-service__link home-service__link--button" onClick={() => scrollToContact()}>
          <Trans>
            Request a quote<span className="visually-hidden"> for {title}</span>
          </Trans>
        </button>
      )}
    </article>
  );
}
