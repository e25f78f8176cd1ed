import { dashboardPath } from '../../lib/dashboard-paths';

/** The address of one result's report (`result/:resultId/report`, a screen of the results section). */
export const reportPathOf = (resultId: string) => `${dashboardPath('result')}/${encodeURIComponent(resultId)}/report`;
