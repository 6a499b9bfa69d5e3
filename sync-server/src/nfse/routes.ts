/**
 * /api/nfse/* — the owner's A1 certificate (Configurações › Fiscal). Thin HTTP over
 * certificate-store.ts. The upload is JSON ({pfx: base64, password}): a .pfx is a few KB.
 * The answer tells what the certificate is — never the file or its password.
 */
import type { FastifyInstance } from 'fastify';
import type { FiscalCertificateInfo } from '@shared';
import { requireOwner } from '../auth/guard';
import { AppError } from '../http/errors';
import { PFX_MAX_BYTES, removeCertificate, saveCertificate } from './certificate-store';

const uploadBody = {
  type: 'object',
  required: ['pfx', 'password'],
  properties: {
    pfx: { type: 'string', minLength: 1, maxLength: Math.ceil((PFX_MAX_BYTES * 4) / 3) + 4 },
    password: { type: 'string', maxLength: 200 },
  },
  additionalProperties: false,
} as const;

export async function nfseRoutes(app: FastifyInstance) {
  const { db } = app.forja;

  app.put<{ Body: { pfx: string; password: string } }>(
    '/api/nfse/certificate',
    { preValidation: requireOwner, bodyLimit: 128 * 1024, schema: { body: uploadBody } },
    async (request, reply): Promise<{ certificate: FiscalCertificateInfo }> => {
      const { pfx, password } = request.body;
      if (!/^[A-Za-z0-9+/]+={0,2}$/.test(pfx)) throw new AppError('certificate_unreadable');
      if (password === '') throw new AppError('certificate_required');
      const certificate = await saveCertificate(db, Buffer.from(pfx, 'base64'), password, request.session!.userId, new Date());
      reply.header('cache-control', 'no-store');
      return { certificate };
    },
  );

  app.delete('/api/nfse/certificate', { preValidation: requireOwner }, async (_request, reply) => {
    await removeCertificate(db);
    return reply.code(204).send();
  });
}
