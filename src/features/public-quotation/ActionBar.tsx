import { Button, Wrap } from '@chakra-ui/react';
import { ArrowLeft, Check, Printer, RefreshCw, X } from 'lucide-react';
import { PQ_MESSAGES as M } from './messages';

interface Props {
  refreshing: boolean;
  busy: 'accept' | 'reject' | null;
  onBack: () => void;
  onRefresh: () => void;
  onAccept: () => void;
  onReject: () => void;
  onPrint: () => void;
}

/** Voltar, Atualizar (spinning icon + aria-busy while refreshing), Aceitar, Recusar, Imprimir. */
export function ActionBar({ refreshing, busy, onBack, onRefresh, onAccept, onReject, onPrint }: Props) {
  return (
    <Wrap gap="2" className="pq-no-print pq-actions" justify="space-between">
      <Wrap gap="2">
        <Button variant="outline" size="sm" onClick={onBack}>
          <ArrowLeft size={16} aria-hidden="true" />
          {M.back}
        </Button>
        <Button
          variant="outline"
          size="sm"
          onClick={onRefresh}
          disabled={refreshing}
          aria-busy={refreshing}
          title={refreshing ? M.refreshing : undefined}
        >
          <RefreshCw size={16} aria-hidden="true" className={refreshing ? 'pq-spin' : undefined} />
          {M.refresh}
        </Button>
      </Wrap>
      <Wrap gap="2">
        <Button colorPalette="green" size="sm" onClick={onAccept} disabled={busy !== null} aria-busy={busy === 'accept'}>
          <Check size={16} aria-hidden="true" />
          {M.accept}
        </Button>
        <Button colorPalette="red" variant="outline" size="sm" onClick={onReject} disabled={busy !== null}>
          <X size={16} aria-hidden="true" />
          {M.reject}
        </Button>
        <Button variant="outline" size="sm" onClick={onPrint}>
          <Printer size={16} aria-hidden="true" />
          {M.print}
        </Button>
      </Wrap>
    </Wrap>
  );
}
