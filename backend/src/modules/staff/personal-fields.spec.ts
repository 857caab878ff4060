import type { AuthUser } from '../../common/auth/auth-user';
import type { StaffRecord } from './dto/staff.dto';
import { asSeenBy, ownRecordId } from './personal-fields';

const record = (id: string, email: string, userId: string | null): StaffRecord => ({
  id,
  name: `Person ${id}`,
  email,
  department: 'Science',
  isActive: true,
  isTeaching: true,
  userId,
  role: userId ? 'staff' : null,
  inviteStatus: userId ? 'active' : 'not_invited',
  workingDays: [1, 2, 3],
  fte: 0.6,
  weeklyCap: 2,
  avoidDays: [3],
});

const viewer = (role: AuthUser['role'], id = 'u-1', email = 'me@school.example'): AuthUser => ({ id, organizationId: 'o-1', role, email, name: 'Me' });

describe('what people see of each other', () => {
  const me = record('s-1', 'me@school.example', 'u-1');
  const colleague = record('s-2', 'col@school.example', 'u-2');

  it('gives staff their own record whole and colleagues by id, name, active state and type only', () => {
    expect(asSeenBy(viewer('staff'), [colleague, me])).toEqual([
      { id: 's-2', name: 'Person s-2', isActive: true, isTeaching: true },
      me,
    ]);
  });

  it('gives admins and managers everyone whole', () => {
    for (const role of ['admin', 'manager'] as const) expect(asSeenBy(viewer(role), [colleague, me])).toEqual([colleague, me]);
  });

  it('finds the own record by account, else by sign-in email (any case), as the screens do', () => {
    const unlinked = record('s-3', 'Me@School.example', null);
    expect(ownRecordId([colleague, unlinked], viewer('staff'))).toBe('s-3');
    expect(ownRecordId([unlinked, me], viewer('staff'))).toBe('s-1');
    expect(ownRecordId([colleague], viewer('staff'))).toBeUndefined();
    // Nobody's record is theirs: every record is a colleague's.
    expect(asSeenBy(viewer('staff', 'u-9', 'office@school.example'), [colleague])).toEqual([{ id: 's-2', name: 'Person s-2', isActive: true, isTeaching: true }]);
  });
});
