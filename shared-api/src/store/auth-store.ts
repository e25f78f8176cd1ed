import { create } from 'zustand';
import type { LoginSessionResponse, User } from '../contract/auth';
import * as authApi from '../endpoints/sign-in';
import { isApiError } from '../client/api-error';
import { adminToken } from '../client/token-storage';
import { onAccountUnauthorized } from '../client/http';
import { storageKeys } from '../contract/paths';

/** Status of one async operation (spec section 4). */
export type Status = 'idle' | 'loading' | 'succeeded' | 'error';

type Operation = 'login' | 'checkAuth' | 'logout';

export interface AuthState {
  userAuth: boolean;
  user: User | null;
  token: string | null;
  /** The server refused the token of a signed-in account: the UI asks to sign in again, in place. */
  sessionExpired: boolean;
  /**
   * The session was ended elsewhere (signed out in another tab, ended from the sessions list, or by a
   * password or role change): the account is signed out here too and the sign-in screen says why.
   */
  sessionEnded: boolean;
  /**
   * The password was right and the account has a second factor: the challenge to send back with a
   * code (`completeSecondFactor`); null otherwise.
   */
  secondFactorChallenge: string | null;
  /** The session may only turn the second factor on (the superadmin requires one of admins). */
  secondFactorEnrolmentRequired: boolean;
  status: Record<Operation, Status>;
  error: Record<Operation, string | null>;
  /**
   * Signs in; resolves with the server's message, rejects with an `ApiError`. When the account has a
   * second factor, nobody is signed in yet: `secondFactorChallenge` is set for `completeSecondFactor`.
   */
  login: (email: string, password: string) => Promise<string>;
  /** The second step of a sign-in: a code from the authenticator app, or a recovery code. */
  completeSecondFactor: (answer: { code: string } | { recoveryCode: string }) => Promise<string>;
  /** Back to the password step. */
  cancelSecondFactor: () => void;
  /** Verifies the stored token; without one, marks the visitor signed out. */
  checkAuth: () => Promise<void>;
  /** Ends the session on the server and forgets the token and the account. */
  logout: () => void;
  resetLoginStatus: () => void;
}

const idle: Record<Operation, Status> = { login: 'idle', checkAuth: 'idle', logout: 'idle' };
const noErrors: Record<Operation, string | null> = { login: null, checkAuth: null, logout: null };

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** The one auth store of the page (shared-api is a federation singleton). */
export const useAuthStore = create<AuthState>()((set, get) => {
  /** Signed out, as Logout leaves it (route guards send the dashboard to /login). */
  const signedOut = () =>
    // One update, so route guards see the signed-out state and the logout together.
    set((s) => ({
      userAuth: false,
      user: null,
      token: null,
      sessionExpired: false,
      status: { ...s.status, logout: 'succeeded' },
      error: { ...s.error, logout: null },
    }));

  // Only a signed-in account can expire; a refused token at start just means "signed out". An
  // ended session cannot be renewed in place: this page signs out and goes to sign-in.
  onAccountUnauthorized((reason) => {
    if (!get().userAuth) return;
    // The requirement was switched on while signed in: the dashboard takes the account to enrol.
    if (reason === 'second-factor-enrolment') {
      set({ secondFactorEnrolmentRequired: true });
      return;
    }
    if (reason === 'expired') {
      set({ sessionExpired: true });
      return;
    }
    // Another tab may already hold a newer sign-in: only this page's own token is forgotten.
    if (adminToken.get() === get().token) adminToken.set(null);
    set({ userAuth: false, user: null, token: null, sessionExpired: false, sessionEnded: true });
  });

  // Other tabs: signing out there signs out here; a sign-in there (or a renewed session) is taken
  // on here, quietly (the screen and what was typed into it stay).
  if (typeof window !== 'undefined') {
    window.addEventListener('storage', (event) => {
      if (event.key !== storageKeys.token && event.key !== null) return;
      const stored = adminToken.get();
      if (stored === get().token) return;
      if (stored === null) {
        if (get().userAuth) signedOut();
        else set({ token: null });
        return;
      }
      set({ token: stored, sessionExpired: false, sessionEnded: false });
      authApi.checkAuth().then(
        (res) => {
          if (get().token === stored) set({ userAuth: true, user: res.user });
        },
        // A refusal is handled above (onAccountUnauthorized); a network failure changes nothing.
        () => {},
      );
    });
  }

  const setOp = (op: Operation, status: Status, error: string | null = null) =>
    set((s) => ({ status: { ...s.status, [op]: status }, error: { ...s.error, [op]: error } }));

  /** A sign-in that opened a session: the token is kept and the account is signed in. */
  const signedIn = (res: LoginSessionResponse) => {
    adminToken.set(res.accessToken);
    set((s) => ({
      userAuth: true,
      user: res.user,
      token: res.accessToken,
      sessionExpired: false,
      sessionEnded: false,
      secondFactorChallenge: null,
      secondFactorEnrolmentRequired: res.secondFactorEnrolmentRequired === true,
      status: { ...s.status, login: 'succeeded', logout: 'idle' },
      error: { ...s.error, login: null },
    }));
    return res.message;
  };

  return {
    userAuth: false,
    user: null,
    token: adminToken.get(),
    sessionExpired: false,
    sessionEnded: false,
    secondFactorChallenge: null,
    secondFactorEnrolmentRequired: false,
    status: idle,
    error: noErrors,

    async login(email, password) {
      setOp('login', 'loading');
      try {
        const res = await authApi.login({ email, password });
        if ('challenge' in res) {
          set({ secondFactorChallenge: res.challenge });
          setOp('login', 'idle');
          return res.message;
        }
        return signedIn(res);
      } catch (error) {
        setOp('login', 'error', messageOf(error));
        throw error;
      }
    },

    async completeSecondFactor(answer) {
      const challenge = get().secondFactorChallenge;
      if (!challenge) throw new Error('Sign in with your password first');
      setOp('login', 'loading');
      try {
        return signedIn(await authApi.loginSecondFactor({ challenge, ...answer }));
      } catch (error) {
        // A challenge that ran out cannot be answered: back to the password.
        if (isApiError(error) && error.error === 'challenge') set({ secondFactorChallenge: null });
        setOp('login', 'error', messageOf(error));
        throw error;
      }
    },

    cancelSecondFactor() {
      set({ secondFactorChallenge: null });
      setOp('login', 'idle');
    },

    async checkAuth() {
      if (!get().token) {
        set({ userAuth: false, user: null });
        setOp('checkAuth', 'succeeded');
        return;
      }
      setOp('checkAuth', 'loading');
      try {
        const res = await authApi.checkAuth();
        set({
          userAuth: true,
          user: res.user,
          secondFactorEnrolmentRequired: res.secondFactorEnrolmentRequired === true,
        });
        setOp('checkAuth', 'succeeded');
      } catch (error) {
        // A refused token is forgotten; a network failure keeps it for the next try.
        if (isApiError(error) && (error.status === 401 || error.status === 403)) {
          adminToken.set(null);
          set({ token: null });
        }
        set({ userAuth: false, user: null });
        setOp('checkAuth', 'error', messageOf(error));
      }
    },

    logout() {
      const token = get().token ?? adminToken.get();
      // Ended on the server too, so the token is refused from now on; nothing waits for the answer.
      if (token) void authApi.logout(token).catch(() => {});
      adminToken.set(null);
      signedOut();
    },

    resetLoginStatus() {
      setOp('login', 'idle');
    },
  };
});
