import { ReauthenticationDto } from '../../auth/dto/reauthentication.dto';

/** Restores the organisation during its deletion's grace period; needs re-authentication. */
export class RestoreOrganizationDto extends ReauthenticationDto {}
