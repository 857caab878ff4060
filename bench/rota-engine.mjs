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
//   npm run build -w backend && node bench/rota-engine.mjs
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const { planRota, fairShares, weekdayIndex } = require('../backend/dist/modules/rota/engine/rota-engine.js');

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
