import { describe, expect, it } from 'vitest';

import { alice, bob } from '@/testing/rota-fixtures';

import { dutyRequestAccess, notOwnDutyText, type DutyRequestFacts } from './duty-requests';

const facts: DutyRequestFacts = {
  date: '2025-09-08',
  today: '2025-09-08',
  personId: alice.id,
  ownStaffId: bob.id,
  canRequestForAnyone: false,
  staffList: 'ready',
};

describe('dutyRequestAccess', () => {
  it('allows your own duty from today on, and anyone’s for admins and managers', () => {
    expect(dutyRequestAccess({ ...facts, ownStaffId: alice.id })).toBe('allowed');
    expect(dutyRequestAccess({ ...facts, date: '2025-09-30', ownStaffId: alice.id })).toBe(
      'allowed',
    );
    expect(dutyRequestAccess({ ...facts, canRequestForAnyone: true })).toBe('allowed');
    expect(dutyRequestAccess(facts)).toBe('not-own');
  });

  it('refuses duties before today, whoever asks', () => {
    expect(dutyRequestAccess({ ...facts, date: '2025-09-05', ownStaffId: alice.id })).toBe('past');
    expect(dutyRequestAccess({ ...facts, date: '2025-09-05', canRequestForAnyone: true })).toBe(
      'past',
    );
  });

  it('waits for today and the staff list, and says when the list failed', () => {
    expect(dutyRequestAccess({ ...facts, today: undefined, canRequestForAnyone: true })).toBe(
      'checking',
    );
    expect(dutyRequestAccess({ ...facts, ownStaffId: undefined, staffList: 'loading' })).toBe(
      'checking',
    );
    expect(dutyRequestAccess({ ...facts, ownStaffId: undefined, staffList: 'error' })).toBe(
      'unknown',
    );
  });
});

describe('notOwnDutyText', () => {
  it('names the person on duty', () => {
    expect(notOwnDutyText('Bob Jones')).toBe(
      'Only Bob Jones or an admin or manager can ask to swap or cancel this duty.',
    );
  });
});
