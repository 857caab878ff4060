import { AccountSecurityPage } from '@/features/auth/routes';
import { YourDataCard } from '@/features/data-rights/routes';

/** `/account`: the person's own account (auth) and, last, the data held about them (data-rights). */
export function AccountPage() {
  return (
    <AccountSecurityPage>
      <YourDataCard />
    </AccountSecurityPage>
  );
}
