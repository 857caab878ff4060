import { IntersectionType } from '@nestjs/swagger';
import { ReauthenticationDto } from '../../auth/dto/reauthentication.dto';
import { SignInOptionsDto } from './sign-in-options.dto';

/** The sign-in options, behind re-authentication like every change to how people sign in. */
export class SaveSignInOptionsDto extends IntersectionType(SignInOptionsDto, ReauthenticationDto) {}
