import { EmailTemplateDto } from './email-template.dto';

export class EmailTemplateResultDto extends EmailTemplateDto {
  /** True while the built-in template is in use (nothing saved yet). */
  isDefault!: boolean;
}
