/**
 * Bench documents: customers shaped like real ones (name, unique phone, a description of a
 * typical size), valid against schemas/collections.ts. The same generator seeds the server
 * from Node and writes from the browser, so sizes are the same everywhere.
 */
import type { CustomerDoc } from '@shared';

const FIRST = ['Ana', 'Bruno', 'Carla', 'Diego', 'Elaine', 'Fábio', 'Gabriela', 'Heitor', 'Isabel', 'João'];
const LAST = ['Silva', 'Souza', 'Oliveira', 'Pereira', 'Costa', 'Rodrigues', 'Almeida', 'Nascimento', 'Lima', 'Araújo'];
const JOBS = [
  'Portão basculante 3x2,5 m em metalon, pintura eletrostática preta.',
  'Grade de janela em ferro chato, 4 unidades, solda MIG.',
  'Reparo de eixo de trator, mandrilhamento e bucha nova.',
  'Estrutura metálica para mezanino 6x4 m, perfil W.',
  'Corrimão em inox 304 para escada de 14 degraus.',
];

export function benchCustomer(id: string, i: number, at: string = new Date().toISOString()): CustomerDoc {
  // Phone unique among live customers (a business constraint on the server).
  const phone = `(11) 9${String(Math.abs(hash(id)) % 10000).padStart(4, '0')}-${String(i % 10000).padStart(4, '0')} ${id}`;
  return {
    id,
    name: `${FIRST[i % FIRST.length]} ${LAST[Math.floor(i / FIRST.length) % LAST.length]} ${i}`,
    phone: phone.slice(0, 40),
    whatsapp: i % 3 === 0 ? null : `55119${String(i).padStart(8, '0')}`,
    description: JOBS[i % JOBS.length],
    created_at: at,
    updated_at: at,
    client_updated_at: at,
    created_by: null,
  };
}

function hash(s: string): number {
  let h = 0;
  for (let i = 0; i < s.length; i++) h = (h * 31 + s.charCodeAt(i)) | 0;
  return h;
}
