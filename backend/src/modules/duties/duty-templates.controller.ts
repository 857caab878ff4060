import { Controller, Get, HttpCode, HttpStatus, Param, Post } from '@nestjs/common';
import { ApiNotFoundResponse, ApiParam, ApiTags } from '@nestjs/swagger';
import type { AuthUser } from '../../common/auth/auth-user';
import { Authenticated, CurrentUser } from '../../common/auth/authenticated.decorator';
import { ErrorResponseDto } from '../../common/http/error-body';
import { AppliedDutyTemplateDto, DUTY_TEMPLATE_KEYS, DutyTemplateDto } from './dto/duty-template.dto';
import { DutiesService } from './duties.service';

/** Sets of duties a school can start from (docs/product.md#duties). */
@ApiTags('duties')
@Controller('duty-templates')
export class DutyTemplatesController {
  constructor(private readonly duties: DutiesService) {}

  /** The primary and the secondary school's templates, with their duties. */
  @Get()
  @Authenticated('duties.manage')
  getDutyTemplates(): DutyTemplateDto[] {
    return this.duties.templates();
  }

  /** Adds the template's duties at the end of the school's order; one whose name the school has is skipped. */
  @Post(':key/apply')
  @HttpCode(HttpStatus.OK)
  @Authenticated('duties.manage')
  @ApiParam({ name: 'key', enum: DUTY_TEMPLATE_KEYS, enumName: 'DutyTemplateKey' })
  @ApiNotFoundResponse({ type: ErrorResponseDto, description: 'No template has that key.' })
  applyDutyTemplate(@CurrentUser() user: AuthUser, @Param('key') key: string): Promise<AppliedDutyTemplateDto> {
    return this.duties.applyTemplate(user, key);
  }
}
