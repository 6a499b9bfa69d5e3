/**
 * The owner's team management on the server (/api/team). Changes need the server: offline
 * they answer with a message saying so; the list itself is read from the local `staff` copy
 * (src/data/db/staff.ts) and only what the server alone knows (sessions, last activity) comes
 * from here.
 */
import type { AddMemberRequest, TeamMember, TemporaryPasswordResponse, UpdateMemberRequest } from '@shared';
import { call, jsonBody, type Result } from './api-call';

export type { TeamMember, TemporaryPasswordResponse } from '@shared';

export function listTeam(): Promise<Result<TeamMember[]>> {
  return call<TeamMember[]>('/api/team');
}

export function addTeamMember(input: AddMemberRequest): Promise<Result<TemporaryPasswordResponse>> {
  return call<TemporaryPasswordResponse>('/api/team', jsonBody('POST', input));
}

export function updateTeamMember(id: string, change: UpdateMemberRequest): Promise<Result<TeamMember>> {
  return call<TeamMember>(`/api/team/${encodeURIComponent(id)}`, jsonBody('PATCH', change));
}

export function resetTeamMemberPassword(id: string): Promise<Result<TemporaryPasswordResponse>> {
  return call<TemporaryPasswordResponse>(`/api/team/${encodeURIComponent(id)}/password`, { method: 'POST' });
}
