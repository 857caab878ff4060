// The generated endpoints already provide the "tenants" tag; the plan is public and static,
// so nothing needs cross-feature invalidation yet. Enhance here (enhanceEndpoints) when it does.
export { useGetPlanQuery } from './tenants.gen';
export type { PlanDto } from './tenants.gen';
