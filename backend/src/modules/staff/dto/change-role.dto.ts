import { ApiProperty } from '@nestjs/swagger';
import { IsIn } from 'class-validator';
import { ROLES, type Role } from '../../../common/auth/roles';

export class ChangeRoleDto {
  @ApiProperty({ enum: ROLES, enumName: 'Role' })
  @IsIn(ROLES, { message: 'Role must be one of: admin, manager, staff' })
  role!: Role;
}
