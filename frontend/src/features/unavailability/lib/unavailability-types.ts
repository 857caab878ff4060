import type { UnavailabilityType } from '../api';

interface UnavailabilityTypeInfo {
  /** How the type reads (docs/product.md#unavailability), on the badge and in the form. */
  label: string;
  color: string;
}

const UNAVAILABILITY_TYPES: Record<UnavailabilityType, UnavailabilityTypeInfo> = {
  annual_leave: { label: 'Annual Leave', color: 'blue' },
  sick: { label: 'Sick Leave', color: 'red' },
  training: { label: 'Training', color: 'purple' },
  personal: { label: 'Personal', color: 'gold' },
};

/** docs/product.md#unavailability: a new period is annual leave unless another type is chosen. */
export const DEFAULT_UNAVAILABILITY_TYPE: UnavailabilityType = 'annual_leave';

export const UNAVAILABILITY_TYPE_OPTIONS = (
  Object.keys(UNAVAILABILITY_TYPES) as UnavailabilityType[]
).map((type) => ({ value: type, label: UNAVAILABILITY_TYPES[type].label }));

/** An unknown type (a newer server) still gets a readable badge: underscores become spaces. */
export function unavailabilityTypeInfo(type: string): UnavailabilityTypeInfo {
  return Object.hasOwn(UNAVAILABILITY_TYPES, type)
    ? UNAVAILABILITY_TYPES[type as UnavailabilityType]
    : { label: type.replaceAll('_', ' '), color: 'default' };
}
