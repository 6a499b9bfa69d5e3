import { useMemo } from 'react';
import { Button } from '@chakra-ui/react';
import { Copy } from 'lucide-react';
import { buildStaticPix } from '../../domain/brcode';
import { formatBRL } from '../../domain/money';
import { notify } from '../../ui/notify';
import { PQ_MESSAGES as M } from './messages';
import { qrSvgPath } from './qr';

interface Props {
  pixKey: string;
  merchantName: string;
  merchantCity: string;
  amount: number;
  code: string;
}

/** Static PIX "copia e cola" + QR code for the quotation total (loaded only when a key exists). */
export default function PixPanel({ pixKey, merchantName, merchantCity, amount, code }: Props) {
  const payload = useMemo(() => {
    try {
      return buildStaticPix({ key: pixKey, merchantName, merchantCity, amount, txid: code });
    } catch {
      return null;
    }
  }, [pixKey, merchantName, merchantCity, amount, code]);
  const qr = useMemo(() => (payload ? qrSvgPath(payload) : null), [payload]);
  if (!payload || !qr) return null;

  async function copy() {
    try {
      await navigator.clipboard.writeText(payload!);
      notify({ type: 'success', title: M.pix.copied });
    } catch {
      notify({ type: 'error', title: M.pix.copyFailure });
    }
  }

  const margin = 2;
  return (
    <section className="pq-card pq-pix" aria-labelledby="pq-pix">
      <svg
        className="pq-pix__qr"
        viewBox={`${-margin} ${-margin} ${qr.size + 2 * margin} ${qr.size + 2 * margin}`}
        role="img"
        aria-label={M.pix.qrAlt}
        shapeRendering="crispEdges"
      >
        <rect x={-margin} y={-margin} width={qr.size + 2 * margin} height={qr.size + 2 * margin} fill="#fff" />
        <path d={qr.d} fill="#000" />
      </svg>
      <div className="pq-pix__body">
        <h2 id="pq-pix" className="pq-section__title">
          {M.pix.heading}
        </h2>
        <p className="pq-muted">{M.pix.text(formatBRL(amount))}</p>
        <p className="pq-muted">
          {M.pix.key}: <strong>{pixKey}</strong>
        </p>
        <label className="pq-pix__label" htmlFor="pq-pix-code">
          {M.pix.codeLabel}
        </label>
        <textarea id="pq-pix-code" className="pq-pix__code" readOnly rows={4} value={payload} onFocus={(e) => e.currentTarget.select()} />
        <Button className="pq-no-print" size="sm" colorPalette="blue" onClick={copy} mt="2">
          <Copy size={16} aria-hidden="true" />
          {M.pix.copy}
        </Button>
      </div>
    </section>
  );
}
