import type {
  CreateInvitationBody,
  ExportInvitationsResponse,
  ImportInvitationsBody,
  ImportInvitationsResponse,
  InvitationResponse,
  ParticipantListQuery,
  ParticipantListResponse,
} from '../contract/invitations';
import type { ParticipationSettings } from '../contract/progress';
import type { MessageResponse } from '../contract/common';
import { request } from '../client/http';

/** `GET admin/participants`: every participant, invited or not, with where they stand. */
export const listParticipants = (query: ParticipantListQuery = {}) =>
  request<ParticipantListResponse>('get', 'admin/participants', { searchParams: { ...query } });

/** `POST admin/invitations`: invites one participant. */
export const invite = (body: CreateInvitationBody) =>
  request<InvitationResponse>('post', 'admin/invitations', { json: body });

/** `POST admin/invitations/import`: invites every good row of a CSV; bad rows come back by line. */
export const importInvitations = (body: ImportInvitationsBody) =>
  request<ImportInvitationsResponse>('post', 'admin/invitations/import', { json: body });

/** `POST admin/invitations/{id}/resend`: mails the link again (mail must be configured). */
export const resendInvitation = (id: string) =>
  request<InvitationResponse>('post', `admin/invitations/${encodeURIComponent(id)}/resend`);

/** `POST admin/invitations/{id}/revoke`: the link stops working. */
export const revokeInvitation = (id: string) =>
  request<MessageResponse>('post', `admin/invitations/${encodeURIComponent(id)}/revoke`);

/** `GET admin/invitations/export`: every participant with their link, as CSV text to save. */
export const exportInvitations = () => request<ExportInvitationsResponse>('get', 'admin/invitations/export');

/** `GET admin/participation` and `PUT admin/participation`: open entry on or off. */
export const getParticipation = () => request<ParticipationSettings>('get', 'admin/participation');
export const setParticipation = (body: ParticipationSettings) =>
  request<ParticipationSettings>('put', 'admin/participation', { json: body });
