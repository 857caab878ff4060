import { preparedStatement } from '../../database/prepared-read';
/**
 * Every staff member of one organisation (the only parameter), sorted by name then email, with
 * their linked user's role and invite status: rows already shaped as whole staff records
 * (`StaffRecord`, the columns in the DTO's order), so the list is read without building an entity
 * per person; StaffService.list then leaves out what the viewer may not see. The user join keeps
 * the tenancy rule too: a user of another organisation is never shown.
 * `inviteStatus` follows `toStaffDto`: no user, not invited; no way in yet but the invitation, invited. smallint[]
 * arrives as numbers; `fte` (numeric) is cast to float8 so it arrives as a number, not a string.
 */
export const STAFF_LIST_SQL = `
  select s.id, s.name, s.email, s.department, s.is_active as "isActive", s.is_teaching as "isTeaching",
         u.id as "userId", u.role,
         case when u.id is null then 'not_invited' when u.password_hash is null and not u.email_verified and u.last_login is null then 'invited' else 'active' end as "inviteStatus",
         s.working_days as "workingDays", s.fte::float8 as fte, s.weekly_cap as "weeklyCap", s.avoid_days as "avoidDays"
    from staff s
    left join users u on u.id = s.user_id and u.organization_id = s.organization_id
   where s.organization_id = ?
   order by s.name, s.email`;

/** STAFF_LIST_SQL as the prepared statement the staff list runs (prepared-read.ts). */
export const STAFF_LIST = preparedStatement('staff_list', STAFF_LIST_SQL);
