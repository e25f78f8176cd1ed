import { useState } from 'react';
import { authApi, useAuthStore, type SecondFactorSetupResponse } from '@prometrica/shared-api';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useFetch } from '../../../lib/use-fetch';

/**
 * The signed-in account's second factor: its state, setting it up (secret and QR code, then the
 * first code), new recovery codes and turning it off. Recovery codes are kept only until dismissed.
 */
export function useSecondFactor() {
  const state = useFetch(() => authApi.secondFactorStatus(), []);
  const [setup, setSetup] = useState<SecondFactorSetupResponse | null>(null);
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const [busy, setBusy] = useState(false);

  /** Runs one call; true when it succeeded (a failure is told in a notice). */
  async function run(call: () => Promise<void>): Promise<boolean> {
    setBusy(true);
    try {
      await call();
      return true;
    } catch (error) {
      notifyError(error);
      return false;
    } finally {
      setBusy(false);
    }
  }

  return {
    ...state,
    setup,
    recoveryCodes,
    busy,
    start: () => run(async () => setSetup(await authApi.startSecondFactorSetup())),
    confirm: (code: string) =>
      run(async () => {
        const res = await authApi.confirmSecondFactor({ code });
        setSetup(null);
        setRecoveryCodes(res.recoveryCodes);
        // The session may do anything again.
        useAuthStore.setState({ secondFactorEnrolmentRequired: false });
        notifySuccess(res.message);
        state.reload();
      }),
    renew: (code: string) =>
      run(async () => {
        const res = await authApi.renewRecoveryCodes({ code });
        setRecoveryCodes(res.recoveryCodes);
        notifySuccess(res.message);
        state.reload();
      }),
    disable: (password: string, code: string) =>
      run(async () => {
        const res = await authApi.disableSecondFactor({ password, code });
        notifySuccess(res.message);
        state.reload();
      }),
    dismissRecoveryCodes: () => setRecoveryCodes(null),
  };
}
