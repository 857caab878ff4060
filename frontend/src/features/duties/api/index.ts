import { generatedApi } from './duties.gen';

/** The duties a school runs (docs/product.md#duties): read with the 'duties' tag. */
export const dutiesApi = generatedApi;

export const { useGetDutiesQuery } = dutiesApi;

export type { DutyDto, DutyEligibility, DutyWeekdayDto } from './duties.gen';
