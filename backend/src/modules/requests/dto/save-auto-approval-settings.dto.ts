import { IsBoolean, IsOptional, IsString, MaxLength, ValidateIf } from 'class-validator';

export class SaveAutoApprovalSettingsDto {
  /** The signed-in admin's own password, checked again before the change. */
  @IsOptional()
  @IsString({ message: 'Please enter the admin password to save settings.' })
  @MaxLength(200, { message: 'The password is too long' })
  adminPassword?: string;

  /**
   * A current code from the admin's authenticator app (or a recovery code), needed as well when
   * their two-step verification is on (docs/security.md, "Re-authentication").
   */
  @IsOptional()
  @IsString({ message: 'Enter the 6-digit code from your authenticator app.' })
  @MaxLength(64, { message: 'Enter the 6-digit code from your authenticator app.' })
  twoFactorCode?: string;

  // Left out: unchanged; null is refused like any other non-boolean (the column is NOT NULL).
  @ValidateIf((_o, v) => v !== undefined)
  @IsBoolean({ message: 'swaps must be true or false' })
  swaps?: boolean;

  @ValidateIf((_o, v) => v !== undefined)
  @IsBoolean({ message: 'cancellations must be true or false' })
  cancellations?: boolean;

  @ValidateIf((_o, v) => v !== undefined)
  @IsBoolean({ message: 'autoFillCancellations must be true or false' })
  autoFillCancellations?: boolean;
}
