import { dashboardPath } from '../../lib/dashboard-paths';

/** The report screen's route under `/dashboard` (a screen of the results section). */
export const reportRoute = 'result/:resultId/report';

/** The address of one result's report. */
export const reportPathOf = (resultId: string) => `${dashboardPath('result')}/${encodeURIComponent(resultId)}/report`;
