/**
 * The DANFSe prints the description of each coded field, never the code (NT 008 Anexo I:
 * "Utilizar a descrição destas opções"). Texts from the documentation of tiposSimples_v1.01.xsd.
 */

export const TP_AMB: Record<string, string> = { '1': 'Produção', '2': 'Produção restrita' };

export const AMB_GER: Record<string, string> = { '1': 'Prefeitura', '2': 'Sistema Nacional da NFS-e' };

export const TP_EMIT: Record<string, string> = { '1': 'Prestador', '2': 'Tomador', '3': 'Intermediário' };

export const C_STAT: Record<string, string> = {
  '100': 'NFS-e Gerada',
  '102': 'NFS-e de Decisão Judicial',
  '103': 'NFS-e Avulsa',
  '107': 'NFS-e MEI',
};

export const OP_SIMP_NAC: Record<string, string> = {
  '1': 'Não Optante',
  '2': 'Optante - Microempreendedor Individual (MEI)',
  '3': 'Optante - Microempresa ou Empresa de Pequeno Porte (ME/EPP)',
};

export const REG_AP_TRIB_SN: Record<string, string> = {
  '1': 'Regime de apuração dos tributos federais e municipal pelo SN',
  '2': 'Regime de apuração dos tributos federais pelo SN e ISSQN por fora do SN conforme respectiva legislação municipal do tributo',
  '3': 'Regime de apuração dos tributos federais e municipal por fora do SN conforme respectivas legislações federal e municipal de cada tributo',
};

export const REG_ESP_TRIB: Record<string, string> = {
  '0': 'Nenhum',
  '1': 'Ato Cooperado (Cooperativa)',
  '2': 'Estimativa',
  '3': 'Microempresa Municipal',
  '4': 'Notário ou Registrador',
  '5': 'Profissional Autônomo',
  '6': 'Sociedade de Profissionais',
  '9': 'Outros',
};

export const TRIB_ISSQN: Record<string, string> = {
  '1': 'Operação Tributável',
  '2': 'Imunidade',
  '3': 'Exportação de Serviço',
  '4': 'Não Incidência',
};

export const TP_RET_ISSQN: Record<string, string> = {
  '1': 'Não Retido',
  '2': 'Retido pelo Tomador',
  '3': 'Retido pelo Intermediário',
};

export const TP_IMUNIDADE: Record<string, string> = {
  '0': 'Imunidade (tipo não informado na nota de origem)',
  '1': 'Patrimônio, renda ou serviços, uns dos outros',
  '2': 'Templos de qualquer culto',
  '3': 'Patrimônio, renda ou serviços dos partidos políticos, sindicatos e entidades sem fins lucrativos',
  '4': 'Livros, jornais, periódicos e o papel destinado a sua impressão',
  '5': 'Fonogramas e videofonogramas musicais produzidos no Brasil',
};

export const TP_SUSP: Record<string, string> = {
  '1': 'Exigibilidade Suspensa por Decisão Judicial',
  '2': 'Exigibilidade Suspensa por Processo Administrativo',
};

export const TP_BM: Record<string, string> = {
  '1': 'Isenção',
  '2': 'Redução da BC em percentual',
  '3': 'Redução da BC em valor',
  '4': 'Alíquota Diferenciada',
};

export const TP_RET_PIS_COFINS: Record<string, string> = {
  '0': 'PIS/COFINS/CSLL Não Retidos',
  '1': 'PIS/COFINS Retidos',
  '2': 'PIS/COFINS Não Retidos',
  '3': 'PIS/COFINS/CSLL Retidos',
  '4': 'PIS/COFINS Retidos, CSLL Não Retido',
  '5': 'PIS Retido, COFINS/CSLL Não Retido',
  '6': 'COFINS Retido, PIS/CSLL Não Retido',
  '7': 'PIS Não Retido, COFINS/CSLL Retidos',
  '8': 'PIS/COFINS Não Retidos, CSLL Retido',
  '9': 'COFINS Não Retido, PIS/CSLL Retidos',
};

/** A coded value's description; the code itself when the table does not know it (a newer schema). */
export function describe(table: Record<string, string>, code: string | undefined): string | undefined {
  if (code === undefined) return undefined;
  return table[code] ?? code;
}
