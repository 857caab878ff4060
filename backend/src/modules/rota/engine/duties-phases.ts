/**
 * The multi-duty engine's phases over one `DutiesState`: `fillDutiesGreedily`, `rebalanceLoads`,
 * `exchangeWithinDuties` (the single-duty engine's preferences and spread, one duty at a time) and
 * `spreadAcrossDuties`. Each keeps every hard rule (`mayTake`) and moves only what this run placed.
 */

import { assignDuty, type DutiesState, holderOf, mayTake, moveDuty, type PlacedSlot, tally } from './duties-state';
import { honourPreferences, type IsoDate, type PlanState, spreadDuties } from './rota-engine';

/** A stable, well-mixed tie-breaker, so ties don't always favour the same names. */
function tieBreak(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}

/** Whether slot `slot` of duty d on day t may be filled: empty, and named by `fillable` when that lists the day. */
function open(s: DutiesState, t: number, d: number, slot: number): boolean {
  if (s.slots[t]![d]![slot] !== null) return false;
  const listed = s.fillable[d]?.get(t);
  return !listed || listed.includes(slot);
}

/**
 * The greedy phase: day by day in date order; within a day the planned duties most constrained
 * first (fewest people who may take them per slot to fill, then the earlier start — all day first —
 * then the school's order), slot by slot. Each slot goes to the person furthest below their target
 * load by the end of the planned days — in whole lightest duties, as `planRota` counts whole
 * duties, so that people about as far below tie — for the days they have left; then the one
 * furthest below their share of that duty (nobody always gets the wet field); then the fewest duties on that
 * weekday; then a stable tie-break. On a duty with the teaching mix, the kind its slots lack
 * altogether first — both kinds, not as many of each — (under "when fair", only while that keeps
 * the person within one of this duty's weight of their target so far). Returns how many slots it filled.
 */
export function fillDutiesGreedily(s: DutiesState): number {
  const { staff, days, slots, load, target, dutyShare, dutyCount, weekdayCounts, available, teaching, teachingIds, weight } = s;
  const n = staff.length;
  const D = s.duties.length;
  const yearLoad = target.reduce((a, b) => a + b, 0);
  let placed = load.reduce((a, b) => a + b, 0);
  let ahead = 0;
  days.forEach((_, t) => {
    for (let d = 0; d < D; d += 1) if (s.planned[d]) for (let k = 0; k < slots[t]![d]!.length; k += 1) if (open(s, t, d, k)) ahead += weight[d]!;
  });
  const horizon = yearLoad > 0 ? Math.min(1, (placed + ahead) / yearLoad) : 1;
  const remaining = new Float64Array(n);
  for (const can of available) for (let i = 0; i < n; i += 1) remaining[i]! += can[i]!;
  const tie = new Float64Array(n);
  const urgency = new Float64Array(n);
  let filled = 0;

  days.forEach((day, t) => {
    const wd = s.weekday[t]!;
    for (let i = 0; i < n; i += 1) urgency[i] = Math.floor(target[i]! * horizon - load[i]!) / Math.max(1, remaining[i]!);
    // The duties to fill today, most constrained first (counting who may take them only when there
    // are two or more to order: a repair's fill of one duty asks once per day, not once per person).
    const today: { d: number; key: number; start: number; toFill: number }[] = [];
    for (let d = 0; d < D; d += 1) {
      if (!s.planned[d]) continue;
      let toFill = 0;
      for (let k = 0; k < slots[t]![d]!.length; k += 1) if (open(s, t, d, k)) toFill += 1;
      if (toFill) today.push({ d, key: 0, start: s.duties[d]!.window?.start ?? -1, toFill });
    }
    if (today.length > 1) {
      for (const duty of today) {
        let candidates = 0;
        for (let i = 0; i < n; i += 1) if (target[i]! > 0 && mayTake(s, i, t, duty.d)) candidates += 1;
        duty.key = candidates / duty.toFill;
      }
      today.sort((a, b) => a.key - b.key || a.start - b.start || a.d - b.d);
    }
    for (const { d } of today) {
      tie.fill(NaN);
      const better = (a: number, b: number): boolean => {
        if (urgency[a] !== urgency[b]) return urgency[a]! > urgency[b]!;
        const pa = dutyShare[a * D + d]! * horizon - dutyCount[a * D + d]!;
        const pb = dutyShare[b * D + d]! * horizon - dutyCount[b * D + d]!;
        if (pa !== pb) return pa > pb;
        const wa = weekdayCounts[a * 5 + wd]!;
        const wb = weekdayCounts[b * 5 + wd]!;
        if (wa !== wb) return wa < wb;
        if (Number.isNaN(tie[a]!)) tie[a] = tieBreak(`${staff[a]!.id}|${day}|${s.duties[d]!.id}`);
        if (Number.isNaN(tie[b]!)) tie[b] = tieBreak(`${staff[b]!.id}|${day}|${s.duties[d]!.id}`);
        return tie[a]! < tie[b]!;
      };
      const holders = slots[t]![d]!;
      for (let k = 0; k < holders.length; k += 1) {
        if (!open(s, t, d, k)) continue;
        const bestOf = [-1, -1]; // [non-teaching, teaching]
        for (let i = 0; i < n; i += 1) {
          if (target[i]! <= 0 || !mayTake(s, i, t, d)) continue;
          const kind = teaching[i]!;
          if (bestOf[kind]! < 0 || better(i, bestOf[kind]!)) bestOf[kind] = i;
        }
        if (bestOf[0]! < 0 && bestOf[1]! < 0) continue;
        let chosen = bestOf[0]! < 0 ? bestOf[1]! : bestOf[1]! < 0 ? bestOf[0]! : better(bestOf[0]!, bestOf[1]!) ? bestOf[0]! : bestOf[1]!;
        if (s.duties[d]!.pairsTeaching && s.mixMode !== 'never') {
          let people = 0;
          let teachers = 0;
          for (const id of holders) {
            if (id === null) continue;
            people += 1;
            if (teachingIds.has(id)) teachers += 1;
          }
          // Both kinds wanted, not as many of each: a duty of three that has both takes whoever is fairest.
          if (people > 0 && (teachers === 0 || teachers === people)) {
            const ofKind = bestOf[teachers === 0 ? 1 : 0]!;
            const progress = yearLoad > 0 ? Math.min(1, (placed + weight[d]!) / yearLoad) : 1;
            const drift = (i: number) => load[i]! + weight[d]! - target[i]! * progress;
            if (ofKind >= 0 && (s.mixMode === 'always' || drift(ofKind) <= weight[d]!)) chosen = ofKind;
          }
        }
        assignDuty(s, t, d, k, chosen);
        urgency[chosen] = Math.floor(target[chosen]! * horizon - load[chosen]!) / Math.max(1, remaining[chosen]!);
        placed += weight[d]!;
        filled += 1;
      }
    }
    for (let i = 0; i < n; i += 1) remaining[i]! -= available[t]![i]!;
  });
  return filled;
}

/** Per person, the slots this run placed that they hold (indexes into `placedNow`). */
function holdings(s: DutiesState): number[][] {
  const out: number[][] = s.staff.map(() => []);
  s.placedNow.forEach((p, k) => {
    const i = holderOf(s, p);
    if (i >= 0) out[i]!.push(k);
  });
  return out;
}

/**
 * The rebalance phase, over weighted load. Load moves from whoever is furthest above their target
 * to whoever is further below, while that brings the two closer — the load moved is less than the
 * gap between them, so the sum of squared differences falls — until nobody is more than one
 * lightest duty above the one furthest below (not only above their target: when a day needs more
 * people than may take it, everyone can be below). A move is, first, a duty handed over directly;
 * else, when none can be, an exchange with someone below in the same week: they hand back a lighter
 * duty (the difference moves), or, when their weekly cap is in the way, a third person takes one of
 * their duties that week first (when the three are closer after). Under "Always pair" a duty with
 * the mix changes hands only when its day keeps both kinds (between people of the same kind, or the
 * third of three). Without a year there is nothing to aim at. Returns how many duties changed hands.
 */
export function rebalanceLoads(s: DutiesState): number {
  if (!s.sharesOfYear) return 0;
  const { load, target, weight, teaching, placedNow } = s;
  const n = s.staff.length;
  const D = s.duties.length;
  const diff = (i: number) => load[i]! - target[i]!;
  const sq = (x: number) => x * x;
  const held = holdings(s);
  const W = s.mondays.length;
  /** The same per person and week (i × W + w): where an exchange looks. */
  const heldInWeek: number[][] = Array.from({ length: n * W }, () => []);
  held.forEach((list, i) => list.forEach((k) => heldInWeek[i * W + s.week[placedNow[k]!.t]!]!.push(k)));
  /**
   * Under "Always pair", whether slot p may go from `from` to someone of the other kind: its duty keeps both kinds that
   * day if it had them. (Between people of the same kind it always may.)
   */
  const mayCross = (p: PlacedSlot, from: number) => {
    if (s.mixMode !== 'always' || !s.duties[p.d]!.pairsTeaching) return true;
    let people = 0;
    let teachers = 0;
    for (const id of s.slots[p.t]![p.d]!) {
      if (id === null) continue;
      people += 1;
      if (s.teachingIds.has(id)) teachers += 1;
    }
    const after = teachers + (teaching[from] ? -1 : 1);
    return !(teachers > 0 && teachers < people) || (after > 0 && after < people);
  };
  const sameKind = (p: PlacedSlot, from: number, to: number) => teaching[from] === teaching[to] || mayCross(p, from);
  const order = [...Array(n).keys()];
  /** Who found no duty to hand over, and who no exchange: not looked at again until a move could have changed that. */
  const stuck = new Uint8Array(n);
  const hopeless = new Uint8Array(n);
  /** Slot k of `placedNow` goes from `from` to `to`, in the plan and the holdings. */
  const hand = (k: number, from: number, to: number) => {
    moveDuty(s, placedNow[k]!, from, to);
    const list = held[from]!;
    list.splice(list.indexOf(k), 1);
    held[to]!.push(k);
    const w = s.week[placedNow[k]!.t]!;
    const inWeek = heldInWeek[from * W + w]!;
    inWeek.splice(inWeek.indexOf(k), 1);
    heldInWeek[to * W + w]!.push(k);
    // `to` has more to give; `from` has room, so whoever is far enough above them may hand them something.
    stuck[to] = 0;
    hopeless[to] = 0;
    for (let i = 0; i < n; i += 1) {
      if (diff(i) <= diff(from) + 1) continue;
      stuck[i] = 0;
      hopeless[i] = 0;
    }
  };
  let moves = 0;

  /** Hands one of `over`'s duties to someone further below who may take it. */
  const handOver = (over: number): boolean => {
    for (const k of held[over]!) {
      const p = placedNow[k]!;
      const cross = mayCross(p, over);
      for (let u = n - 1; u >= 0; u -= 1) {
        const under = order[u]!;
        if (diff(under) + weight[p.d]! >= diff(over)) break;
        if (under === over || (!cross && teaching[under] !== teaching[over]) || !mayTake(s, under, p.t, p.d)) continue;
        hand(k, over, under);
        moves += 1;
        return true;
      }
    }
    return false;
  };

  /** An exchange: `under` takes one of `over`'s duties and hands a lighter one of that week back, or a third person takes it. */
  const exchange = (over: number): boolean => {
    for (const k of held[over]!) {
      const p = placedNow[k]!;
      const wp = weight[p.d]!;
      const cross = mayCross(p, over);
      for (let u = n - 1; u >= 0; u -= 1) {
        const under = order[u]!;
        const gap = diff(over) - diff(under);
        if (gap <= 0) break;
        if (under === over || !s.available[p.t]![under] || !s.eligible[under * D + p.d] || (!cross && teaching[under] !== teaching[over])) continue;
        // A copy: a third person's move that doesn't free `under` is undone, and puts q back at the end of the list.
        for (const j of [...heldInWeek[under * W + s.week[p.t]!]!]) {
          const q = placedNow[j]!;
          const wq = weight[q.d]!;
          // A lighter duty back to `over`: the difference moves.
          if (wq < wp && wp - wq < gap && s.available[q.t]![over] && s.eligible[over * D + q.d] && sameKind(q, under, over)) {
            tally(s, over, p.t, p.d, -1);
            tally(s, under, q.t, q.d, -1);
            const fits = mayTake(s, under, p.t, p.d) && mayTake(s, over, q.t, q.d);
            tally(s, over, p.t, p.d, 1);
            tally(s, under, q.t, q.d, 1);
            if (fits) {
              hand(k, over, under);
              hand(j, under, over);
              moves += 2;
              return true;
            }
          }
          // The cap is in the way: a third person takes q first, when the three are closer after (Σ squares falls).
          if (s.weekCount[under * s.mondays.length + s.week[p.t]!]! < s.caps[under]! || !mayTake(s, under, p.t, p.d, true)) continue;
          const twoOf = sq(diff(over) - wp) - sq(diff(over)) + sq(diff(under) + wp - wq) - sq(diff(under));
          for (let v = n - 1; v >= 0; v -= 1) {
            const third = order[v]!;
            if (third === over || third === under) continue;
            if (twoOf + sq(diff(third) + wq) - sq(diff(third)) >= -1e-9) break;
            if (!sameKind(q, under, third)) continue;
            tally(s, under, q.t, q.d, -1);
            const fits = mayTake(s, third, q.t, q.d);
            tally(s, under, q.t, q.d, 1);
            if (!fits) continue;
            hand(j, under, third);
            if (mayTake(s, under, p.t, p.d)) {
              hand(k, over, under);
              moves += 2;
              return true;
            }
            hand(j, third, under);
          }
        }
      }
    }
    return false;
  };

  for (let round = 0; round < 10 * n + 100; round += 1) {
    order.sort((a, b) => diff(b) - diff(a) || a - b);
    let moved = false;
    // Everyone may be below their target (a day needing more people than may take it): the gap between two is what counts.
    const lowest = Math.min(...order.map(diff));
    for (const over of order) {
      if (diff(over) - lowest <= 1) break;
      while (diff(over) - lowest > 1 && !stuck[over]) {
        if (!handOver(over)) stuck[over] = 1;
        else moved = true;
      }
    }
    // Exchanges cost more to look for: only once no duty can be handed over, and one at a time.
    for (const over of order) {
      if (moved || diff(over) - lowest <= 1) break;
      if (hopeless[over]) continue;
      moved = exchange(over);
      if (!moved) hopeless[over] = 1;
    }
    if (!moved) break;
  }
  return moves;
}

/**
 * Preferences and spread (soft), one planned duty at a time: the single-duty engine's
 * `honourPreferences` and `spreadDuties` on a view of the plan that holds only that duty's slots —
 * exchanges between its days, so no load and no other duty changes. The view's "who may be on a
 * day" is `mayTake` with the person's own slot of that duty set aside and their other duties as
 * they are (none of them moves meanwhile); its week counts are every duty's, so caps hold; its
 * weekday counts are duty-days of every duty, so the spread evens those out. Returns how many
 * trades and exchanges it made.
 */
export function exchangeWithinDuties(s: DutiesState): number {
  let made = 0;
  for (let d = 0; d < s.duties.length; d += 1) {
    if (!s.planned[d] || !s.placedNow.some((p) => p.d === d)) continue;
    const view = viewOf(s, d);
    const before = s.slots.map((byDuty) => [...byDuty[d]!]);
    made += honourPreferences(view);
    made += spreadDuties(view);
    // The view wrote into the slots: count what changed, every leaving first (nobody holds a duty twice a day).
    for (const sign of [-1, 1] as const) {
      s.days.forEach((_, t) => {
        const after = s.slots[t]![d]!;
        after.forEach((id, k) => {
          const was = before[t]![k]!;
          if (id === was) return;
          const i = s.index.get((sign < 0 ? was : id) ?? '');
          if (i !== undefined) tally(s, i, t, d, sign);
        });
      });
    }
  }
  return made;
}

/** Whether person `i` may hold duty d on day t, their own slot of it that day set aside (the weekly cap aside: the view counts it). */
function mayHold(s: DutiesState, i: number, t: number, d: number): boolean {
  const D = s.duties.length;
  if (!s.available[t]![i] || !s.eligible[i * D + d] || s.blocked[t]!.has(i * D + d)) return false;
  const held = s.held[t]!;
  if (s.timed[d] && s.heldCount[t]![i]) {
    for (let e = 0; e < D; e += 1) if (e !== d && held[i * D + e] && s.overlap[d * D + e]) return false;
  }
  return !s.counting[d] || s.daily[t]![i]! - held[i * D + d]! < s.maxPerDay;
}

/** The single-duty plan state of duty d: its days and slots (the same arrays: exchanges write through), who may hold it on each day. */
function viewOf(s: DutiesState, d: number): PlanState {
  const n = s.staff.length;
  const W = s.mondays.length;
  const dayIdx: number[] = [];
  s.days.forEach((_, t) => s.slots[t]![d]!.length && dayIdx.push(t));
  const days = dayIdx.map((t) => s.days[t]!);
  const available = new Map<IsoDate, Uint8Array>();
  for (const t of dayIdx) {
    const can = new Uint8Array(n);
    for (let i = 0; i < n; i += 1) can[i] = mayHold(s, i, t, d) ? 1 : 0;
    available.set(s.days[t]!, can);
  }
  return {
    slotsPerDay: Math.max(1, ...dayIdx.map((t) => s.slots[t]![d]!.length)),
    mixMode: s.duties[d]!.pairsTeaching ? s.mixMode : 'never',
    staff: s.staff,
    index: s.index,
    days,
    planned: new Map(dayIdx.map((t) => [s.days[t]!, s.slots[t]![d]!])),
    placedNow: s.placedNow.filter((p) => p.d === d).map((p): [IsoDate, number] => [s.days[p.t]!, p.slot]),
    counts: Float64Array.from(s.load),
    weekdayCounts: s.staff.map((_, i) => [0, 1, 2, 3, 4].map((wd) => s.weekdayCounts[i * 5 + wd]!)),
    weekCounts: s.staff.map((_, i) => new Map(s.mondays.flatMap((monday, w) => (s.weekCount[i * W + w] ? [[monday, s.weekCount[i * W + w]!]] : [])))),
    available,
    teaching: Array.from(s.teaching, (t) => t === 1),
    works: s.works,
    avoids: s.avoids,
    caps: Array.from(s.caps),
    shares: Array.from(s.target),
    sharesOfYear: s.sharesOfYear,
    teachingIds: s.teachingIds,
  };
}

/**
 * Cross-duty spread (D > 1): on a day, two people on two planned duties of the same weight trade
 * duties when that lowers Σ (count − share)² over the two duties for the two of them together, so
 * nobody is always on the same duty when they may take several. Loads, days and weeks are
 * unchanged; the mix too (under a mix, only people of the same kind trade a duty that has it);
 * every hard rule holds. Each trade lowers the total, so it ends. Returns how many trades it made.
 */
export function spreadAcrossDuties(s: DutiesState): number {
  const D = s.duties.length;
  if (D < 2) return 0;
  const { dutyCount, dutyShare, weight, teaching } = s;
  const byDay: PlacedSlot[][] = s.days.map(() => []);
  for (const p of s.placedNow) byDay[p.t]!.push(p);
  const off = (i: number, d: number, delta: number) => {
    const x = dutyCount[i * D + d]! + delta - dutyShare[i * D + d]!;
    return x * x;
  };
  let trades = 0;
  for (let round = 0; round < 50; round += 1) {
    let changed = false;
    for (const list of byDay) {
      for (let x = 0; x < list.length; x += 1) {
        for (let y = x + 1; y < list.length; y += 1) {
          const p = list[x]!;
          const q = list[y]!;
          if (p.d === q.d || weight[p.d] !== weight[q.d]) continue;
          const a = holderOf(s, p);
          const b = holderOf(s, q);
          if (a < 0 || b < 0 || a === b) continue;
          const mixed = s.mixMode !== 'never' && (s.duties[p.d]!.pairsTeaching || s.duties[q.d]!.pairsTeaching);
          if (mixed && teaching[a] !== teaching[b]) continue;
          const before = off(a, p.d, 0) + off(a, q.d, 0) + off(b, p.d, 0) + off(b, q.d, 0);
          const after = off(a, p.d, -1) + off(a, q.d, 1) + off(b, p.d, 1) + off(b, q.d, -1);
          if (after >= before - 1e-9) continue;
          tally(s, a, p.t, p.d, -1);
          tally(s, b, q.t, q.d, -1);
          if (mayTake(s, a, q.t, q.d, true) && mayTake(s, b, p.t, p.d, true)) {
            s.slots[p.t]![p.d]![p.slot] = s.staff[b]!.id;
            s.slots[q.t]![q.d]![q.slot] = s.staff[a]!.id;
            tally(s, a, q.t, q.d, 1);
            tally(s, b, p.t, p.d, 1);
            trades += 1;
            changed = true;
          } else {
            tally(s, a, p.t, p.d, 1);
            tally(s, b, q.t, q.d, 1);
          }
        }
      }
    }
    if (!changed) break;
  }
  return trades;
}
