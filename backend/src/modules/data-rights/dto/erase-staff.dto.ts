import { ReauthenticationDto } from '../../auth/dto/reauthentication.dto';

/**
 * Erases a person's personal data now (POST /api/staff/{id}/erasure): the admin's own
 * re-authentication (docs/security.md#re-authentication), as for any sensitive change.
 */
export class EraseStaffDto extends ReauthenticationDto {}
