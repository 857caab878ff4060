export class AuthTokenDto {
  /** A bearer token for the `Authorization` header; the app stores it under `authToken`. */
  token!: string;
}
