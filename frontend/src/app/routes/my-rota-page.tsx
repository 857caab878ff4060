import { MyRotaPage } from '@/features/my-rota/routes';
import { AddYourselfCard } from '@/features/staff/components/add-yourself-card';
import { UnavailabilitySection, WeeklyCommitmentsSection } from '@/features/unavailability/routes';

/**
 * My Rota at /my-rota (docs/product.md#screens) with the selected person's unavailability below their duties:
 * dated periods, then weekly commitments; and, for someone who manages staff without a staff
 * record of their own (the admin who registered the school), the offer to add themselves. It
 * lives in src/app because it composes parts of three features.
 */
export function MyRotaWithUnavailabilityPage() {
  return (
    <MyRotaPage
      notes={<AddYourselfCard />}
      renderPersonExtras={(person, isOwn) => (
        <>
          <UnavailabilitySection staff={person} isOwn={isOwn} />
          <WeeklyCommitmentsSection staff={person} isOwn={isOwn} />
        </>
      )}
    />
  );
}
