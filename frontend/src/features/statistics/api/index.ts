import { generatedApi } from './statistics.gen';

/**
 * The figures are computed from the rota and the staff list, so their queries provide those tags:
 * a change to either refetches them. Fairness also weighs each person's fair share by the school
 * days (holidays), the slots per day (settings) and who is available (unavailability); the load
 * over every duty by the duties too (their weights, people and who may take them).
 */
export const statisticsApi = generatedApi.enhanceEndpoints({
  addTagTypes: ['rota', 'staff', 'holidays', 'settings', 'unavailability', 'duties'],
  endpoints: {
    getDutyStatistics: { providesTags: ['statistics', 'rota', 'staff'] },
    getFairness: {
      providesTags: ['statistics', 'rota', 'staff', 'holidays', 'settings', 'unavailability'],
    },
    getDutyLoad: {
      providesTags: [
        'statistics',
        'rota',
        'staff',
        'holidays',
        'settings',
        'unavailability',
        'duties',
      ],
    },
  },
});

export const { useGetDutyStatisticsQuery, useGetDutyLoadQuery, useGetFairnessQuery } =
  statisticsApi;

export type {
  DutyLoadDto,
  DutyLoadRowDto,
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

/** The load over every duty as a file, as FAIRNESS_EXPORT_URL (the generated `exportDutyLoad`'s path). */
export const DUTY_LOAD_EXPORT_URL = '/api/fairness/duties/export';
