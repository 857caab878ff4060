#!/usr/bin/env node
// Plans a full academic year with the rota engine for 20, 200 and 2,000 staff at 2 and 5 slots
// a day and prints time, fairness and rule figures (no pass/fail: figures to watch).
//   npm run build -w backend && node bench/rota-engine.mjs
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const { planRota, weekdayIndex } = require('../backend/dist/modules/rota/engine/rota-engine.js');

const days = [];
for (let d = new Date(Date.UTC(2025, 8, 1)); d <= new Date(Date.UTC(2026, 7, 31)); d.setUTCDate(d.getUTCDate() + 1)) {
  days.push(d.toISOString().slice(0, 10));
}
const holidays = [
  { start: '2025-10-27', end: '2025-10-31' },
  { start: '2025-12-22', end: '2026-01-02' },
  { start: '2026-02-16', end: '2026-02-20' },
  { start: '2026-03-30', end: '2026-04-10' },
  { start: '2026-05-25', end: '2026-05-29' },
  { start: '2026-07-22', end: '2026-08-31' },
];

function run(people, slotsPerDay) {
  const staff = Array.from({ length: people }, (_, i) => ({ id: `s${i}`, isTeaching: i % 3 !== 0, isActive: true }));
  // One person in ten is away for a fortnight at some point.
  const unavailability = staff.filter((_, i) => i % 10 === 0).map((s, k) => {
    const start = days[(k * 37) % 300];
    return { staffId: s.id, start, end: days[days.indexOf(start) + 13] };
  });
  const input = { days, slotsPerDay, staff, holidays, unavailability, existing: {}, priorCounts: {}, mode: 'reshuffle' };
  const started = process.hrtime.bigint();
  const result = planRota(input);
  const ms = Number(process.hrtime.bigint() - started) / 1e6;

  const byId = new Map(staff.map((s) => [s.id, s]));
  const counts = new Map(staff.map((s) => [s.id, 0]));
  const weekday = new Map(staff.map((s) => [s.id, [0, 0, 0, 0, 0]]));
  let violations = 0;
  let mixedDays = 0;
  let plannedDays = 0;
  for (const [day, slots] of Object.entries(result.days)) {
    plannedDays += 1;
    const people = slots.filter(Boolean);
    if (new Set(people).size !== people.length) violations += 1;
    if (holidays.some((h) => h.start <= day && day <= h.end) || weekdayIndex(day) > 4) violations += 1;
    for (const id of people) {
      if (unavailability.some((u) => u.staffId === id && u.start <= day && day <= u.end)) violations += 1;
      counts.set(id, counts.get(id) + 1);
      weekday.get(id)[weekdayIndex(day)] += 1;
    }
    const kinds = new Set(people.map((id) => byId.get(id).isTeaching));
    if (kinds.size === 2) mixedDays += 1;
  }
  const totals = [...counts.values()];
  const spread = Math.max(...totals) - Math.min(...totals);
  const weekdaySpread = Math.max(...[...weekday.values()].map((w) => Math.max(...w) - Math.min(...w)));
  return { people, slotsPerDay, ms, plannedDays, spread, weekdaySpread, mix: mixedDays / plannedDays, violations };
}

console.log('staff  slots  days  time(ms)  spread(max-min)  weekday-spread(max)  mixed-days  violations');
for (const people of [20, 200, 2000]) {
  for (const slots of [2, 5]) {
    const r = run(people, slots);
    console.log(
      `${String(r.people).padStart(5)}  ${String(r.slotsPerDay).padStart(5)}  ${String(r.plannedDays).padStart(4)}  ${r.ms.toFixed(1).padStart(8)}  ${String(r.spread).padStart(15)}  ${String(r.weekdaySpread).padStart(19)}  ${(r.mix * 100).toFixed(1).padStart(9)}%  ${String(r.violations).padStart(10)}`,
    );
  }
}
