import type { Region } from '../api';

/** docs/product.md#holidays: the regions whose bank holidays the app knows, as they read on screen. */
export const REGION_LABELS: Record<Region, string> = {
  england_wales: 'England & Wales',
  scotland: 'Scotland',
  northern_ireland: 'Northern Ireland',
};

export const REGION_OPTIONS = (Object.keys(REGION_LABELS) as Region[]).map((region) => ({
  value: region,
  label: REGION_LABELS[region],
}));
