/** pt-BR alphabetical order with one shared collator (String#localeCompare builds one per call). */
const collator = new Intl.Collator('pt-BR', { sensitivity: 'base', numeric: true });

export function collate(a: string, b: string): number {
  return collator.compare(a, b);
}
