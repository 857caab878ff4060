import { Type } from 'class-transformer';
import { ArrayMaxSize, ArrayMinSize, IsArray, ValidateNested } from 'class-validator';
import { THREE_TERMS } from '../term-dates';
import { TermDto } from './term.dto';

export class SaveTermDatesDto {
  /**
   * The autumn, spring and summer terms, once each, all within 1 September – 31 August of the
   * year, in order without overlapping; a half term has both dates or neither and lies inside its
   * term.
   */
  @IsArray({ message: THREE_TERMS })
  @ArrayMinSize(3, { message: THREE_TERMS })
  @ArrayMaxSize(3, { message: THREE_TERMS })
  @ValidateNested({ each: true })
  @Type(() => TermDto)
  terms!: TermDto[];
}
