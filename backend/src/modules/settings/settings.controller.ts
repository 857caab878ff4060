import { Body, Controller, Get, HttpCode, HttpStatus, Post } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { AuthUser } from '../../common/auth/auth-user';
import { Authenticated, CurrentUser } from '../../common/auth/authenticated.decorator';
import { SystemSettingsDto } from './dto/system-settings.dto';
import { SystemSettingsUpdateResultDto } from './dto/system-settings-update-result.dto';
import { UpdateSystemSettingsDto } from './dto/update-system-settings.dto';
import { SettingsService } from './settings.service';

@ApiTags('settings')
@Controller('system-settings')
export class SettingsController {
  constructor(private readonly settings: SettingsService) {}

  /** The organisation's settings; every member reads them (the rota views need the slot count). */
  @Get()
  @Authenticated('rota.view')
  getSystemSettings(): Promise<SystemSettingsDto> {
    return this.settings.get();
  }

  /** Changes the settings given; admins only ("You don't have permission to change system settings"). */
  @Post()
  @HttpCode(HttpStatus.OK)
  @Authenticated('settings.manage')
  saveSystemSettings(@CurrentUser() user: AuthUser, @Body() dto: UpdateSystemSettingsDto): Promise<SystemSettingsUpdateResultDto> {
    return this.settings.update(user, dto);
  }
}
