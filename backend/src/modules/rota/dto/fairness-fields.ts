export const FAIRNESS_PERIODS = ['year', 'autumn', 'spring', 'summer'] as const;
export type FairnessPeriod = (typeof FAIRNESS_PERIODS)[number];

export const EXPORT_FORMATS = ['csv', 'xlsx'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];
