/** The largest gap to fair share, in duties (rounded to 2 decimals), before and after a rebalance. */
export class LargestGapDto {
  before!: number;
  after!: number;
}
