import type { HealthResponse } from '@prometrica/shared-api/contract';
import type { Dialect, Executor } from '../../db/types';
import { serviceUnavailable } from '../../lib/http-errors';
import { pingDatabase } from './repository';

/** Healthy means the database answers; a load balancer takes the process out otherwise (503). */
export async function checkHealth(db: Executor, dialect: Dialect): Promise<HealthResponse> {
  try {
    await pingDatabase(db);
  } catch {
    throw serviceUnavailable('Database unavailable');
  }
  return { status: 'ok', database: dialect };
}
