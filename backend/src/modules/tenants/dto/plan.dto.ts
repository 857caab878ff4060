/** The subscription plan an organisation signs up for, as the landing page sells it. */
export class PlanDto {
  /** Stable identifier of the plan. */
  id!: string;
  /** The plan's name as shown to customers. */
  name!: string;
  /** Price per month in the plan's currency, in whole units. */
  pricePerMonth!: number;
  /** ISO 4217 currency code of the price. */
  currency!: string;
  /** Length of the free trial in days. */
  trialDays!: number;
  /** Whether signing up for the trial asks for a credit card. */
  creditCardRequired!: boolean;
  /** What the plan includes, in the order the landing page lists it. */
  features!: string[];
}
