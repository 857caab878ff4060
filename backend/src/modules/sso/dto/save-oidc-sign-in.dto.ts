import { OidcFieldsDto } from './oidc-fields.dto';

export class SaveOidcSignInDto extends OidcFieldsDto {}
