/**
 * What to fix when Sefin Nacional (NFS-e padrão nacional) rejects a DPS or an event: pt-BR, for the
 * shop owner, keyed by the national rejection code (Anexo I/II of the national manual; codes seen in
 * production 2026, see ../shared/research/nfse-padrao-nacional.md §5). Shared by the server, which
 * stores the rejection, and the app, which shows it next to the note.
 */
export const NFSE_REJECTION_HELP: Record<string, string> = {
  E0004:
    'O identificador da DPS não confere com o município, CNPJ, série e número da própria DPS. É um erro do sistema: avise o suporte do Forja.',
  E0006:
    'O ambiente da nota (produção ou homologação) não confere com o endereço usado. Confira a configuração de ambiente da NFS-e.',
  E0008:
    'A data e hora de emissão ficaram no futuro para a Receita. Acerte o relógio (e o fuso horário) do computador do servidor e tente de novo.',
  E0010: 'A série da DPS está fora da faixa permitida para sistema próprio (1 a 49999). Ajuste a série nas configurações da NFS-e.',
  E0014:
    'Já existe uma NFS-e gerada com esta série e número. O Forja busca a nota já emitida; se ela não aparecer, avise o suporte.',
  E0015: 'A competência está depois da data de emissão. Use uma competência igual ou anterior à data de hoje.',
  E0037:
    'O município emissor não aderiu ao emissor nacional da NFS-e. Confira o município da empresa ou fale com a prefeitura.',
  E0038: 'O convênio do município emissor com a NFS-e nacional não está ativo. Fale com a prefeitura ou com o contador.',
  E0082: 'O CNPJ da empresa não foi encontrado no cadastro da Receita. Confira o CNPJ nos dados da empresa.',
  E0086:
    'A empresa não está habilitada no cadastro nacional da NFS-e (CNC). Faça o primeiro acesso no Emissor Nacional ou fale com o contador.',
  E0116: 'Este município exige a inscrição municipal do prestador. Informe a inscrição municipal nos dados da empresa.',
  E0118: 'A inscrição municipal informada não confere com o cadastro do município. Confira o número com a prefeitura.',
  E0119: 'A inscrição municipal não está autorizada a emitir NFS-e. Regularize o cadastro na prefeitura.',
  E0120: 'Este município não usa inscrição municipal na NFS-e nacional. Deixe a inscrição municipal em branco nos dados da empresa.',
  E0160:
    'A opção pelo Simples Nacional (MEI ou ME/EPP) não confere com o cadastro da Receita para a competência. Confira o regime nos dados da empresa com o contador.',
  E0162: 'O regime de apuração do Simples só pode ser informado por ME/EPP. Confira o regime tributário da empresa.',
  E0166: 'Para ME/EPP do Simples Nacional é preciso informar o regime de apuração. Confira o regime tributário da empresa.',
  E0174: 'MEI não pode informar regime especial de tributação. Confira o regime tributário da empresa.',
  E0175: 'ME/EPP que apura pelo Simples não pode informar regime especial de tributação. Confira o regime com o contador.',
  E0190: 'O CPF ou CNPJ do cliente não foi encontrado na Receita. Confira o documento no cadastro do cliente.',
  E0202: 'O cliente (tomador) não pode ser a própria empresa. Escolha outro cliente ou emita a nota sem tomador.',
  E0208: 'O CNPJ do cliente não foi encontrado na Receita. Confira o CNPJ no cadastro do cliente.',
  E0310:
    'O código de serviço (cTribNac) não existe ou não é aceito pelo município nesta competência. Escolha outro código de serviço com o contador.',
  E0316: 'O código NBS informado não existe na tabela nacional. Corrija ou retire o código NBS do serviço.',
  E0595: 'A alíquota de ISS está acima de 5%. Confira a alíquota nas configurações da NFS-e.',
  E0597: 'A alíquota de ISS está abaixo de 2%. Confira a alíquota nas configurações da NFS-e.',
  E0600: 'MEI não informa alíquota de ISS. Retire a alíquota nas configurações da NFS-e.',
  E0611:
    'Este município é conveniado ao sistema nacional e aplica a própria alíquota: não informe alíquota de ISS nas configurações da NFS-e.',
  E0613: 'ME/EPP do Simples sem retenção de ISS não informa alíquota. Retire a alíquota nas configurações da NFS-e.',
  E0615: 'Com retenção de ISS pelo cliente, a ME/EPP do Simples precisa informar a alíquota. Confira com o contador.',
  E0628: 'MEI não pode ter ISS retido pelo cliente. Marque a nota como sem retenção.',
  E0710:
    'Para MEI, o total aproximado de tributos deve ser informado de um só jeito (valor, percentual ou "não informado"). É um erro do sistema: avise o suporte do Forja.',
  E0712:
    'Para ME/EPP do Simples, informe o percentual aproximado de tributos do Simples (ou valor/percentual). Confira o percentual nas configurações da NFS-e.',
  E0714: 'A assinatura digital da nota está inválida. Tente de novo; se repetir, importe o certificado A1 novamente.',
  E0715: 'O certificado usado na assinatura está vencido, revogado ou fora da cadeia ICP-Brasil. Renove o certificado A1.',
  E0716: 'O certificado usado na assinatura não é um e-CNPJ ICP-Brasil válido para NFS-e. Use o certificado A1 da empresa.',
  E0717: 'A nota foi enviada sem assinatura digital. Importe o certificado A1 da empresa e tente de novo.',
  E0718:
    'A nota precisa ser assinada com o certificado da própria empresa emitente. O certificado importado é de outro CNPJ: importe o A1 da empresa.',
  E0812: 'O cancelamento precisa ser assinado pelo certificado da empresa que emitiu a nota. Importe o A1 da empresa.',
  E0819: 'A NFS-e a cancelar não foi encontrada. Confira se a nota foi mesmo emitida neste ambiente.',
  E0822:
    'O prazo do município para cancelar esta nota passou. O caminho agora é a substituição da nota (emitir outra no lugar) ou pedir análise fiscal do cancelamento no Emissor Nacional.',
  E0823: 'O valor da nota passa do limite que o município permite cancelar direto. Peça análise fiscal do cancelamento no Emissor Nacional.',
  E0824: 'O município não permite cancelar direto uma nota sem cliente identificado. Peça análise fiscal no Emissor Nacional.',
  E1235:
    'A nota tem um campo que o leiaute nacional não aceita. É um erro do sistema: avise o suporte do Forja com o código da rejeição.',
};

/** The help text for a rejection; for an unknown code, the national description with a way forward. */
export function nfseRejectionHelp(code: string, description?: string): string {
  const known = NFSE_REJECTION_HELP[code.trim().toUpperCase()];
  if (known) return known;
  const said = description?.trim();
  return said
    ? `A Receita recusou a nota (${code}): ${said}. Corrija o que ela aponta e tente de novo; se não souber o que mudar, fale com o contador.`
    : `A Receita recusou a nota (${code}). Fale com o contador ou com o suporte do Forja.`;
}
