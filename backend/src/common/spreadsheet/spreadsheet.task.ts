import { workerTask } from '../workers/worker-pool';
import type { buildSpreadsheet } from './spreadsheet';

/** buildSpreadsheet in a worker thread (WorkerPool.run). */
export const BUILD_SPREADSHEET = workerTask<typeof buildSpreadsheet>(__dirname, __filename, 'spreadsheet', 'buildSpreadsheet');
