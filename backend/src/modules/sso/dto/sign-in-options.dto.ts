import { ApiProperty } from '@nestjs/swagger';
import { IsBoolean, IsIn } from 'class-validator';
import { JOIN_RULES, type JoinRule } from '../entities/sign-in-settings.entity';

export class SignInOptionsDto {
  /** Someone from an allowed domain or tenant without an account: refused, or joins as staff. */
  @ApiProperty({ enum: JOIN_RULES, enumName: 'JoinRule' })
  @IsIn(JOIN_RULES, { message: `joinRule must be one of ${JOIN_RULES.join(', ')}` })
  joinRule!: JoinRule;

  /** Whether members other than admins may still sign in with a password (admins always may). */
  @IsBoolean({ message: 'passwordSignIn must be true or false' })
  passwordSignIn!: boolean;
}
