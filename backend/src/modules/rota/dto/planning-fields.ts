import { applyDecorators } from '@nestjs/common';
import { ApiProperty } from '@nestjs/swagger';
import { ArrayMaxSize, ArrayMinSize, IsArray, IsBoolean, IsOptional, IsUUID } from 'class-validator';

/** At most this many duties in one plan. */
const MAX_DUTIES = 50;

/** `dutyIds` of a plan (bulk tools, drafts): 1–50 duty ids, optional. */
export function DutyIdsField() {
  return applyDecorators(
    ApiProperty({ required: false, type: [String], format: 'uuid', minItems: 1, maxItems: MAX_DUTIES }),
    IsOptional(),
    IsArray({ message: 'dutyIds must be a list of duties' }),
    ArrayMinSize(1, { message: 'Choose at least one duty to plan' }),
    ArrayMaxSize(MAX_DUTIES, { message: `Choose at most ${MAX_DUTIES} duties to plan` }),
    IsUUID('all', { each: true, message: 'Each of dutyIds must be a duty id' }),
  );
}

/** `allWeekdays` of a plan: plan every weekday of a year without term dates (`code: term_dates_missing` without it). */
export function AllWeekdaysField() {
  return applyDecorators(IsOptional(), IsBoolean({ message: 'allWeekdays must be true or false' }));
}
