/** pt-BR texts of the sign-in page and the forced password change (specs: site §2/§8, back-office §5/§8). */
import { ERROR_MESSAGES } from '@shared';

export const AUTH_MESSAGES = {
  title: 'Área Administrativa',
  subtitle: 'Entre com seu email e senha para acessar o painel.',
  emailLabel: 'Email',
  emailPlaceholder: 'seu@email.com',
  passwordLabel: 'Senha',
  submit: 'Entrar',
  submitting: 'Entrando...',
  backToSite: 'Voltar ao site',
  errorTitle: 'Erro ao entrar',
  wrongCredentials: ERROR_MESSAGES.invalid_credentials,
  sessionLimit: ERROR_MESSAGES.session_limit,
  noSession: 'Não foi possível criar a sessão. Por favor, tente novamente.',
  network: 'Sem conexão com o servidor. Verifique sua internet e tente novamente.',
  unexpected: ERROR_MESSAGES.internal,
  successTitle: 'Login realizado com sucesso',
  successDescription: 'Bem-vindo ao painel administrativo!',

  pwTitle: 'Defina uma nova senha',
  pwIntro: 'Este é seu primeiro acesso. Para continuar, crie uma nova senha.',
  pwNewLabel: 'Nova senha',
  pwConfirmLabel: 'Confirme a nova senha',
  pwRulesTitle: 'A senha deve ter:',
  pwMismatch: 'As senhas não coincidem',
  pwWeak: ERROR_MESSAGES.weak_password,
  pwSubmit: 'Alterar senha',
  pwSubmitting: 'Alterando...',
  pwSuccessTitle: 'Senha alterada com sucesso',
  pwSuccessDescription: 'Sua nova senha foi configurada',
  pwErrorTitle: 'Erro ao alterar senha',
} as const;
