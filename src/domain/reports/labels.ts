/**
 * pt-BR labels of the enumerations reports show (spec §3): the same maps the cash-flow rules
 * use (src/domain/transaction-rules.ts), so a label is written once.
 */
import { CATEGORY_LABELS, TX_METHOD_LABELS, TX_TYPE_LABELS } from '../transaction-rules';

export const TYPE_LABELS: Record<string, string> = TX_TYPE_LABELS;
export const METHOD_LABELS: Record<string, string> = TX_METHOD_LABELS;
/** Fixed-expense categories (despesas) and the Saída options (saida), one label map. */
export { CATEGORY_LABELS };

export const NO_CATEGORY = 'Sem categoria';

export const typeLabel = (t: string): string => TYPE_LABELS[t] ?? t;
export const methodLabel = (m: string | null | undefined): string => (m ? (METHOD_LABELS[m] ?? m) : 'N/A');
export const categoryLabel = (c: string | null | undefined): string => (c ? (CATEGORY_LABELS[c] ?? c) : NO_CATEGORY);
