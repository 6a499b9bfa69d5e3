/**
 * Sefin's error bodies vary in the wild (research notes §1.3, open question 1): the swagger's
 * `erros: [...]` (POST /nfse) and `erro: {...}` (GET, eventos), a 2026 production answer with
 * `erro: [...]`, and PascalCase `Erros`/`Codigo`/`Descricao` seen from the national API. All are
 * read the same way.
 */
export interface SefinMessage {
  code: string;
  description: string;
  complement?: string;
}

type Loose = Record<string, unknown>;

const isObject = (v: unknown): v is Loose => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A key in any letter case (codigo, Codigo, CODIGO). */
function pick(obj: Loose, name: string): unknown {
  const key = Object.keys(obj).find((k) => k.toLowerCase() === name);
  return key === undefined ? undefined : obj[key];
}

function text(v: unknown): string | undefined {
  if (typeof v === 'string') return v.trim() || undefined;
  if (typeof v === 'number') return String(v);
  return undefined;
}

function message(item: unknown): SefinMessage | undefined {
  if (!isObject(item)) return undefined;
  const code = text(pick(item, 'codigo'));
  const description = text(pick(item, 'descricao')) ?? text(pick(item, 'mensagem'));
  const complement = text(pick(item, 'complemento'));
  if (!code && !description) return undefined;
  return { code: code ?? '', description: description ?? '', ...(complement ? { complement } : {}) };
}

export function parseSefinErrors(body: unknown): SefinMessage[] {
  let parsed = body;
  if (typeof parsed === 'string') {
    try {
      parsed = JSON.parse(parsed);
    } catch {
      return [];
    }
  }
  if (Array.isArray(parsed)) return parsed.map(message).filter((m): m is SefinMessage => !!m);
  if (!isObject(parsed)) return [];
  const out: SefinMessage[] = [];
  for (const field of ['erros', 'erro']) {
    const value = pick(parsed, field);
    const items = Array.isArray(value) ? value : value === undefined || value === null ? [] : [value];
    for (const item of items) {
      const m = message(item);
      if (m) out.push(m);
    }
  }
  return out;
}
