import dayjs from 'dayjs';

import { TIME_FORMAT, type Dayjs } from '@/shared/lib/dates';
import { ALL_WEEKDAYS } from '@/shared/lib/weekdays';
import { trimmed } from '@/shared/lib/text';

import type { CreateDutyDto, DutyDto, DutyEligibility, UpdateDutyDto } from '../api';

/**
 * The form's messages: the server's own words for the same rules
 * (backend/src/modules/duties/dto/create-duty.dto.ts, duty-weekday.dto.ts, duties.service.ts).
 */
export const DUTY_MESSAGES = {
  name: 'Duty name is required',
  nameMax: 'Duty name must be at most 100 characters',
  placeMax: 'The place must be at most 100 characters',
  wetPlaceMax: 'The wet-weather place must be at most 100 characters',
  descriptionMax: 'The description must be at most 2,000 characters',
  startTime:
    'Give the start time as HH:mm, such as 12:30, or leave both times out for an all-day duty',
  endTime: 'Give the end time as HH:mm, such as 13:00, or leave both times out for an all-day duty',
  timeOrder: 'The end time must be after the start time',
  weekdays:
    'Give the weekdays the duty runs on (1 to 5 of them, Monday to Friday), each once, with the people it needs',
  people: 'People per day must be a whole number from 1 to 10',
  listed: 'Name at least one staff group or person who may take the duty',
  weight: 'The weight must be a whole number from 1 to 600 (minutes)',
} as const;

export const NAME_MAX = 100;
export const PLACE_MAX = 100;
export const DESCRIPTION_MAX = 2000;

export interface DutyDayValues {
  on: boolean;
  people: number | null;
}

export interface DutyFormValues {
  name: string;
  place: string;
  /** Where the post moves on a wet day; empty: it stays put. */
  wetPlace: string;
  description: string;
  allDay: boolean;
  startTime: Dayjs | null;
  endTime: Dayjs | null;
  /** Monday … Friday, in that order. */
  days: DutyDayValues[];
  eligible: DutyEligibility;
  groupIds: string[];
  staffIds: string[];
  weight: number | null;
  pairsTeaching: boolean;
}

function timeOf(value: string | null): Dayjs | null {
  return value ? dayjs(value, TIME_FORMAT) : null;
}

/** What the form starts with: the duty's own values, or a new duty's (Monday to Friday, one person). */
export function dutyFormValues(duty?: DutyDto): DutyFormValues {
  if (!duty) {
    return {
      name: '',
      place: '',
      wetPlace: '',
      description: '',
      allDay: false,
      startTime: null,
      endTime: null,
      days: ALL_WEEKDAYS.map(() => ({ on: true, people: 1 })),
      eligible: 'everyone',
      groupIds: [],
      staffIds: [],
      weight: null,
      pairsTeaching: false,
    };
  }
  return {
    name: duty.name,
    place: duty.place ?? '',
    wetPlace: duty.wetPlace ?? '',
    description: duty.description,
    allDay: duty.startTime === null,
    startTime: timeOf(duty.startTime),
    endTime: timeOf(duty.endTime),
    days: ALL_WEEKDAYS.map((weekday) => {
      const day = duty.weekdays.find((d) => d.weekday === weekday);
      return { on: day !== undefined, people: day?.people ?? 1 };
    }),
    eligible: duty.eligible,
    groupIds: duty.groupIds,
    staffIds: duty.staffIds,
    weight: duty.weight,
    pairsTeaching: duty.pairsTeaching,
  };
}

/** Whether a people count is a whole number from 1 to 10 (the form's rule, the server's too). */
export function validPeople(people: number | null | undefined): boolean {
  return typeof people === 'number' && Number.isInteger(people) && people >= 1 && people <= 10;
}

/** Whether a weight is a whole number from 1 to 600; empty means its minutes. */
export function validWeight(weight: number | null | undefined): boolean {
  return (
    weight === null ||
    weight === undefined ||
    (Number.isInteger(weight) && weight >= 1 && weight <= 600)
  );
}

function eligibleFields(values: DutyFormValues) {
  return values.eligible === 'listed'
    ? { eligible: values.eligible, groupIds: values.groupIds, staffIds: values.staffIds }
    : { eligible: values.eligible, groupIds: [], staffIds: [] };
}

/** A new duty's body: the weekdays ticked with their people; weight left out when empty. */
export function createDutyBody(values: DutyFormValues): CreateDutyDto {
  const timed = !values.allDay && values.startTime && values.endTime;
  const wetPlace = trimmed(values.wetPlace ?? '');
  return {
    name: trimmed(values.name),
    place: trimmed(values.place) || null,
    // Sent only when given, so a duty without one is saved as before.
    ...(wetPlace ? { wetPlace } : {}),
    description: values.description.trim(),
    startTime: timed ? values.startTime!.format(TIME_FORMAT) : null,
    endTime: timed ? values.endTime!.format(TIME_FORMAT) : null,
    weekdays: ALL_WEEKDAYS.flatMap((weekday, index) => {
      const day = values.days[index];
      return day?.on ? [{ weekday, people: day.people ?? 1 }] : [];
    }),
    ...eligibleFields(values),
    ...(values.weight === null || values.weight === undefined ? {} : { weight: values.weight }),
    pairsTeaching: values.pairsTeaching,
  };
}

/**
 * A change of a duty. The Duty Manager duty takes only its place, description, who may take it
 * and weight. The weight goes only when changed, so one left at its default follows a new window.
 */
export function updateDutyBody(duty: DutyDto, values: DutyFormValues): UpdateDutyDto {
  const { weight, ...rest } = createDutyBody(values);
  const weightChange = weight !== undefined && weight !== duty.weight ? { weight } : {};
  // A wet-weather place emptied is taken away (null); one never given is not sent.
  const wetPlaceChange = rest.wetPlace
    ? { wetPlace: rest.wetPlace }
    : duty.wetPlace
      ? { wetPlace: null }
      : {};
  if (duty.isDutyManager) {
    return {
      place: rest.place,
      ...wetPlaceChange,
      description: rest.description,
      ...eligibleFields(values),
      ...weightChange,
    };
  }
  return { ...rest, ...wetPlaceChange, ...weightChange };
}
