/** pt-BR texts of the installable app (spec: back-office §2.5 and §8 Install; site §8). */
export const PWA_MESSAGES = {
  installDesktop: 'Baixar Aplicativo',
  installMobile: 'Instalar',
  installStartedTitle: 'Instalação iniciada',
  installStartedDescription: 'O aplicativo está sendo instalado no seu dispositivo',
  manualInstallTitle: 'Instalar o aplicativo',
  manualInstallDescription:
    "Use o menu do navegador e escolha 'Adicionar à tela inicial' para instalar o aplicativo.",
  updateTitle: 'Nova versão disponível',
  updateDescription: 'Atualize quando terminar o que está fazendo.',
  updateAction: 'Atualizar',

  insecureTitle: 'Sem HTTPS: o app não funciona offline neste endereço',
  insecureWorks:
    'Dá para entrar e trabalhar enquanto o servidor responder. Mas sem https o navegador não deixa instalar o app nem abri-lo sem sinal.',
  insecureFix: 'Como resolver: use o endereço https da oficina e instale o certificado neste aparelho.',
  insecureInstallLink: 'Ver como instalar o certificado',
  insecureReadme: 'Para o técnico: seção “Celulares e HTTPS” do README.',
  insecureShort: 'Sem HTTPS: não dá para instalar o app nem usar sem sinal neste endereço.',
  insecureDismiss: 'Fechar aviso',
} as const;
