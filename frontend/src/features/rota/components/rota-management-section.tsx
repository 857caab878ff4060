import { DraftsCard } from './drafts-card';
import { PinnedDutiesCard } from './pinned-duties-card';
import { RotaManagementCard } from './rota-management-card';

/**
 * The Admin Panel's Rota Management section: the bulk tools, the pinned duties
 * (docs/product.md#pinned-duties), then the drafts (docs/product.md#drafts).
 */
export function RotaManagementSection() {
  return (
    <>
      <RotaManagementCard />
      <PinnedDutiesCard />
      <div style={{ marginTop: 16 }}>
        <DraftsCard />
      </div>
    </>
  );
}
