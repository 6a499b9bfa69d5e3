import { useState } from 'react';
import type { PublicNfse } from '@shared';
import { groupChave } from '../../domain/nfse/chave';
import { notify } from '../../ui/notify';
import { PQ_MESSAGES } from './messages';
import { useInstantFormat } from './useInstantFormat';
import './nfse.css';

const M = PQ_MESSAGES.nfse;

/**
 * Issue 38: the job's NFS-e on the customer's page — number, date, the chave (grouped to read,
 * copied whole), the national consulta and the DANFSe. The DANFSe code (XML reader, jsPDF) loads
 * only on the click, so the page's first paint stays light; the PDF is drawn on this device from
 * the note's XML, which came with the page.
 */
export function NfseSection({ note }: { note: PublicNfse }) {
  const instant = useInstantFormat();
  const [busy, setBusy] = useState(false);
  const cancelled = note.status === 'cancelled';

  async function copyChave() {
    try {
      await navigator.clipboard.writeText(note.chave);
      notify({ type: 'success', title: M.copied });
    } catch {
      notify({ type: 'error', title: M.copyFailure });
    }
  }

  async function download() {
    setBusy(true);
    try {
      const { downloadDanfse } = await import('../../ui/danfse/download');
      await downloadDanfse(note.xml, { cancelled });
    } catch (err) {
      console.error(err);
      notify({ type: 'error', title: M.danfseFailure });
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="pq-card pq-nfse" aria-labelledby="pq-nfse-title">
      <h2 id="pq-nfse-title" className="pq-section__title">
        {M.heading}
      </h2>
      <p className="pq-nfse__head">
        <strong className="pq-nfse__number">{M.number(note.number)}</strong> <span className="pq-muted">{M.issuedOn(instant.date(note.authorized_at))}</span>
        {cancelled && <span className="pq-badge pq-badge--red pq-nfse__cancelled">{M.cancelled}</span>}
      </p>
      {cancelled && <p className="pq-muted pq-nfse__hint">{M.cancelledHint}</p>}
      <div className="pq-nfse__chave">
        <span className="pq-nfse__label" id="pq-nfse-chave-label">
          {M.chave}
        </span>
        <code className="pq-nfse__digits" aria-labelledby="pq-nfse-chave-label" data-chave={note.chave}>
          {groupChave(note.chave)}
        </code>
        <button type="button" className="pq-btn pq-btn--outline pq-no-print" onClick={copyChave}>
          {M.copyChave}
        </button>
      </div>
      <div className="pq-nfse__actions pq-no-print">
        <button type="button" className="pq-btn pq-btn--primary pq-btn--md" onClick={download} disabled={busy} aria-busy={busy}>
          {busy && <span className="pq-spinner pq-spinner--small" aria-hidden="true" />}
          {busy ? M.danfseBusy : M.danfse}
        </button>
        <a className="pq-nfse__link" href={note.consulta_url} target="_blank" rel="noopener noreferrer">
          {M.consulta}
        </a>
      </div>
    </section>
  );
}
