import type {
  ParticipantSessionResponse,
  ParticipationSettings,
  ProgressResponse,
  ResumeBody,
  SaveAnswerBody,
  SaveAnswerResponse,
} from '../contract/progress';
import type { OpenInvitationBody } from '../contract/invitations';
import { request } from '../client/http';
import { participantToken } from '../client/token-storage';

/** `GET user/progress`: where the participant stands, with every saved answer. */
export const getProgress = () => request<ProgressResponse>('get', 'user/progress', { credential: 'participant' });

/** `POST user/answer`: saves one answer as it is given. */
export const saveAnswer = (body: SaveAnswerBody) =>
  request<SaveAnswerResponse>('post', 'user/answer', { json: body, credential: 'participant' });

/** `POST invitations/open`: opens a personal link and keeps the participant token it returns. */
export async function openInvitation(body: OpenInvitationBody): Promise<ParticipantSessionResponse> {
  const res = await request<ParticipantSessionResponse>('post', 'invitations/open', {
    json: body,
    credential: 'none',
  });
  participantToken.set(res.token);
  return res;
}

/** `POST auth/resume`: continues on this device with the email and resume code; keeps the token. */
export async function resume(body: ResumeBody): Promise<ParticipantSessionResponse> {
  const res = await request<ParticipantSessionResponse>('post', 'auth/resume', { json: body, credential: 'none' });
  participantToken.set(res.token);
  return res;
}

/** `GET participation`: whether `/` takes new participants. */
export const getParticipation = () => request<ParticipationSettings>('get', 'participation', { credential: 'none' });
