import { Transform } from 'class-transformer';
import { IsString, MaxLength, MinLength } from 'class-validator';
import { trim } from '../../../common/validation/normalize';

/** A new name for the signed-in person's own account (and their staff record). */
export class ChangeOwnNameDto {
  /** 2 to 100 characters, as at sign-up. */
  @Transform(trim)
  @IsString({ message: 'Name is required' })
  @MinLength(2, { message: 'Name must be at least 2 characters' })
  @MaxLength(100, { message: 'Name must be at most 100 characters' })
  name!: string;
}
