import { publishedDay } from './draft-publish';

const slot = (staffId: string, pinned?: boolean) => ({ staffId, override: false, ...(pinned === undefined ? {} : { pinned }) });

describe("a published draft's day (docs/product.md#drafts)", () => {
  it("is the draft's when nothing on the live day is pinned", () => {
    const draft = [slot('ann'), slot('bob')];
    expect(publishedDay([slot('cat'), null], draft)).toBe(draft);
    expect(publishedDay([slot('cat', false)], draft)).toBe(draft);
  });

  it('keeps a pinned live slot in place and never puts its person on the day twice', () => {
    expect(publishedDay([slot('cat', true), slot('dan')], [slot('ann'), slot('cat')])).toEqual([slot('cat', true), null]);
    expect(publishedDay([null, slot('cat', true)], [slot('ann'), slot('bob'), slot('eve')])).toEqual([slot('ann'), slot('cat', true), slot('eve')]);
  });
});
