/**
 * SQL: the id of an organisation's Duty Manager duty, for statements on the rota's tables that
 * read or write that duty's slots and requests (every duty's slots share `rota_slots`). The
 * organisation is `organization`: a parameter (`'?'`, evaluated once) or a column of the
 * statement's table (`'s.organization_id'`).
 */
export function dutyManagerIdOf(organization: string): string {
  return `(select dm.id from duties dm where dm.organization_id = ${organization} and dm.is_duty_manager)`;
}
