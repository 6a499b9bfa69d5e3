import type { MaterialLine } from '@shared';
import { formatBRL, fromCents, lineTotalCents } from '../../domain/money';
import { PQ_MESSAGES as M } from './messages';

/** Materials with quantity, unit price and subtotal; rendered only when there are any. */
export function MaterialsTable({ materials }: { materials: MaterialLine[] }) {
  if (materials.length === 0) return null;
  const c = M.materialColumns;
  return (
    <section className="pq-section" aria-labelledby="pq-materials">
      <h2 id="pq-materials" className="pq-section__title">
        {M.materialsHeading}
      </h2>
      <div className="pq-table-wrap">
        <table className="pq-table">
          <thead>
            <tr>
              <th scope="col">{c.name}</th>
              <th scope="col" className="pq-num">{c.quantity}</th>
              <th scope="col" className="pq-num">{c.price}</th>
              <th scope="col" className="pq-num">{c.subtotal}</th>
            </tr>
          </thead>
          <tbody>
            {materials.map((m, i) => (
              <tr key={`${m.name}-${i}`}>
                <td data-label={c.name}>{m.name}</td>
                <td data-label={c.quantity} className="pq-num">{m.quantity}</td>
                <td data-label={c.price} className="pq-num">{formatBRL(m.price)}</td>
                <td data-label={c.subtotal} className="pq-num">{formatBRL(fromCents(lineTotalCents(m.quantity, m.price)))}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
