/** Most allowed domains or tenants one provider takes. */
export const MAX_ALLOWED_ENTRIES = 20;

export const lowerTrimEach = ({ value }: { value: unknown }): unknown =>
  Array.isArray(value) ? value.map((entry) => (typeof entry === 'string' ? entry.trim().toLowerCase() : entry)) : value;
