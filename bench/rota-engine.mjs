#!/usr/bin/env node
// Plans a full academic year with the rota engine for 20, 200 and 2,000 staff at 2 and 5 slots a
// day, under each teaching-mix mode, with a realistic mix of working patterns: about a third
// non-teaching, a quarter part-time on different days (3 or 4 days, FTE from the pattern), one
// in ten away for a fortnight, one in eight avoiding Fridays, one in twelve capped at one duty a
// week. Prints time, fairness against each person's fair share (docs/product.md#fair-share) —
// the largest |duties − share|, max − min of (duties − share), √Σ(duties − share)² — mixed days,
// the spread (docs/product.md#who-gets-a-slot: runs — a person on two school days in a row — and
// people whose duties on two of their weekdays differ by two or more) and hard-rule violations
// (no pass/fail: figures to watch). Three cases per row: `full-time`,
// the same year with everyone full time and no preferences, caps or leave; `patterns`, the
// engine on the realistic school; `raw-count`, the same realistic school planned in the order the
// engine used before fair share (the mix first, then fewest duties so far by raw count, then the
// weekday spread), implemented below as the baseline the engine's figures are compared with.
// Then `secondary` rows: the multi-duty engine (planDuties) on a secondary school of 150 staff and 14
// duties (below, `secondarySchool`), under each mix mode: time, fairness over weighted load (largest
// |load − target| in minutes and in duty-weights of the lightest duty, max − min), the spread over
// duties (mean Σ_d |count − share| per person; people allowed on 3+ duties who hold only one kind),
// and violations found by checkDuties.
//   npm run build -w backend && node bench/rota-engine.mjs
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const { planRota, fairShares, weekdayIndex } = require('../backend/dist/modules/rota/engine/rota-engine.js');
const { planDuties, dutyFairShares } = require('../backend/dist/modules/rota/engine/duties-engine.js');
const { checkDuties } = require('../backend/dist/modules/rota/engine/duties-rules.js');

const calendar = [];
for (let d = new Date(Date.UTC(2025, 8, 1)); d <= new Date(Date.UTC(2026, 7, 31)); d.setUTCDate(d.getUTCDate() + 1)) {
  calendar.push(d.toISOString().slice(0, 10));
}
// Out of term and holidays, as a school with term dates gives them to the engine.
const holidays = [
  { start: '2025-09-01', end: '2025-09-02' },
  { start: '2025-10-27', end: '2025-10-31' },
  { start: '2025-12-20', end: '2026-01-04' },
  { start: '2026-02-16', end: '2026-02-20' },
  { start: '2026-03-28', end: '2026-04-12' },
  { start: '2026-05-04', end: '2026-05-04' },
  { start: '2026-05-25', end: '2026-05-29' },
  { start: '2026-07-22', end: '2026-08-31' },
];
const schoolDays = calendar.filter((d) => weekdayIndex(d) < 5 && !holidays.some((h) => h.start <= d && d <= h.end));
const PATTERNS = [[0, 1, 2], [2, 3, 4], [0, 1, 2, 3], [1, 2, 3, 4], [0, 2, 4], [1, 3, 4]];

function school(people, realistic) {
  const staff = Array.from({ length: people }, (_, i) => {
    const s = { id: `s${String(i).padStart(4, '0')}`, isTeaching: i % 3 !== 0, isActive: true };
    if (!realistic) return s;
    if (i % 4 === 1) s.workingDays = PATTERNS[i % PATTERNS.length];
    if (i % 8 === 2) s.avoidDays = [4];
    if (i % 12 === 5) s.weeklyCap = 1;
    return s;
  });
  const unavailability = realistic
    ? staff.filter((_, i) => i % 10 === 0).map((s, k) => {
        const start = schoolDays[(k * 37) % (schoolDays.length - 10)];
        return { staffId: s.id, start, end: calendar[calendar.indexOf(start) + 13] };
      })
    : [];
  return { staff, unavailability };
}

/**
 * The previous engine's order on the same input and hard rules: for each slot, the kind the day
 * lacks (when it can be had and the mix is wanted), then fewest duties so far, then fewest on the
 * weekday, then the id. No shares, no rebalancing.
 */
function rawCountPlan(input) {
  const counts = new Map(input.staff.map((s) => [s.id, 0]));
  const byWeekday = new Map(input.staff.map((s) => [s.id, [0, 0, 0, 0, 0]]));
  const weeks = new Map();
  const days = {};
  for (const day of input.days) {
    const weekday = weekdayIndex(day);
    if (weekday > 4 || input.holidays.some((h) => h.start <= day && day <= h.end)) continue;
    const slots = Array(input.slotsPerDay).fill(null);
    days[day] = slots;
    const week = mondayOf(day);
    for (let slot = 0; slot < slots.length; slot += 1) {
      const onDay = slots.filter(Boolean);
      const eligible = input.staff.filter(
        (s) =>
          !onDay.includes(s.id) &&
          (!s.workingDays || s.workingDays.includes(weekday)) &&
          !input.unavailability.some((u) => u.staffId === s.id && u.start <= day && day <= u.end) &&
          (s.weeklyCap == null || (weeks.get(`${s.id}|${week}`) ?? 0) < s.weeklyCap),
      );
      if (!eligible.length) continue;
      const teaching = onDay.filter((id) => input.staff.find((s) => s.id === id).isTeaching).length;
      const lacking = input.mixMode !== 'never' && teaching * 2 !== onDay.length ? teaching * 2 < onDay.length : null;
      const rank = (s) => [lacking !== null && s.isTeaching === lacking && eligible.some((e) => e.isTeaching === lacking) ? 0 : 1, counts.get(s.id), byWeekday.get(s.id)[weekday]];
      const best = eligible.reduce((a, b) => {
        const ra = rank(a);
        const rb = rank(b);
        for (let k = 0; k < ra.length; k += 1) if (ra[k] !== rb[k]) return ra[k] < rb[k] ? a : b;
        return a.id < b.id ? a : b;
      });
      slots[slot] = best.id;
      counts.set(best.id, counts.get(best.id) + 1);
      byWeekday.get(best.id)[weekday] += 1;
      weeks.set(`${best.id}|${week}`, (weeks.get(`${best.id}|${week}`) ?? 0) + 1);
    }
  }
  return { days };
}

function run(people, slotsPerDay, mixMode, kase) {
  const realistic = kase !== 'full-time';
  const { staff, unavailability } = school(people, realistic);
  const input = {
    days: calendar,
    slotsPerDay,
    staff,
    holidays,
    unavailability,
    existing: {},
    priorCounts: {},
    mode: 'reshuffle',
    mixMode,
    fairShare: { schoolDays, unavailability },
  };
  const started = process.hrtime.bigint();
  const result = kase === 'raw-count' ? rawCountPlan(input) : planRota(input);
  const ms = Number(process.hrtime.bigint() - started) / 1e6;
  // The engine's slots are records ({ staffId, override }); the measures below read who is on them.
  const planned =
    kase === 'raw-count' ? result.days : Object.fromEntries(Object.entries(result.days).map(([day, slots]) => [day, slots.map((slot) => slot?.staffId ?? null)]));

  const byId = new Map(staff.map((s) => [s.id, s]));
  const counts = new Map(staff.map((s) => [s.id, 0]));
  const weeks = new Map();
  let violations = 0;
  let mixedDays = 0;
  let plannedDays = 0;
  for (const [day, slots] of Object.entries(planned)) {
    plannedDays += 1;
    const ids = slots.filter(Boolean);
    if (new Set(ids).size !== ids.length) violations += 1;
    if (holidays.some((h) => h.start <= day && day <= h.end) || weekdayIndex(day) > 4) violations += 1;
    for (const id of ids) {
      const s = byId.get(id);
      if (unavailability.some((u) => u.staffId === id && u.start <= day && day <= u.end)) violations += 1;
      if (s.workingDays && !s.workingDays.includes(weekdayIndex(day))) violations += 1;
      counts.set(id, counts.get(id) + 1);
      const key = `${id}|${mondayOf(day)}`;
      weeks.set(key, (weeks.get(key) ?? 0) + 1);
      if (s.weeklyCap != null && weeks.get(key) > s.weeklyCap) violations += 1;
    }
    if (new Set(ids.map((id) => byId.get(id).isTeaching)).size === 2) mixedDays += 1;
  }
  let runs = 0;
  let uneven = 0;
  for (const s of staff) {
    const mine = new Set(Object.keys(planned).filter((day) => planned[day].includes(s.id)));
    for (const day of mine) if (mine.has(nextWeekday(day))) runs += 1;
    const perWeekday = (s.workingDays ?? [0, 1, 2, 3, 4]).map((w) => [...mine].filter((day) => weekdayIndex(day) === w).length);
    if (Math.max(...perWeekday) - Math.min(...perWeekday) >= 2) uneven += 1;
  }
  const shares = fairShares(staff, slotsPerDay, { schoolDays, unavailability });
  const diffs = staff.map((s) => counts.get(s.id) - shares.get(s.id));
  return {
    ms,
    plannedDays,
    largest: Math.max(...diffs.map(Math.abs)),
    range: Math.max(...diffs) - Math.min(...diffs),
    rss: Math.sqrt(diffs.reduce((n, d) => n + d * d, 0)),
    mix: mixedDays / plannedDays,
    runs,
    uneven,
    violations,
  };
}

/** The school day after `day` in a run: the next weekday, Friday's being Monday. */
function nextWeekday(day) {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + (weekdayIndex(day) === 4 ? 3 : 1));
  return d.toISOString().slice(0, 10);
}

function mondayOf(day) {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - weekdayIndex(day));
  return d.toISOString().slice(0, 10);
}

const f = (n, w, digits = 2) => (typeof n === 'number' ? n.toFixed(digits) : String(n)).padStart(w);
console.log(`A year of ${schoolDays.length} school days. Fair share: duties − share per person (docs/product.md#fair-share).`);
console.log('staff  slots  mix        case       time(ms)  largest|d|  max−min(d)  √Σd²     mixed days   runs  uneven  violations');
for (const people of [20, 200, 2000]) {
  for (const slots of [2, 5]) {
    for (const mixMode of ['always', 'when_fair', 'never']) {
      for (const kase of ['full-time', 'patterns', 'raw-count']) {
        // The raw-count baseline is quadratic in the staff; 2,000 staff would take minutes.
        if (kase === 'raw-count' && people > 200) continue;
        const r = run(people, slots, mixMode, kase);
        console.log(
          `${f(people, 5, 0)}  ${f(slots, 5, 0)}  ${mixMode.padEnd(9)}  ${kase.padEnd(9)}  ${f(r.ms, 8, 1)}  ${f(r.largest, 10)}  ${f(r.range, 10)}  ${f(r.rss, 7)}  ${f(r.mix * 100, 9, 1)}%  ${f(r.runs, 5, 0)}  ${f(r.uneven, 6, 0)}  ${f(r.violations, 10, 0)}`,
        );
      }
    }
  }
}

/**
 * A secondary school: 150 staff (30 part-time, a third non-teaching, 20 senior leaders, 20 first
 * aiders, one in ten away a fortnight, one in eight avoiding Fridays, one in twelve capped at two
 * duties a week) and 14 duties, 33 people a day (35 on Tuesdays and Thursdays): the Duty Manager
 * (2, senior leaders only, all day); two gates 08:20–08:45 (3 each); four break posts 10:40–11:00
 * (2 each); lunch in two sittings, 12:15–12:45 and 12:45–13:15 — the canteen both sittings (3 each),
 * the field the first (3), the sports hall the second (2, first aiders only), the library the first
 * (2, non-teaching only); buses 15:10–15:30 (4); detention Tuesdays and Thursdays 15:30–16:30 (2,
 * teaching only). Weights: the window's minutes, all day 60. At most one duty a day, the all-day
 * duty counting. (With 8 senior leaders instead of 20 the Duty Manager duty alone puts each of
 * them about 1,600 minutes above a target that never caps someone allowed on every duty.)
 */
function secondarySchool() {
  const staff = Array.from({ length: 150 }, (_, i) => {
    const s = { id: `s${String(i).padStart(4, '0')}`, isTeaching: i % 3 !== 0, isActive: true };
    if (i % 5 === 1) s.workingDays = PATTERNS[i % PATTERNS.length];
    if (i % 8 === 2) s.avoidDays = [4];
    if (i % 12 === 5) s.weeklyCap = 2;
    return s;
  });
  const slt = new Set(
    staff
      .filter((s) => s.isTeaching && !s.workingDays)
      .slice(0, 20)
      .map((s) => s.id),
  );
  const firstAiders = new Set(staff.filter((_, i) => i % 7 === 3).map((s) => s.id));
  const nonTeaching = new Set(staff.filter((s) => !s.isTeaching).map((s) => s.id));
  const teaching = new Set(staff.filter((s) => s.isTeaching).map((s) => s.id));
  const unavailability = staff
    .filter((_, i) => i % 10 === 0)
    .map((s, k) => {
      const start = schoolDays[(k * 37) % (schoolDays.length - 10)];
      return { staffId: s.id, start, end: calendar[calendar.indexOf(start) + 13] };
    });
  const at = (h, m) => h * 60 + m;
  const timed = (id, start, end, people, more = {}) => ({
    id,
    weight: end - start,
    window: { start, end },
    needs: [people, people, people, people, people],
    eligible: null,
    pairsTeaching: true,
    ...more,
  });
  const duties = [
    { id: 'duty-manager', weight: 60, window: null, needs: [2, 2, 2, 2, 2], eligible: slt, pairsTeaching: true },
    timed('gate-north', at(8, 20), at(8, 45), 3),
    timed('gate-south', at(8, 20), at(8, 45), 3),
    ...['break-yard', 'break-field', 'break-corridors', 'break-canteen'].map((id) => timed(id, at(10, 40), at(11, 0), 2)),
    timed('lunch-canteen-1', at(12, 15), at(12, 45), 3),
    timed('lunch-canteen-2', at(12, 45), at(13, 15), 3),
    timed('lunch-field-1', at(12, 15), at(12, 45), 3),
    timed('lunch-sports-hall-2', at(12, 45), at(13, 15), 2, { eligible: firstAiders }),
    timed('lunch-library-1', at(12, 15), at(12, 45), 2, { eligible: nonTeaching, pairsTeaching: false }),
    timed('buses', at(15, 10), at(15, 30), 4),
    timed('detention', at(15, 30), at(16, 30), 2, { needs: [0, 2, 0, 2, 0], eligible: teaching, pairsTeaching: false }),
  ];
  return { staff, duties, unavailability };
}

function runSecondary(mixMode) {
  const { staff, duties, unavailability } = secondarySchool();
  const input = {
    days: calendar,
    duties,
    plan: duties.map((d) => d.id),
    staff,
    holidays,
    unavailability,
    existing: {},
    maxPerDay: 1,
    allDayCounts: true,
    priorLoad: {},
    mode: 'reshuffle',
    mixMode,
    fairShare: { schoolDays, unavailability },
  };
  const started = process.hrtime.bigint();
  const cpuBefore = process.threadCpuUsage();
  const result = planDuties(input);
  const cpu = process.threadCpuUsage(cpuBefore);
  const ms = Number(process.hrtime.bigint() - started) / 1e6;
  // The thread's CPU, beside the time: on a busy machine the time waits for a core, the CPU doesn't.
  const cpuMs = (cpu.user + cpu.system) / 1000;

  const shares = dutyFairShares(staff, duties, input.fairShare);
  const load = new Map(staff.map((s) => [s.id, 0]));
  const counts = new Map(staff.map((s) => [s.id, new Map()]));
  let slots = 0;
  let filled = 0;
  for (const duty of duties) {
    for (const daySlots of Object.values(result.days[duty.id] ?? {})) {
      for (const slot of daySlots) {
        slots += 1;
        if (!slot) continue;
        filled += 1;
        load.set(slot.staffId, load.get(slot.staffId) + duty.weight);
        const mine = counts.get(slot.staffId);
        mine.set(duty.id, (mine.get(duty.id) ?? 0) + 1);
      }
    }
  }
  const diffs = staff.map((s) => load.get(s.id) - shares.target.get(s.id));
  const lightest = Math.min(...duties.map((d) => d.weight));
  // The spread over duties: per person, Σ over the duties they may take of |count − share| (share in duties, not minutes).
  let offShare = 0;
  let oneKind = 0;
  for (const s of staff) {
    const allowed = duties.filter((d) => d.eligible === null || d.eligible.has(s.id));
    const mine = counts.get(s.id);
    for (const d of allowed) offShare += Math.abs((mine.get(d.id) ?? 0) - shares.perDuty.get(s.id).get(d.id) / d.weight);
    if (allowed.length >= 3 && mine.size === 1) oneKind += 1;
  }
  const violations = checkDuties(result.days, {
    duties: duties.map((d) => ({ ...d, name: d.id })),
    staff,
    closures: holidays.map((h) => ({ ...h, kind: 'holiday', label: 'Closed' })),
    away: unavailability.map((u) => ({ ...u, label: 'Away' })),
    maxPerDay: input.maxPerDay,
    allDayCounts: input.allDayCounts,
  }).length;
  const largest = Math.max(...diffs.map(Math.abs));
  return {
    cpuMs,
    ms,
    filled: filled / slots,
    largest,
    largestWeights: largest / lightest,
    range: Math.max(...diffs) - Math.min(...diffs),
    offShare: offShare / staff.length,
    oneKind,
    violations,
  };
}

console.log();
console.log('secondary: 150 staff, 14 duties, 33–35 people a day (planDuties). Load in minutes (Σ weight); target from dutyFairShares.');
console.log('case       mix        time(ms)  cpu(ms)  filled   largest|d|(min)  (duty-weights)  max−min(d)  Σ_d|count−share|  one kind  violations');
// One untimed run first: the rows above warmed the single-duty engine's code, not the multi-duty engine's.
runSecondary('always');
for (const mixMode of ['always', 'when_fair', 'never']) {
  const r = runSecondary(mixMode);
  console.log(
    `secondary  ${mixMode.padEnd(9)}  ${f(r.ms, 8, 1)}  ${f(r.cpuMs, 7, 1)}  ${f(r.filled * 100, 5, 1)}%  ${f(r.largest, 15)}  ${f(r.largestWeights, 14)}  ${f(r.range, 10)}  ${f(r.offShare, 16)}  ${f(r.oneKind, 8, 0)}  ${f(r.violations, 10, 0)}`,
  );
}
