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
} as const;
