import { applyDecorators } from '@nestjs/common';
import { ApiProperty } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsString, Matches } from 'class-validator';
import { MAX_ALLOWED_ENTRIES, lowerTrimEach } from './sign-in-settings-fields';
import { SaveProviderFieldsDto } from './save-provider-fields.dto';

/** A domain name of letters, digits and hyphens with at least one dot, lower-cased (Google Workspace's `hd`). */
const DOMAIN = /^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

function AllowedDomains() {
  return applyDecorators(
    ApiProperty({ type: [String], maxItems: MAX_ALLOWED_ENTRIES, example: ['stmarys.sch.uk'] }),
    Transform(lowerTrimEach),
    IsArray({ message: 'allowedDomains must be a list of domain names' }),
    ArrayMaxSize(MAX_ALLOWED_ENTRIES, { message: `At most ${MAX_ALLOWED_ENTRIES} allowed domains` }),
    IsString({ each: true, message: 'Each allowed domain must be a domain name such as stmarys.sch.uk' }),
    Matches(DOMAIN, { each: true, message: 'Each allowed domain must be a domain name such as stmarys.sch.uk' }),
  );
}

export class SaveGoogleSignInDto extends SaveProviderFieldsDto {
  /** The Workspace domains whose accounts may sign in, e.g. stmarys.sch.uk (at most 20). */
  @AllowedDomains()
  allowedDomains!: string[];
}
