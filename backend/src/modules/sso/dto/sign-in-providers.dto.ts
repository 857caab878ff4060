import { SignInProviderDto } from './sign-in-provider.dto';

export class SignInProvidersDto {
  /** The organisation's providers that are turned on, Google, Microsoft, then the other one. */
  providers!: SignInProviderDto[];
}
