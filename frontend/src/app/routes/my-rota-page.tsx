import { MyRotaPage } from '@/features/my-rota/routes';
import { UnavailabilitySection, WeeklyCommitmentsSection } from '@/features/unavailability/routes';

/**
 * My Rota at /my-rota (docs/product.md#screens) with the selected person's unavailability below their duties:
 * dated periods, then weekly commitments. It lives in src/app because it composes parts of two features.
 */
export function MyRotaWithUnavailabilityPage() {
  return (
    <MyRotaPage
      renderPersonExtras={(person, isOwn) => (
        <>
          <UnavailabilitySection staff={person} isOwn={isOwn} />
          <WeeklyCommitmentsSection staff={person} isOwn={isOwn} />
        </>
      )}
    />
  );
}
