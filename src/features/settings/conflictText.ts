/** The conflict log in plain Portuguese (pure). */
import { formatDate, formatTime } from '../../domain/dates';

export const FIELD_LABELS: Record<string, string> = {
  name: 'Nome',
  phone: 'Telefone',
  whatsapp: 'WhatsApp',
  description: 'Descrição',
  status: 'Situação',
  'status,decided_at,decision_reason': 'Decisão do cliente',
  total_amount: 'Valor total',
  discounts: 'Descontos',
  taxes: 'Taxas',
  payment_method: 'Forma de pagamento',
  payment_status: 'Status do pagamento',
  validity_date: 'Validade',
  execution_deadline: 'Prazo de execução',
  materials: 'Materiais',
  amount: 'Valor',
  category: 'Categoria',
  due_date: 'Vencimento',
  customer_id: 'Cliente',
  minimum_quantity: 'Quantidade mínima',
  category_id: 'Categoria',
  type_id: 'Tipo',
  material_id: 'Material',
  thickness_id: 'Espessura',
  dimension_id: 'Dimensão',
  parent_id: 'Categoria',
  value: 'Valor',
  tagline: 'Slogan',
  address: 'Endereço',
  city: 'Cidade',
  phones: 'Telefones',
  whatsapp_numbers: 'WhatsApp',
  email: 'E-mail',
  facebook_url: 'Facebook',
  instagram_url: 'Instagram',
  opening_hours: 'Horário',
  map_url: 'Mapa',
  pix_key: 'Chave PIX',
  warranty_days: 'Garantia padrão (dias)',
  _deleted: 'Exclusão',
};

export function fieldLabel(field: string): string {
  return FIELD_LABELS[field] ?? field;
}

/** A stored value as a person reads it. */
export function valueText(v: unknown): string {
  if (v === null || v === undefined || v === '') return '(vazio)';
  if (typeof v === 'boolean') return v ? 'Sim' : 'Não';
  if (typeof v === 'number') return new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 2 }).format(v);
  if (typeof v === 'string') return v.length > 80 ? `${v.slice(0, 77)}...` : v;
  if (Array.isArray(v)) {
    if (v.every((x) => typeof x === 'object' && x && 'name' in x)) return v.map((x) => String((x as { name: unknown }).name)).join(', ');
    return v.map((x) => valueText(x)).join(', ');
  }
  if (typeof v === 'object') {
    const vals = Object.values(v as Record<string, unknown>).filter((x) => x !== null && x !== undefined);
    return vals.map(valueText).join(' · ');
  }
  return String(v);
}

/** 'dd/MM/yyyy às HH:mm' */
export function whenText(iso: string): string {
  return `${formatDate(iso)} às ${formatTime(iso)}`;
}

/** 'Alguém' when unknown, 'o servidor' for the server's own writes (public page decisions). */
export function whoText(userId: string | null, emails: ReadonlyMap<string, string>): string {
  if (!userId) return 'o site (cliente)';
  return emails.get(userId) ?? 'outro usuário';
}
