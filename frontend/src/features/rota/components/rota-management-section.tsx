import { DraftsCard } from './drafts-card';
import { RotaManagementCard } from './rota-management-card';

/** The Admin Panel's Rota Management section: the bulk tools, then the drafts (docs/product.md#drafts). */
export function RotaManagementSection() {
  return (
    <>
      <RotaManagementCard />
      <div style={{ marginTop: 16 }}>
        <DraftsCard />
      </div>
    </>
  );
}
