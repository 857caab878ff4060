// The generated query provides the 'statistics' tag; rota and staff changes invalidate it by name.
export { generatedApi as statisticsApi, useGetDutyStatisticsQuery } from './statistics.gen';
export type { DutyStatisticsDto, StaffDutyStatisticsDto } from './statistics.gen';
