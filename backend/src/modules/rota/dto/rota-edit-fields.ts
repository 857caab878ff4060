export const REASON_MAX = 500;
