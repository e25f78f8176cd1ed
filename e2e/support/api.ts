import { signaturePng } from '../../server/test/helpers/png';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from './server';

/** JSON calls to the API with a bearer token; a reply that is not 2xx throws with its status and text. */
function caller(baseUrl: string, token: string) {
  return async <T>(method: string, path: string, body?: unknown): Promise<T> => {
    const res = await fetch(`${baseUrl}/api/${path}`, {
      method,
      headers: {
        Authorization: `Bearer ${token}`,
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    if (!res.ok) throw new Error(`${method} ${path} answered ${res.status}: ${text}`);
    return (text ? JSON.parse(text) : undefined) as T;
  };
}

/** A signed-in API client for checks the tests make behind the UI's back. */
export async function adminApi(baseUrl: string, email = ADMIN_EMAIL, password = ADMIN_PASSWORD) {
  const login = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (!login.ok) throw new Error(`login failed: ${login.status} ${await login.text()}`);
  const { accessToken } = (await login.json()) as { accessToken: string };
  const call = caller(baseUrl, accessToken);
  return {
    token: accessToken,
    get: <T>(path: string) => call<T>('GET', path),
    post: <T>(path: string, body: unknown) => call<T>('POST', path, body),
    put: <T>(path: string, body: unknown) => call<T>('PUT', path, body),
    del: <T>(path: string) => call<T>('DELETE', path),
  };
}

/**
 * A participant going through the API only (to set up data for admin screens): enters the details
 * and, unless `consent` is false, signs the consent, which the server requires before answers.
 */
export async function participantApi(
  baseUrl: string,
  details: { name: string; email: string; phone: string },
  options: { consent?: boolean } = {},
) {
  const validate = await fetch(`${baseUrl}/api/auth/validateuser`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(details),
  });
  const { token } = (await validate.json()) as { token: string };
  const call = caller(baseUrl, token);
  if (options.consent !== false) {
    await call('POST', 'useragreement/add', {
      imageBase64: signaturePng,
      date: new Date().toISOString().slice(0, 10),
      signedName: details.name,
    });
  }
  return { token, get: <T>(p: string) => call<T>('GET', p), post: <T>(p: string, b: unknown) => call<T>('POST', p, b) };
}

/** A participant through the API with a stored result: details, consent, every question answered (first option). */
export async function participantWithResult(baseUrl: string, details: { name: string; email: string; phone: string }) {
  const participant = await participantApi(baseUrl, details);
  const { questions } = await participant.get<{ questions: { _id: string; options: string[] }[] }>('user/getquestion');
  await participant.post('user/submitanswer', {
    name: details.name,
    email: details.email,
    contactno: details.phone,
    answers: questions.map((q) => ({ questionId: q._id, userAnswer: q.options[0] ?? 'resilience' })),
  });
  return participant;
}
