// The generated query provides the 'statistics' tag; rota and staff changes invalidate it by name.
export {
  generatedApi as statisticsApi,
  useGetDutyStatisticsQuery,
  useGetFairnessQuery,
} from './statistics.gen';
export type {
  DutyStatisticsDto,
  ExportFormat,
  FairnessDto,
  FairnessPeriod,
  FairnessRowDto,
  FairnessSummaryDto,
  StaffDutyStatisticsDto,
} from './statistics.gen';

/**
 * The fairness table as a file. Not through the generated `exportFairness` query: the base query
 * reads bodies as text, which would corrupt an XLSX, and a file is saved, not cached. The path
 * and parameters are the generated endpoint's.
 */
export const FAIRNESS_EXPORT_URL = '/api/fairness/export';
