import { formatDate, LONG_DATE_FORMAT } from '@/shared/lib/dates';

/** "Wednesday 8 October 2025": the day the organisation will be deleted, as the server names it. */
export function deletionDate(dueDate: string | null | undefined): string {
  return formatDate(dueDate, LONG_DATE_FORMAT);
}
