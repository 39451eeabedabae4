import '@/locales/home/en';
import { Fragment, useState } from 'react';
import { Plural, useLingui } from '@lingui/react/macro';
import { SmartLink } from '@/components/SmartLink';
import { getCity } from '@/content/cities';
import type { Neighborhood } from '@/content/home-neighborhoods';
import { RISK_LEVELS } from '@/content/risk';
import { useHomeCopy } from '../copy';
import { Tooltip } from '@/components/ui/tooltip';
import { toggleExpanded } from '../utils/expanded-rows';
import { RiskBadge, useRiskLabel } from '@/components/RiskBadge';
import { Editable } from '@/features/editable-content';

const COLUMNS = 6;

/** SPEC §2 home item 7: neighbourhood pipe risk; rows with sub-areas expand and collapse. */
export function RiskTable({ initialExpanded = [] }: { initialExpanded?: readonly string[] }) {
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(() => new Set(initialExpanded));
  const { t } = useLingui();
  const riskLabel = useRiskLabel();
  const { riskDescriptions: descriptions, riskNeighborhoods: neighborhoods } = useHomeCopy();

  return (
    <section className="section home-risk" aria-labelledby="home-risk-title">
      <div className="container">
        <div className="home-section-intro">
          <Editable contentKey="home.risk.title" as="h2" id="home-risk-title">
            Pipe risk by neighborhood
          </Editable>
          <Editable contentKey="home.risk.intro" type="html">
            When a neighborhood was built decides what is under its slabs. Find yours; homes in high-risk areas qualify
            for a free inspection.
          </Editable>
        </div>

        <ul className="home-risk__legend" aria-label={t`Risk levels`}>
          {RISK_LEVELS.map((level) => {
            const label = riskLabel(level);
            return (
              <li key={level}>
                <Tooltip content={descriptions[level]}>
                  <button type="button" className="home-risk__legend-item" aria-label={t`${label} risk`}>
                    <RiskBadge level={level} suffix="" />
                  </button>
                </Tooltip>
              </li>
            );
          })}
        </ul>

        <div className="home-risk__scroll" role="region" aria-labelledby="home-risk-caption" tabIndex={0}>
          <table className="home-risk__table">
            <caption id="home-risk-caption" className="visually-hidden">
              {t`Drain and sewer pipe risk for Phoenix Valley neighborhoods, by construction era and pipe type`}
            </caption>
            <thead>
              <tr>
                <th scope="col">{t`Neighborhood`}</th>
                <th scope="col">{t`City`}</th>
                <th scope="col">{t`Built`}</th>
                <th scope="col">{t`Pipe type`}</th>
                <th scope="col">{t`Risk`}</th>
                <th scope="col">{t`What we find`}</th>
              </tr>
            </thead>
            <tbody>
              {neighborhoods.map((n) => (
                <RiskRow
                  key={n.id}
                  neighborhood={n}
                  open={expanded.has(n.id)}
                  onToggle={() => setExpanded((current) => toggleExpanded(current, n.id))}
                />
              ))}
            </tbody>
          </table>
        </div>

        <p className="home-risk__more">
          <SmartLink to="/risk-map">{t`See every neighborhood on the interactive risk map`}</SmartLink>
        </p>
      </div>
    </section>
  );
}

function RiskRow({ neighborhood: n, open, onToggle }: { neighborhood: Neighborhood; open: boolean; onToggle: () => void }) {
  const { t } = useLingui();
  const city = getCity(n.city);
  const subs = n.subNeighborhoods ?? [];
  const { name } = n;
  const areas = subs.length;
  const detailId = `home-risk-sub-${n.id}`;

  return (
    <Fragment>
      <tr className={open ? 'home-risk__row home-risk__row--open' : 'home-risk__row'}>
        <th scope="row">
          {subs.length > 0 ? (
            <button
              type="button"
              className="home-risk__toggle"
              aria-expanded={open}
              aria-controls={detailId}
              onClick={onToggle}
            >
              <svg className="home-risk__chevron" viewBox="0 0 16 16" width="14" height="14" aria-hidden="true" focusable="false">
                <path d="M5 3l5 5-5 5" stroke="currentColor" strokeWidth="2" fill="none" />
              </svg>
              <span>
                {n.name}
                <span className="home-risk__count">
                  <Plural value={areas} one="# area" other="# areas" />
                </span>
              </span>
            </button>
          ) : (
            n.name
          )}
        </th>
        <td>
          <SmartLink to={`/${city.slug}`}>{city.name}</SmartLink>
        </td>
        <td className="home-risk__era">{n.era}</td>
        <td>{n.pipeType}</td>
        <td>
          <RiskBadge level={n.riskLevel} />
        </td>
        <td className="home-risk__description">{n.description}</td>
      </tr>
      {subs.length > 0 && (
        <tr id={detailId} className="home-risk__detail" hidden={!open}>
          <td colSpan={COLUMNS}>
            <ul className="home-risk__subs" aria-label={t`Areas of ${name}`}>
              {subs.map((s) => (
                <li key={s.name}>
                  <span className="home-risk__sub-name">{s.name}</span> — {s.details}
                </li>
              ))}
            </ul>
          </td>
        </tr>
      )}
    </Fragment>
  );
}
