/** The team's fairness over the period. */
export class FairnessSummaryDto {
  /** Duties done and planned in the period, by everyone. */
  totalDuties!: number;
  /** Active people counted. */
  people!: number;
  /** The average duties (done and planned) per active person. */
  averageDuties!: number;
  /** The largest |difference|. */
  largestDifference!: number;
  /** The largest difference minus the smallest. */
  spread!: number;
  /** √Σ difference²: the load-balance measure of one number for the whole team. */
  rootSumOfSquares!: number;
  /** School days of the period: weekdays in term time that are not holidays. */
  schoolDays!: number;
  /** The duties shared out as fair shares: the sum of the active people's shares, to two decimals. */
  dutiesShared!: number;
  /** Everyone's weighted days together, to two decimals. */
  weightedDays!: number;
  /** How a share is made, in words, with the period's figures. */
  shareRule!: string;
}
