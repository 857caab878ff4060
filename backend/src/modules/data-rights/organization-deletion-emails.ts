import { emailDocument, paragraphs } from '../../common/text/html';
import type { NewEmail } from '../mail/outbox.service';

/** How long an organisation stays restorable after an admin asks for its deletion. */
export const DELETION_GRACE_DAYS = 30;

interface Letter {
  to: string;
  name: string;
  organizationName: string;
}

function letter(kind: string, to: string, subject: string, lines: string[]): NewEmail {
  return { kind, to, containsAccessLink: false, subject, html: emailDocument(paragraphs(lines)), text: `${lines.join('\n\n')}\n` };
}

/** To every admin: someone asked for the organisation to be deleted; what happens, when, and how to stop it. */
export function deletionRequestedEmail(e: Letter & { requestedBy: string; dueDate: string; address: string }): NewEmail {
  return letter('organization-deletion-requested', e.to, `${e.organizationName} will be deleted on ${e.dueDate}`, [
    `Hello ${e.name},`,
    `${e.requestedBy} asked for ${e.organizationName} to be deleted from Duty Manager. Until ${e.dueDate} it is read-only: ` +
      'everyone can still sign in and see the rota, but nothing can be changed.',
    `On ${e.dueDate} every record of ${e.organizationName} is deleted for good: staff, duties, the rota and its history, ` +
      'requests, settings, the activity log and the procedure file. It cannot be undone after that; download the export first if you need a copy.',
    `If this is a mistake, any admin can restore ${e.organizationName} until then: sign in at ${e.address}, open the admin panel ` +
      'and choose "Restore" (you will be asked for your password).',
    'Duty Manager',
  ]);
}

/** To every admin: the organisation was restored during its grace period. */
export function deletionCancelledEmail(e: Letter & { restoredBy: string }): NewEmail {
  return letter('organization-deletion-cancelled', e.to, `${e.organizationName} will not be deleted`, [
    `Hello ${e.name},`,
    `${e.restoredBy} restored ${e.organizationName}: it will not be deleted, and everything can be changed again as before.`,
    'Duty Manager',
  ]);
}

/**
 * To each admin's address as it was before the deletion: it is done. A platform email (no
 * organisation), so it outlives the organisation's rows; it names the school, not its id.
 */
export function organizationDeletedEmail(e: Letter): NewEmail {
  return letter('organization-deleted', e.to, `${e.organizationName} has been deleted`, [
    `Hello ${e.name},`,
    `${e.organizationName} has been deleted from Duty Manager, as an admin asked ${DELETION_GRACE_DAYS} days ago. ` +
      'Every record of it is gone: staff, duties, the rota and its history, requests, settings, the activity log and the procedure file.',
    'Thank you for using Duty Manager.',
  ]);
}
