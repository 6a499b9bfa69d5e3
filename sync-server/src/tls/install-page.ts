/**
 * GET /instalar-certificado: how to make a phone trust LAN mode's certificate authority, in pt-BR,
 * step by step for Android and iPhone. Plain HTML with its own small stylesheet: it must open
 * before the phone trusts anything (also over LAN mode's plain-http port) and with no app code.
 */

export interface InstallPageInput {
  /** SHA-256 fingerprint of the CA (AA:BB:…), or null when this server runs no LAN mode. */
  caFingerprint: string | null;
}

const STYLE = `
*{box-sizing:border-box}
body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;line-height:1.5;color:#1a202c;background:#f7f7f5}
main{max-width:46rem;margin:0 auto;padding:1.5rem 1rem 3rem}
h1{font-size:1.5rem;line-height:1.25;margin:0 0 .75rem}
h2{font-size:1.15rem;margin:2rem 0 .5rem}
p,li{font-size:1rem}
ol{padding-left:1.4rem}
li{margin:.4rem 0}
.card{background:#fff;border:1px solid #e2e2dc;border-radius:12px;padding:1rem 1.1rem;margin:1rem 0}
.card p:first-child{margin-top:0}
.card p:last-child{margin-bottom:0}
.download{display:inline-block;background:#c2410c;color:#fff;text-decoration:none;font-weight:600;padding:.8rem 1.2rem;border-radius:10px;min-height:44px}
.download:focus-visible{outline:3px solid #1d4ed8;outline-offset:2px}
.muted{color:#4a5568;font-size:.9rem}
code{font-family:ui-monospace,SFMono-Regular,Menlo,monospace;font-size:.85rem;word-break:break-all;background:#f0f0eb;padding:.1rem .3rem;border-radius:4px}
b{font-weight:600}
`;

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

function lanSteps(fingerprint: string): string {
  return `
<div class="card">
  <p>Este servidor usa um certificado próprio da oficina. Instale-o uma vez em cada celular; depois o endereço
  <b>https</b> abre sem aviso, o app pode ser instalado e funciona sem internet.</p>
  <p><a class="download" href="/forja-ca.crt" download="forja-ca.crt">Baixar o certificado</a></p>
  <p class="muted">Confira, se quiser, a impressão digital (SHA-256) do certificado:<br><code>${escapeHtml(fingerprint)}</code></p>
</div>

<h2>Android</h2>
<ol>
  <li>Toque em <b>Baixar o certificado</b> acima. Se o Chrome perguntar, confirme o download.</li>
  <li>Abra <b>Configurações</b> e procure por <b>“certificado CA”</b> (o caminho muda de marca para marca; em geral:
    <b>Segurança e privacidade › Mais configurações de segurança › Criptografia e credenciais › Instalar um certificado › Certificado CA</b>).</li>
  <li>Toque em <b>Instalar assim mesmo</b>, confirme com o PIN ou a digital do celular e escolha o arquivo
    <b>forja-ca.crt</b> na pasta <b>Downloads</b>.</li>
  <li>Abra no Chrome o endereço <b>https://</b> que aparece no computador da oficina (ou leia o QR code mostrado por ele).</li>
  <li>Entre com seu e-mail e senha e toque em <b>Instalar app</b> (ou no menu ⋮ › <b>Instalar aplicativo</b>).</li>
</ol>

<h2>iPhone e iPad</h2>
<ol>
  <li>Abra esta página no <b>Safari</b> e toque em <b>Baixar o certificado</b>. Toque em <b>Permitir</b>:
    aparece “Perfil transferido”.</li>
  <li>Abra <b>Ajustes</b> e toque em <b>Perfil Transferido</b> no topo (ou em <b>Geral › VPN e Gerenciamento de Dispositivos</b>).
    Toque em <b>Instalar</b>, digite o código do iPhone e toque em <b>Instalar</b> de novo.</li>
  <li>Ainda em Ajustes, vá em <b>Geral › Sobre › Ajustes de Confiança de Certificados</b> e ative
    <b>Forja - autoridade local</b> em “Ativar confiança total para certificados raiz”. Confirme em <b>Continuar</b>.
    Sem este passo o Safari continua mostrando o aviso.</li>
  <li>Abra no Safari o endereço <b>https://</b> do computador da oficina, entre e toque em
    <b>Compartilhar › Adicionar à Tela de Início</b>.</li>
</ol>

<h2>Se algo não der certo</h2>
<ul>
  <li>Use sempre o endereço com <b>https://</b> e a porta mostrada no computador da oficina.</li>
  <li>O certificado é o mesmo depois de reiniciar ou atualizar o servidor: não é preciso instalar de novo.</li>
  <li>Se o computador da oficina mudou de endereço na rede, ele já vale para o novo endereço; basta abrir o novo https.</li>
</ul>`;
}

const NO_LAN = `
<div class="card">
  <p>Este servidor não está no modo rede local, então não há certificado da oficina para instalar.</p>
  <p>Para usar a Forja em celulares, o servidor precisa de <b>https</b>. Peça a quem cuida do computador da oficina
  para iniciá-lo com <code>npm run lan</code> (rede local) ou com um certificado próprio
  (<code>FORJA_TLS_CERT</code> e <code>FORJA_TLS_KEY</code>), como explica a seção <b>“Celulares e HTTPS”</b> do README.</p>
</div>`;

export function installPageHtml({ caFingerprint }: InstallPageInput): string {
  return `<!doctype html>
<html lang="pt-BR">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Instalar o certificado — Forja</title>
<link rel="icon" href="data:,">
<style>${STYLE}</style>
</head>
<body>
<main>
<h1>Instalar o certificado da oficina no celular</h1>
<p>O app da Forja só pode ser instalado e usado sem internet em uma conexão segura (<b>https</b>).</p>
${caFingerprint ? lanSteps(caFingerprint) : NO_LAN}
<p class="muted"><a href="/auth">Voltar para a entrada</a></p>
</main>
</body>
</html>
`;
}
