import { CurrentUserDto } from './current-user.dto';
import { CurrentOrganizationDto } from './current-organization.dto';

export class CurrentUserResponseDto {
  user!: CurrentUserDto;
  organization!: CurrentOrganizationDto;
}
