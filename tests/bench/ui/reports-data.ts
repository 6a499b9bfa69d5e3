/** A deterministic shop for the reports bench: 50,000 transactions, 2,000 customers, 500 stock items. */
import { randomUUID } from 'node:crypto';

export interface BenchShop {
  customers: Record<string, unknown>[];
  transactions: Record<string, unknown>[];
  catalog: Record<string, unknown>[];
  items: Record<string, unknown>[];
  movements: Record<string, unknown>[];
}

function rng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

export function makeShop({ transactions = 50_000, customers = 2_000, items = 500, seed = 9 } = {}): BenchShop {
  const r = rng(seed);
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(r() * xs.length)];
  const now = Date.now();
  const at = (ms: number) => new Date(ms).toISOString();
  const stamps = (ms: number) => ({ created_at: at(ms), updated_at: at(ms), client_updated_at: at(ms), created_by: null });
  const cust = Array.from({ length: customers }, (_, i) => ({
    id: randomUUID(),
    name: `Cliente ${String(i).padStart(4, '0')} ${pick(['Silva', 'Souza', 'Oliveira', 'Pereira', 'Lima', 'Costa'])}`,
    phone: `(35) 9${String(80000000 + i).padStart(8, '0')}`,
    whatsapp: null,
    description: null,
    ...stamps(now - 400 * 86_400_000),
  }));
  const tx = Array.from({ length: transactions }, () => {
    const created = now - Math.floor(r() * 730 * 86_400_000);
    const roll = r();
    const type = roll < 0.6 ? 'entrada' : roll < 0.85 ? 'saida' : 'despesas';
    const status = pick(['pago', 'pago', 'pago', 'pendente', 'parcial']);
    return {
      id: randomUUID(),
      type,
      customer_id: type === 'entrada' ? pick(cust).id : null,
      name: null,
      category: type === 'saida' ? pick(['material', 'servico', 'outros']) : type === 'despesas' ? pick(['luz', 'internet', 'aluguel', 'agua', 'salario', 'materia-prima', 'ferramentas', 'equipamentos', 'outros']) : null,
      description: 'Lançamento de bench',
      amount: Math.round(r() * 500_000) / 100 + 0.01,
      payment_method: type === 'entrada' ? pick(['pix', 'dinheiro', 'cartao', 'transferencia']) : 'n/a',
      payment_status: type === 'despesas' && status === 'parcial' ? 'pendente' : status,
      due_date: status === 'pago' ? null : at(created + 15 * 86_400_000).slice(0, 10),
      quotation_id: null,
      ...stamps(created),
    };
  });
  const cat = (kind: string, name: string, extra: Record<string, unknown> = {}) => ({ id: randomUUID(), kind, name, value: null, unit: null, parent_id: null, ...stamps(now), ...extra });
  const categories = ['Bench Barras', 'Bench Chapas', 'Bench Tubos', 'Bench Telas'].map((n) => cat('category', n));
  const types = categories.flatMap((c, i) => [cat('type', `Bench Tipo ${i}A`, { parent_id: c.id }), cat('type', `Bench Tipo ${i}B`, { parent_id: c.id })]);
  const materials = ['Bench Aço', 'Bench Alumínio', 'Bench Inox'].map((n) => cat('material', n));
  const thick = [1.1, 2.2, 3.3].map((v) => cat('thickness', String(v), { value: v, unit: 'mm' }));
  const dims = ['Bench 6000 mm', 'Bench 3000 mm'].map((n) => cat('dimension', n));
  const stock = Array.from({ length: items }, () => {
    const type = pick(types);
    return {
      id: randomUUID(),
      category_id: type.parent_id,
      type_id: type.id,
      material_id: pick(materials).id,
      thickness_id: pick(thick).id,
      dimension_id: pick(dims).id,
      minimum_quantity: Math.floor(r() * 20),
      description: null,
      ...stamps(now),
    };
  });
  const movements = stock.flatMap((it) =>
    Array.from({ length: 5 }, (_, k) => ({
      id: randomUUID(),
      stock_item_id: it.id,
      delta: k === 0 ? Math.floor(r() * 100) : Math.floor(r() * 21) - 12,
      reason: null,
      ...stamps(now - (5 - k) * 86_400_000),
    })),
  );
  return { customers: cust, transactions: tx, catalog: [...categories, ...types, ...materials, ...thick, ...dims], items: stock, movements };
}
