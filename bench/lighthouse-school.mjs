// The school bench/lighthouse.mjs signs in to for the Duties page, the Today board and the
// all-duties grid: a secondary school shaped like bench/rota-engine.mjs's `secondarySchool()`
// (150 staff, the Duty Manager duty and 13 timed duties with places, one of them for the first
// aiders' group), with the 2025–26 term dates, built through the app's API only. The server's
// clock is Monday 8 September 2025 (frontend/e2e/support/serve.mjs), and a fill plans from
// tomorrow, so today's duties are assigned by hand first (each to people of its own, as a
// school's morning would have them) and the fill then plans every duty to half term: the grid's
// week and the Today board are full.

/** The academic year 2025–26's terms (as frontend/e2e/support/school.ts's TERMS_2025_26). */
const TERMS_2025_26 = [
  { name: 'autumn', startDate: '2025-09-03', endDate: '2025-12-19', halfTermStart: '2025-10-27', halfTermEnd: '2025-10-31' },
  { name: 'spring', startDate: '2026-01-05', endDate: '2026-03-27', halfTermStart: '2026-02-16', halfTermEnd: '2026-02-20' },
  { name: 'summer', startDate: '2026-04-13', endDate: '2026-07-21', halfTermStart: '2026-05-25', halfTermEnd: '2026-05-29' },
];
const TODAY = '2025-09-08';
/** The fill's last day: the Friday before the autumn half term. */
const PLANNED_TO = '2025-10-24';
const STAFF = 150;
/** Working patterns (ISO weekdays) for one person in five, as in bench/rota-engine.mjs. */
const PATTERNS = [[1, 2, 3], [3, 4, 5], [1, 2, 3, 4], [2, 3, 4, 5], [1, 3, 5], [2, 4, 5]];
const FIRST_NAMES = ['Ann', 'Ben', 'Cat', 'Dan', 'Eve', 'Fay', 'Gus', 'Hal', 'Ivy', 'Jon', 'Kim', 'Lee', 'Max', 'Nia', 'Oli'];
const SURNAMES = ['Adams', 'Baker', 'Clarke', 'Davies', 'Evans', 'Fisher', 'Green', 'Hughes', 'Irwin', 'Jones'];

const every = (people, days = [1, 2, 3, 4, 5]) => days.map((weekday) => ({ weekday, people }));
/** The duties besides the Duty Manager's (secondarySchool()'s, with names and places). */
const DUTIES = [
  { name: 'Gate', place: 'North gate', startTime: '08:20', endTime: '08:45', weekdays: every(3) },
  { name: 'Gate (south)', place: 'South gate', startTime: '08:20', endTime: '08:45', weekdays: every(3) },
  { name: 'Break', place: 'Yard', startTime: '10:40', endTime: '11:00', weekdays: every(2) },
  { name: 'Break (field)', place: 'Field', startTime: '10:40', endTime: '11:00', weekdays: every(2) },
  { name: 'Break (corridors)', place: 'Corridors', startTime: '10:40', endTime: '11:00', weekdays: every(2) },
  { name: 'Break (canteen)', place: 'Canteen', startTime: '10:40', endTime: '11:00', weekdays: every(2) },
  { name: 'Lunch 1', place: 'Canteen', startTime: '12:15', endTime: '12:45', weekdays: every(3) },
  { name: 'Lunch 2', place: 'Canteen', startTime: '12:45', endTime: '13:15', weekdays: every(3) },
  { name: 'Lunch (field)', place: 'Field', startTime: '12:15', endTime: '12:45', weekdays: every(3) },
  { name: 'Lunch (sports hall)', place: 'Sports hall', startTime: '12:45', endTime: '13:15', weekdays: every(2), firstAiders: true },
  { name: 'Library', place: 'Library', startTime: '12:15', endTime: '12:45', weekdays: every(2), eligible: 'non_teaching' },
  { name: 'Buses', place: 'Bus bay', startTime: '15:10', endTime: '15:30', weekdays: every(4) },
  { name: 'Detention', place: 'Room 12', startTime: '15:30', endTime: '16:30', weekdays: every(2, [2, 4]), eligible: 'teaching' },
];

/** Builds the school on the app at `origin` for the admin holding `token`. */
export async function buildSchool(origin, token) {
  const api = async (method, url, body) => {
    const res = await fetch(`${origin}${url}`, {
      method,
      headers: { Authorization: `Bearer ${token}`, ...(body && { 'Content-Type': 'application/json' }) },
      body: body && JSON.stringify(body),
    });
    const text = await res.text();
    if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${text}`);
    return text ? JSON.parse(text) : undefined;
  };

  await api('PUT', '/api/term-dates/2025', { terms: TERMS_2025_26 });
  const staff = [];
  for (let i = 0; i < STAFF; i++) {
    const name = `${FIRST_NAMES[i % FIRST_NAMES.length]} ${SURNAMES[Math.floor(i / FIRST_NAMES.length) % SURNAMES.length]}`;
    const person = {
      name: i < FIRST_NAMES.length * SURNAMES.length ? name : `${name} ${i}`,
      email: `staff-${i}@lighthouse.example.com`,
      isTeaching: i % 3 !== 0,
      ...(i % 5 === 1 && { workingDays: PATTERNS[i % PATTERNS.length] }),
      ...(i % 8 === 2 && i % 5 !== 1 && { avoidDays: [5] }),
      ...(i % 12 === 5 && { weeklyCap: 2 }),
    };
    const saved = await api('POST', '/api/staff', person);
    staff.push({ ...person, id: saved.id });
  }
  const firstAiders = await api('POST', '/api/staff-groups', {
    name: 'First aiders',
    memberIds: staff.filter((_, i) => i % 7 === 3).map((s) => s.id),
  });
  const firstAiderIds = new Set(staff.filter((_, i) => i % 7 === 3).map((s) => s.id));

  const duties = [];
  for (const { firstAiders: onlyFirstAiders, ...duty } of DUTIES) {
    const body = {
      ...duty,
      pairsTeaching: !duty.eligible,
      ...(onlyFirstAiders && { eligible: 'listed', groupIds: [firstAiders.id] }),
    };
    const saved = await api('POST', '/api/duties', body);
    duties.push({ ...body, id: saved.duty.id });
  }
  const dutyManager = (await api('GET', '/api/duties')).find((d) => !duties.some((o) => o.id === d.id));
  if (!dutyManager) throw new Error('GET /api/duties: no Duty Manager duty');

  // Today (a Monday), by hand: each duty its own people, nobody twice, every rule kept.
  const free = staff.filter((s) => !s.workingDays && !s.weeklyCap);
  const take = (fits) => {
    const i = free.findIndex(fits);
    if (i < 0) throw new Error('the school ran out of people for today');
    return free.splice(i, 1)[0].id;
  };
  const pair = () => [take((s) => s.isTeaching), take((s) => !s.isTeaching)];
  await api('POST', '/api/rota', { date: TODAY, slots: pair() });
  for (const duty of duties) {
    const people = duty.weekdays.find((w) => w.weekday === 1)?.people ?? 0;
    if (people === 0) continue;
    const fits =
      duty.eligible === 'teaching'
        ? (s) => s.isTeaching
        : duty.eligible === 'non_teaching'
          ? (s) => !s.isTeaching
          : duty.eligible === 'listed'
            ? (s) => firstAiderIds.has(s.id)
            : () => true;
    const slots = Array.from({ length: people }, () => take(fits));
    await api('POST', '/api/rota', { date: TODAY, dutyId: duty.id, slots });
  }
  await api('POST', '/api/rota/fill-unassigned', {
    dutyIds: [dutyManager.id, ...duties.map((d) => d.id)],
    endDate: PLANNED_TO,
  });
  return { staff: staff.length, duties: duties.length + 1, today: TODAY, plannedTo: PLANNED_TO };
}
