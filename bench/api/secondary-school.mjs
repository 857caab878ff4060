// The secondary school of bench/api, built through the app's own API as its admin would build it
// (docs/product.md#duties), modelled on `secondarySchool()` of bench/rota-engine.mjs: 150 staff
// (a third non-teaching, 30 part-time on 3 or 4 days, one in eight avoiding Fridays, one in twelve
// capped at two duties a week, one in ten away for a fortnight), a senior leadership group of 20
// full-time teachers who alone take the Duty Manager duty, a first aiders' group, and 14 duties
// with their places, times, weekdays and people (the Duty Manager duty and 13 more: gates, break,
// lunch, buses, detention). The academic year's term dates are the app's own proposal, and the
// whole year is planned by the app's planner for all 14 duties at once (POST
// /api/rota/reshuffle-future). Run against an instance whose clock is before the year starts, so
// the planner plans it from its first day.

const PATTERNS = [
  [1, 2, 3],
  [3, 4, 5],
  [1, 2, 3, 4],
  [2, 3, 4, 5],
  [1, 3, 5],
  [2, 4, 5],
];
const FIRST = [
  'Alex',
  'Sam',
  'Jordan',
  'Taylor',
  'Morgan',
  'Casey',
  'Riley',
  'Jamie',
  'Avery',
  'Quinn',
  'Robin',
  'Charlie',
  'Drew',
  'Harper',
  'Rowan',
];
const LAST = ['Ahmed', 'Baker', 'Carter', 'Dixon', 'Ellis', 'Fraser', 'Gill', 'Hughes', 'Iqbal', 'Kaur'];
const TEACHING = ['Maths', 'English', 'Science', 'Humanities', 'Languages', 'Arts', 'PE'];
const SUPPORT = ['Support', 'Office', 'Site'];

/** The 150 people: `index` as in secondarySchool(). */
export function secondaryStaff(subdomain) {
  return Array.from({ length: 150 }, (_, i) => {
    const isTeaching = i % 3 !== 0;
    const person = {
      index: i,
      name: `${FIRST[i % FIRST.length]} ${LAST[Math.floor(i / FIRST.length) % LAST.length]}`,
      email: `staff${i}@${subdomain}.example`,
      department: isTeaching ? TEACHING[i % TEACHING.length] : SUPPORT[i % SUPPORT.length],
      isTeaching,
    };
    if (i % 5 === 1) person.workingDays = PATTERNS[i % PATTERNS.length];
    // Avoiding a day they don't work is refused by the app (and meant nothing to the engine's bench).
    if (i % 8 === 2 && (person.workingDays ?? [5]).includes(5)) person.avoidDays = [5];
    if (i % 12 === 5) person.weeklyCap = 2;
    return person;
  });
}

const everyDay = (people) => [1, 2, 3, 4, 5].map((weekday) => ({ weekday, people }));

/** The 13 duties besides the Duty Manager one; `groups` names the staff groups' ids. */
function secondaryDuties(groups) {
  const timed = (name, place, startTime, endTime, people, description, more = {}) => ({
    name,
    place,
    startTime,
    endTime,
    weekdays: everyDay(people),
    description,
    pairsTeaching: true,
    ...more,
  });
  return [
    timed('Gate — North', 'North gate', '08:20', '08:45', 3, 'Greet students, check uniform, keep the road crossing clear.'),
    timed('Gate — South', 'South gate', '08:20', '08:45', 3, 'Greet students, check uniform, watch the car park.'),
    timed('Break — Yard', 'Main yard', '10:40', '11:00', 2, 'Walk the yard; ball games on the far side only.'),
    timed('Break — Field', 'Field', '10:40', '11:00', 2, 'Keep students off the fenced area.', { wetPlace: 'Sports hall' }),
    timed('Break — Corridors', 'Science corridor', '10:40', '11:00', 2, 'Keep the corridors moving; nobody in classrooms.'),
    timed('Break — Canteen', 'Canteen', '10:40', '11:00', 2, 'Queue and tables; clear up before the bell.'),
    timed('Lunch — Canteen 1', 'Canteen', '12:15', '12:45', 3, 'First sitting: queue, tables, tidy.'),
    timed('Lunch — Canteen 2', 'Canteen', '12:45', '13:15', 3, 'Second sitting: queue, tables, tidy.'),
    timed('Lunch — Field 1', 'Field', '12:15', '12:45', 3, 'Walk the field and the pitches.', { wetPlace: 'Main hall' }),
    timed('Lunch — Sports hall 2', 'Sports hall', '12:45', '13:15', 2, 'Supervise the hall; first aid kit by the door.', {
      eligible: 'listed',
      groupIds: [groups.firstAiders],
    }),
    timed('Lunch — Library 1', 'Library', '12:15', '12:45', 2, 'Quiet reading and homework club.', {
      eligible: 'non_teaching',
      pairsTeaching: false,
    }),
    timed('Buses', 'Bus bay', '15:10', '15:30', 4, 'See students onto the buses; radio the office about late buses.'),
    {
      name: 'Detention',
      place: 'Room H4',
      startTime: '15:30',
      endTime: '16:30',
      weekdays: [
        { weekday: 2, people: 2 },
        { weekday: 4, people: 2 },
      ],
      description: 'Take the register and send the list to the heads of year.',
      eligible: 'teaching',
      pairsTeaching: false,
    },
  ];
}

/**
 * Builds the school through `base` (an app instance), signed in as its admin; returns the ids the
 * bench needs and what the planner did. `academicYear` is planned whole. `onePerson` (an index)
 * is invited to sign in (their user account, as the invitation creates it).
 */
export async function buildSecondarySchool(base, { email, password, subdomain, academicYear, onePerson, log = () => {} }) {
  const call = async (method, path, token, body, expect = [200, 201]) => {
    const res = await fetch(`${base}${path}`, {
      method,
      headers: { ...(token ? { Authorization: `Bearer ${token}` } : {}), ...(body ? { 'Content-Type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    const text = await res.text();
    if (!expect.includes(res.status)) throw new Error(`${method} ${path}: ${res.status} ${text}`);
    return text ? JSON.parse(text) : null;
  };
  const { token } = await call('POST', '/api/auth/login', null, { email, password, organizationSubdomain: subdomain });
  const started = performance.now();
  const people = secondaryStaff(subdomain);
  const ids = [];
  for (const { index, ...person } of people) {
    const created = await call('POST', '/api/staff', token, { ...person, ...(index === onePerson ? { invite: true } : {}) });
    ids.push(created.id);
  }
  // As secondarySchool(): the first 20 full-time teachers lead; every seventh person from the fourth is a first aider.
  const slt = people
    .filter((p) => p.isTeaching && !p.workingDays)
    .slice(0, 20)
    .map((p) => ids[p.index]);
  const firstAiders = people.filter((p) => p.index % 7 === 3).map((p) => ids[p.index]);
  const sltGroup = await call('POST', '/api/staff-groups', token, { name: 'Senior leadership', memberIds: slt });
  const firstAidGroup = await call('POST', '/api/staff-groups', token, { name: 'First aiders', memberIds: firstAiders });
  const groups = { slt: (sltGroup.group ?? sltGroup).id, firstAiders: (firstAidGroup.group ?? firstAidGroup).id };
  log(
    `  staff ${ids.length}, senior leadership ${slt.length}, first aiders ${firstAiders.length}: ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );

  const [dutyManager] = (await call('GET', '/api/duties', token)).filter((d) => d.isDutyManager);
  await call('PUT', `/api/duties/${dutyManager.id}`, token, {
    place: 'Main office',
    description: 'On call all day: behaviour, first response, visitors; the radio is in the office.',
    eligible: 'listed',
    groupIds: [groups.slt],
  });
  const dutyIds = [dutyManager.id];
  for (const duty of secondaryDuties(groups)) dutyIds.push((await call('POST', '/api/duties', token, duty)).duty.id);

  const { proposal } = await call('GET', `/api/term-dates?academicYear=${academicYear}`, token);
  await call('PUT', `/api/term-dates/${academicYear}`, token, { terms: proposal });
  // One in ten away for a fortnight, spread over the year's terms (secondarySchool()'s unavailability).
  const first = new Date(`${proposal[0].startDate}T00:00:00Z`).getTime();
  const away = people.filter((p) => p.index % 10 === 0);
  for (const [k, p] of away.entries()) {
    const start = new Date(first + ((k * 37) % 250) * 86_400_000);
    const end = new Date(start.getTime() + 13 * 86_400_000);
    await call('POST', '/api/staff-unavailability', token, {
      staffId: ids[p.index],
      startDate: start.toISOString().slice(0, 10),
      endDate: end.toISOString().slice(0, 10),
      reason: 'Course',
      type: 'training',
    });
  }
  log(
    `  ${dutyIds.length} duties, term dates ${proposal[0].startDate}..${proposal.at(-1).endDate}, ${away.length} people away a fortnight: ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );

  const planStarted = performance.now();
  const plan = await call('POST', '/api/rota/reshuffle-future', token, { academicYear, dutyIds });
  log(
    `  planned ${plan.startDate}..${plan.endDate} for all ${dutyIds.length} duties: ${plan.changedSlots} assignments on ${plan.changedDays} days, ${plan.unfilledSlots} unfilled: ${((performance.now() - planStarted) / 1000).toFixed(1)} s`,
  );
  return { staffIds: ids, dutyIds, groups, plan, person: { ...people[onePerson], id: ids[onePerson] } };
}
