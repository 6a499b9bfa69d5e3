/**
 * A small pt-BR page the server writes itself, for answers to a plain HTML form (the quotation
 * page's no-JS decision forms) that cannot go back to the page: too many attempts, a form posted
 * from another site. Same CSP as every answer: no script, inline styles only.
 */
import type { FastifyReply } from 'fastify';
import { ERROR_MESSAGES, type ErrorCode } from '@shared';
import { ERROR_STATUS } from './errors';

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

export interface MessagePage {
  code: ErrorCode;
  /** Defaults to the code's message (schemas/errors.ts). */
  message?: string;
  title: string;
  link: { href: string; label: string };
}

export function sendMessagePage(reply: FastifyReply, page: MessagePage) {
  const html = `<!doctype html>
<html lang="pt-BR">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(page.title)}</title>
<style>body{font-family:system-ui,sans-serif;max-width:36rem;margin:3rem auto;padding:0 1rem;color:#1f2937;line-height:1.5}a{color:#1d4ed8}</style>
</head>
<body>
<main role="alert">
<h1>${escapeHtml(page.title)}</h1>
<p>${escapeHtml(page.message ?? ERROR_MESSAGES[page.code])}</p>
<p><a href="${escapeHtml(page.link.href)}">${escapeHtml(page.link.label)}</a></p>
</main>
</body>
</html>
`;
  return reply.code(ERROR_STATUS[page.code]).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(html);
}
