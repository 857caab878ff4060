/** What tells a staff record's owner: the user it is linked to, or its email address. */
interface StaffIdentity {
  userId?: string | null;
  email?: string | null;
}

/**
 * The signed-in person's own staff record among `staff` (docs/product.md#accounts-and-sign-in: it is "me"): linked by user
 * id, else with the same email address. Staff get colleagues' records without either
 * (docs/product.md#what-people-see-of-each-other), and their own whole, so it is found all the same.
 */
export function ownStaffRecord<T extends StaffIdentity>(
  staff: readonly T[],
  user: { id: string; email: string } | undefined,
): T | undefined {
  if (!user) return undefined;
  const email = user.email.trim().toLowerCase();
  return (
    staff.find((person) => person.userId === user.id) ??
    staff.find((person) => person.email?.trim().toLowerCase() === email)
  );
}
