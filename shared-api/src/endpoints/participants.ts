import type {
  CreateInvitationBody,
  ExportInvitationsResponse,
  ImportInvitationsBody,
  ImportInvitationsResponse,
  InvitationResponse,
  ParticipantListQuery,
  ParticipantListResponse,
} from '../contract/invitations';
import type {
  ParticipantErasureResponse,
  ParticipantExport,
  RetentionPreview,
  RetentionRunResponse,
  RetentionSettings,
  UpdateRetentionBody,
} from '../contract/participant-data';
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

/** `GET admin/participants/{id}/export`: everything held about one participant, as one JSON document. */
export const exportParticipant = (id: string) =>
  request<ParticipantExport>('get', `admin/participants/${encodeURIComponent(id)}/export`);

/** `DELETE admin/participants/{id}`: erases the participant and everything stored about them. */
export const eraseParticipant = (id: string) =>
  request<ParticipantErasureResponse>('delete', `admin/participants/${encodeURIComponent(id)}`);

/** `GET`/`PUT admin/retention`: erasure some months after submission (null: off). */
export const getRetention = () => request<RetentionSettings>('get', 'admin/retention');
export const setRetention = (body: UpdateRetentionBody) =>
  request<RetentionSettings>('put', 'admin/retention', { json: body });

/** `GET admin/retention/preview`: who the next retention run would erase. */
export const previewRetention = () => request<RetentionPreview>('get', 'admin/retention/preview');

/** `POST admin/retention/run`: runs retention now. */
export const runRetention = () => request<RetentionRunResponse>('post', 'admin/retention/run');
