/** GET /forja-ca.crt and GET /instalar-certificado (tls/certificate-files.ts). */
import type { FastifyInstance } from 'fastify';
import { sendError } from '../http/errors';
import { CA_HEADERS, CA_PATH, INSTALL_PAGE_HEADERS, INSTALL_PAGE_PATH, loadCertificateFiles } from './certificate-files';

export async function certificateRoutes(app: FastifyInstance, opts: { caCertFile: string | null }): Promise<void> {
  const files = loadCertificateFiles(opts.caCertFile);
  app.get(CA_PATH, (_request, reply) => {
    if (!files.caDer) return sendError(reply, 'not_found', 'Este servidor não está no modo rede local: não há certificado da oficina.');
    return reply.headers(CA_HEADERS).send(files.caDer);
  });
  app.get(INSTALL_PAGE_PATH, (_request, reply) => reply.headers(INSTALL_PAGE_HEADERS).send(files.installPage));
}
