/** /api/team/* — the owner's team management; thin HTTP layer over team/service.ts. */
import type { FastifyInstance } from 'fastify';
import type { AddMemberRequest, TeamMember, TemporaryPasswordResponse, UpdateMemberRequest } from '@shared';
import { requireOwner } from '../auth/guard';
import { announceRevokedSessions } from '../auth/session-events';
import { addMember, listMembers, resetMemberPassword, updateMember } from './service';

const idParams = {
  type: 'object',
  required: ['id'],
  properties: { id: { type: 'string', minLength: 1, maxLength: 100 } },
} as const;

const addBody = {
  type: 'object',
  required: ['name', 'email', 'role'],
  properties: {
    name: { type: 'string', maxLength: 1000 },
    email: { type: 'string', maxLength: 1000 },
    role: { type: 'string', maxLength: 20 },
  },
} as const;

const updateBody = {
  type: 'object',
  minProperties: 1,
  properties: {
    name: { type: 'string', maxLength: 1000 },
    role: { type: 'string', maxLength: 20 },
    active: { type: 'boolean' },
  },
  additionalProperties: false,
} as const;

export async function teamRoutes(app: FastifyInstance) {
  const { db } = app.forja;

  app.get('/api/team', { preValidation: requireOwner }, async (): Promise<TeamMember[]> => listMembers(db));

  app.post<{ Body: AddMemberRequest }>(
    '/api/team',
    { preValidation: requireOwner, schema: { body: addBody } },
    async (request, reply): Promise<TemporaryPasswordResponse> => {
      const { member, temporaryPassword } = await addMember(db, request.body);
      reply.code(201).header('cache-control', 'no-store');
      return { member, temporary_password: temporaryPassword };
    },
  );

  app.patch<{ Params: { id: string }; Body: UpdateMemberRequest }>(
    '/api/team/:id',
    { preValidation: requireOwner, schema: { params: idParams, body: updateBody } },
    async (request): Promise<TeamMember> => {
      const { member, endedSessions } = await updateMember(db, request.params.id, request.body);
      announceRevokedSessions(endedSessions);
      return member;
    },
  );

  app.post<{ Params: { id: string } }>(
    '/api/team/:id/password',
    { preValidation: requireOwner, schema: { params: idParams } },
    async (request, reply): Promise<TemporaryPasswordResponse> => {
      const { member, temporaryPassword, endedSessions } = await resetMemberPassword(db, request.params.id);
      announceRevokedSessions(endedSessions);
      reply.header('cache-control', 'no-store');
      return { member, temporary_password: temporaryPassword };
    },
  );
}
