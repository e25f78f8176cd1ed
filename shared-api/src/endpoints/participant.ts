import type { ValidateUserBody, ValidateUserResponse } from '../contract/participant';
import { request } from '../client/http';
import { participantToken } from '../client/token-storage';

/** `POST auth/validateuser`: records the participant and keeps the participant token it returns. */
export async function validateUser(body: ValidateUserBody): Promise<ValidateUserResponse> {
  const res = await request<ValidateUserResponse>('post', 'auth/validateuser', {
    json: body,
    credential: 'participant',
  });
  participantToken.set(res.token);
  return res;
}
