/** pt-BR labels of the enumerations reports show (spec §3). */

export const TYPE_LABELS: Record<string, string> = {
  entrada: 'Entrada',
  saida: 'Saída',
  despesas: 'Despesa Fixa',
};

export const METHOD_LABELS: Record<string, string> = {
  pix: 'PIX',
  dinheiro: 'Dinheiro',
  cartao: 'Cartão',
  transferencia: 'Transferência',
  'n/a': 'N/A',
};

/** Fixed-expense categories (despesas) and the Saída options (saida), one label map. */
export const CATEGORY_LABELS: Record<string, string> = {
  luz: 'Luz',
  internet: 'Internet',
  aluguel: 'Aluguel',
  agua: 'Água',
  salario: 'Salário',
  'materia-prima': 'Matéria-prima',
  ferramentas: 'Ferramentas',
  equipamentos: 'Equipamentos Pesados',
  outros: 'Outros',
  material: 'Material',
  servico: 'Serviço',
};

export const NO_CATEGORY = 'Sem categoria';

export const typeLabel = (t: string): string => TYPE_LABELS[t] ?? t;
export const methodLabel = (m: string | null | undefined): string => (m ? (METHOD_LABELS[m] ?? m) : 'N/A');
export const categoryLabel = (c: string | null | undefined): string => (c ? (CATEGORY_LABELS[c] ?? c) : NO_CATEGORY);
