import { describe, expect, it } from 'vitest';

import { swapRequest } from '@/testing/fixtures';

import { groupSwaps, swapStateText, tabOf } from './swap-state';

const alice = { id: 's-1', name: 'Alice Able' };
const tom = { id: 's-2', name: 'Tom Colleague' };

describe('swapStateText', () => {
  it('says who or what a request waits for, then how it ended', () => {
    expect(swapStateText(swapRequest('a', alice, tom, { status: 'awaiting_colleague' }))).toBe(
      'Waiting for Tom Colleague',
    );
    expect(
      swapStateText(
        swapRequest('b', alice, null, { status: 'awaiting_colleague', open: true, targetId: null }),
      ),
    ).toBe('Open to anyone');
    expect(swapStateText(swapRequest('c', alice, tom))).toBe('Waiting for approval');
    expect(swapStateText(swapRequest('d', alice, tom, { status: 'expired' }))).toBe('Expired');
  });
});

describe('groupSwaps', () => {
  const answerable = swapRequest('w', tom, alice, {
    status: 'awaiting_colleague',
    canAnswer: true,
  });
  const accepted = swapRequest('p', alice, tom);
  const othersWaiting = swapRequest(
    'o',
    tom,
    { id: 's-3', name: 'Cara' },
    {
      status: 'awaiting_colleague',
    },
  );
  const over = swapRequest('h', alice, tom, { status: 'withdrawn' });
  const all = [answerable, accepted, othersWaiting, over];

  it('gives staff what they can answer, then the rest of theirs in progress, then history', () => {
    const groups = groupSwaps(all, 's-1', false);
    expect(groups.waitingForMe.map((r) => r.id)).toEqual(['w']);
    expect(groups.mine.map((r) => r.id)).toEqual(['p', 'o']);
    expect(groups.others).toEqual([]);
    expect(groups.history.map((r) => r.id)).toEqual(['h']);
  });

  it("puts what awaits approval before approvers, and other people's requests apart", () => {
    const groups = groupSwaps(all, 's-1', true);
    expect(groups.waitingForMe.map((r) => r.id)).toEqual(['w', 'p']);
    expect(groups.mine).toEqual([]);
    expect(groups.others.map((r) => r.id)).toEqual(['o']);
    expect(tabOf(groups, 'o')).toBe('others');
    expect(tabOf(groups, 'h')).toBe('history');
    expect(tabOf(groups, 'nope')).toBeUndefined();
  });
});
