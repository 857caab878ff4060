import { applyDecorators } from '@nestjs/common';
import { ApiProperty } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsString, Matches } from 'class-validator';
import { MAX_ALLOWED_ENTRIES, lowerTrimEach } from './sign-in-settings-fields';
import { SaveProviderFieldsDto } from './save-provider-fields.dto';

/** A Microsoft directory (tenant) id: a GUID, lower-cased. */
const TENANT_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

function AllowedTenantIds() {
  const message = 'Each tenant ID must be a directory (tenant) ID such as 8eaef023-2b34-4da1-9baa-8bc8c9d6a490';
  return applyDecorators(
    ApiProperty({ type: [String], maxItems: MAX_ALLOWED_ENTRIES, example: ['8eaef023-2b34-4da1-9baa-8bc8c9d6a490'] }),
    Transform(lowerTrimEach),
    IsArray({ message: 'allowedTenantIds must be a list of tenant IDs' }),
    ArrayMaxSize(MAX_ALLOWED_ENTRIES, { message: `At most ${MAX_ALLOWED_ENTRIES} tenant IDs` }),
    IsString({ each: true, message }),
    Matches(TENANT_ID, { each: true, message }),
  );
}

export class SaveMicrosoftSignInDto extends SaveProviderFieldsDto {
  /** The directory (tenant) IDs whose accounts may sign in (at most 20). */
  @AllowedTenantIds()
  allowedTenantIds!: string[];
}
