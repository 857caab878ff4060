import { Body, Controller, Delete, Get, Param, Post, Put } from '@nestjs/common';
import { ApiConflictResponse, ApiNotFoundResponse, ApiTags } from '@nestjs/swagger';
import type { AuthUser } from '../../common/auth/auth-user';
import { Authenticated, CurrentUser } from '../../common/auth/authenticated.decorator';
import { ErrorResponseDto } from '../../common/http/error-body';
import { idParam } from '../../common/http/id-param';
import { CreateStaffGroupDto } from './dto/create-staff-group.dto';
import { DeletedStaffGroupDto } from './dto/deleted-staff-group.dto';
import { SavedStaffGroupDto } from './dto/saved-staff-group.dto';
import { StaffGroupDto } from './dto/staff-group.dto';
import { UpdateStaffGroupDto } from './dto/update-staff-group.dto';
import { StaffGroupsService } from './staff-groups.service';

const NAME_TAKEN = 'Another staff group has that name (names are compared without case).';

/** Staff groups (docs/product.md#staff-groups): named by the admin; who may take a duty can name them. */
@ApiTags('staff')
@Controller('staff-groups')
export class StaffGroupsController {
  constructor(private readonly groups: StaffGroupsService) {}

  /** The organisation's staff groups by name, each with its members by name. */
  @Get()
  @Authenticated('rota.view')
  getStaffGroups(): Promise<StaffGroupDto[]> {
    return this.groups.list();
  }

  /** Names a new group, with the people in it. */
  @Post()
  @Authenticated('staff.groups')
  @ApiConflictResponse({ type: ErrorResponseDto, description: NAME_TAKEN })
  @ApiNotFoundResponse({
    type: ErrorResponseDto,
    description: 'A member is not a staff member of this organisation.',
  })
  createStaffGroup(@CurrentUser() user: AuthUser, @Body() dto: CreateStaffGroupDto): Promise<StaffGroupDto> {
    return this.groups.create(user, dto);
  }

  /**
   * Renames a group or sets its members (the list replaces them). People taken out of it come off
   * the duties open to it from today on, refilled as auto-fill says; the answer says what happened.
   */
  @Put(':id')
  @Authenticated('staff.groups')
  @ApiConflictResponse({ type: ErrorResponseDto, description: NAME_TAKEN })
  @ApiNotFoundResponse({
    type: ErrorResponseDto,
    description: 'No such group, or a member is not a staff member of this organisation.',
  })
  updateStaffGroup(
    @CurrentUser() user: AuthUser,
    @Param('id', idParam('Staff group')) id: string,
    @Body() dto: UpdateStaffGroupDto,
  ): Promise<SavedStaffGroupDto> {
    return this.groups.update(user, id, dto);
  }

  /** Deletes a group; its people stay on the staff but come off the duties open to it from today on. */
  @Delete(':id')
  @Authenticated('staff.groups')
  @ApiNotFoundResponse({
    type: ErrorResponseDto,
    description: 'No such group in this organisation.',
  })
  deleteStaffGroup(@CurrentUser() user: AuthUser, @Param('id', idParam('Staff group')) id: string): Promise<DeletedStaffGroupDto> {
    return this.groups.remove(user, id);
  }
}
