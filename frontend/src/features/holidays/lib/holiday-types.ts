import type { HolidayType } from '../api';

interface HolidayTypeInfo {
  /** The badge's label (docs/product.md#holidays). */
  label: string;
  /** The option in the add and edit forms, where half_term reads differently (docs/product.md#holidays). */
  optionLabel: string;
  color: string;
}

export const HOLIDAY_TYPES: Record<HolidayType, HolidayTypeInfo> = {
  bank_holiday: { label: 'Bank Holiday', optionLabel: 'Bank Holiday', color: 'red' },
  half_term: { label: 'Half Term', optionLabel: 'Half-Term Break', color: 'blue' },
  term_holiday: { label: 'Term Holiday', optionLabel: 'Term Holiday', color: 'green' },
  inset_day: { label: 'Inset Day', optionLabel: 'Inset Day', color: 'purple' },
  other: { label: 'Other', optionLabel: 'Other', color: 'default' },
};

export const HOLIDAY_TYPE_OPTIONS = (Object.keys(HOLIDAY_TYPES) as HolidayType[]).map((type) => ({
  value: type,
  label: HOLIDAY_TYPES[type].optionLabel,
}));

/** An unknown type (a newer server) still gets a readable badge: underscores become spaces. */
export function holidayTypeInfo(type: string): Pick<HolidayTypeInfo, 'label' | 'color'> {
  return Object.hasOwn(HOLIDAY_TYPES, type)
    ? HOLIDAY_TYPES[type as HolidayType]
    : { label: type.replaceAll('_', ' '), color: 'default' };
}
