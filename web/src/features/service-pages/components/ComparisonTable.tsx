import { useId } from 'react';
import type { ComparisonCopy, TableCell } from '@/content/service-pages';
import { ServiceSection } from './ServiceSection';

/**
 * A comparison as a real table: a caption, column and row headers. On
 * narrow screens it scrolls sideways inside a focusable, labelled region,
 * so keyboard users can scroll it too.
 */
export function ComparisonTable({ copy }: { copy: ComparisonCopy }) {
  const captionId = useId();
  return (
    <ServiceSection copy={copy} className="service-comparison">
      <div className="service-table__scroll" role="region" aria-labelledby={captionId} tabIndex={0}>
        <table className="service-table">
          <caption id={captionId} className="service-table__caption">
            <span>{copy.caption}</span>
          </caption>
          <thead>
            <tr>
              <th scope="col">{copy.rowHeader}</th>
              {copy.columns.map((column) => (
                <th key={column} scope="col">
                  {column}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {copy.rows.map((row) => (
              <tr key={row.label}>
                <th scope="row">{row.label}</th>
                {row.cells.map((cell, i) => (
                  <td key={copy.columns[i] ?? i}>
                    <Cell cell={cell} />
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {copy.note && <p className="service-table__note">{copy.note}</p>}
    </ServiceSection>
  );
}

function Cell({ cell }: { cell: TableCell }) {
  if (typeof cell === 'string') return cell;
  return (
    <>
      <span className="service-table__symbol" aria-hidden="true">
        {cell.shown}
      </span>
      <span className="visually-hidden">{cell.spoken}</span>
    </>
  );
}
