/** Every text of Importar planilha (issue 32), pt-BR. */
import type { ImportKind } from '../../domain/import/headers';

const n = (count: number) => new Intl.NumberFormat('pt-BR').format(count);
const plural = (count: number, one: string, many: string) => `${n(count)} ${count === 1 ? one : many}`;

export const RECORD_WORDS: Record<ImportKind, { one: string; many: string }> = {
  customers: { one: 'cliente', many: 'clientes' },
  stock: { one: 'item', many: 'itens' },
  transactions: { one: 'lançamento', many: 'lançamentos' },
};

export const IMPORT_TEXT = {
  button: 'Importar planilha',
  title: (kind: ImportKind) => ({ customers: 'Importar clientes', stock: 'Importar estoque', transactions: 'Importar lançamentos' })[kind],
  close: 'Fechar',
  cancel: 'Cancelar',
  chooseFile: 'Escolher arquivo',
  fileHint: 'Uma planilha .csv ou .xlsx. A primeira linha deve ter os nomes das colunas (ex.: Nome, Telefone).',
  /** The dialog's shell while its code loads (issue 39 §2: it took seconds with nothing on screen). */
  opening: 'Carregando importação…',
  reading: 'Lendo a planilha…',
  otherFile: 'Escolher outro arquivo',
  fileSummary: (file: string, rows: number) => `${file}: ${plural(rows, 'linha', 'linhas')} de dados`,
  mappingTitle: 'Colunas da planilha',
  unmapped: (names: readonly string[]) => `Colunas não importadas: ${names.join(', ')}`,
  mappingHint: 'Confira de qual coluna vem cada campo; mude se preciso.',
  notImported: '— não importar —',
  required: 'obrigatório',
  duplicatesLabel: 'Telefone já cadastrado',
  duplicateSkip: 'Pular a linha',
  duplicateFill: 'Preencher os campos vazios do cliente',
  previewTitle: 'Como ficará',
  previewEmpty: 'Nenhuma linha será importada.',
  line: 'Linha',
  counts: (kind: ImportKind, create: number, update: number, skip: number) =>
    [
      `${plural(create, `${RECORD_WORDS[kind].one} a importar`, `${RECORD_WORDS[kind].many} a importar`)}`,
      update > 0 ? plural(update, 'a atualizar', 'a atualizar') : null,
      plural(skip, 'linha ignorada', 'linhas ignoradas'),
    ]
      .filter(Boolean)
      .join(' · '),
  newCatalogTitle: 'Serão criados no catálogo',
  catalogKinds: { category: 'Categoria', type: 'Tipo', material: 'Material', thickness: 'Espessura', dimension: 'Dimensão' } as Record<string, string>,
  problemsTitle: (count: number) => `Avisos e problemas (${n(count)})`,
  moreProblems: (count: number) => `e mais ${plural(count, 'linha', 'linhas')} com problema`,
  importN: (count: number) => `Importar ${n(count)}`,
  progress: (done: number, total: number) => `Importando… ${n(done)} de ${n(total)}`,
  undoing: (done: number, total: number) => `Desfazendo… ${n(done)} de ${n(total)}`,
  stop: 'Parar importação',
  stopping: 'Parando após o lote atual…',
  doneTitle: 'Importação concluída',
  cancelledTitle: 'Importação interrompida',
  cancelledNote: 'Ficaram só os lotes completos, listados abaixo; você pode desfazê-los.',
  summary: (kind: ImportKind, created: number, updated: number, skipped: number, catalog: number) =>
    [
      `${plural(created, `${RECORD_WORDS[kind].one} importado`, `${RECORD_WORDS[kind].many} importados`)}`,
      updated > 0 ? plural(updated, 'cliente atualizado', 'clientes atualizados') : null,
      catalog > 0 ? plural(catalog, 'cadastro novo no catálogo', 'cadastros novos no catálogo') : null,
      plural(skipped, 'linha ignorada', 'linhas ignoradas'),
    ]
      .filter(Boolean)
      .join(', ') + '.',
  offlineNote: 'Sem conexão: os dados foram salvos neste aparelho e serão enviados quando a conexão voltar.',
  undo: 'Desfazer importação',
  undoConfirmTitle: 'Desfazer importação?',
  undoConfirm: (kind: ImportKind, count: number) =>
    `${plural(count, `${RECORD_WORDS[kind].one} importado será removido`, `${RECORD_WORDS[kind].many} importados serão removidos`)}${kind === 'stock' ? ', com movimentos opostos no estoque' : ''}.`,
  undone: 'Importação desfeita',
  undoneSummary: (kind: ImportKind, removed: number, emptied: number, catalog: number) =>
    [
      `${plural(removed, `${RECORD_WORDS[kind].one} removido`, `${RECORD_WORDS[kind].many} removidos`)}${kind === 'stock' && removed > 0 ? ', com movimentos opostos no estoque' : ''}`,
      emptied > 0 ? plural(emptied, 'cliente teve os campos preenchidos esvaziados', 'clientes tiveram os campos preenchidos esvaziados') : null,
      catalog > 0
        ? `${plural(catalog, 'cadastro criado no catálogo sai', 'cadastros criados no catálogo saem')} assim que o servidor receber a remoção dos itens`
        : null,
    ]
      .filter(Boolean)
      .join('; ') + '.',
  undoFailed: 'Não foi possível desfazer',
  failedTitle: 'Não foi possível importar',
  recentTitle: 'Importações recentes',
  recentNone: 'Nenhuma importação recente.',
  recentLine: (kind: ImportKind, created: number, at: string) => `${plural(created, RECORD_WORDS[kind].one, RECORD_WORDS[kind].many)} · ${at}`,
  statusLabels: { running: 'Em andamento', done: 'Concluída', cancelled: 'Interrompida', undone: 'Desfeita' } as Record<string, string>,
  kindLabels: { customers: 'Clientes', stock: 'Estoque', transactions: 'Fluxo de Caixa' } as Record<ImportKind, string>,
  // File reading (nothing is written when any of these happens).
  tooBig: 'Arquivo grande demais: o limite é de 20 MB. Divida a planilha em partes menores.',
  tooManyRows: (max: number) => `A planilha tem mais de ${n(max)} linhas. Divida-a em partes menores.`,
  // An .xlsx is a zip: what it unpacks to is bounded too (issue 40 §6), or a small file could take the tab down.
  tooBigUnpacked: (bytes: number) =>
    `Planilha grande demais: descompactada, passa de ${n(Math.round(bytes / 1024 / 1024))} MB. Divida a planilha em partes menores ou salve-a como CSV.`,
  unsupported: 'Formato não suportado: escolha um arquivo .csv ou .xlsx.',
  xls: 'Arquivo .xls (Excel antigo) não é suportado: no Excel, use “Salvar como” e escolha .xlsx ou .csv.',
  notXlsx: 'Não foi possível ler o arquivo: ele não é uma planilha .xlsx válida.',
  notCsv: 'Não foi possível ler o arquivo: ele não parece ser uma planilha CSV.',
  empty: 'A planilha está vazia: nenhuma linha de dados abaixo dos nomes das colunas.',
  readFailed: 'Não foi possível ler a planilha.',
} as const;
