/** The secret that signs session tokens, provided once by the app module. */
export class JwtSecret {
  constructor(readonly value: string) {}
}
