import { Injectable } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';

/** How long a fresh provider sign-in stands in for the password of a sensitive change. */
export const REAUTH_PROOF_SECONDS = 5 * 60;
/** Its own audience: a proof is never a session token, nor a session token a proof. */
const AUDIENCE = 'duty-manager-reauthentication';

export interface ProofSubject {
  userId: string;
  sessionId: string;
  tokenVersion: number;
}

/**
 * Proofs that a signed-in person has just signed in again through their identity provider (with
 * the provider asked to make them sign in afresh): what re-authentication asks of an account with
 * no password (docs/security.md, "Re-authentication"). A proof is signed, lives five minutes, and
 * holds only for the session that asked for it and the account's current token version.
 */
@Injectable()
export class ReauthProofs {
  constructor(private readonly jwt: JwtService) {}

  issue(subject: ProofSubject & { organizationId: string }): Promise<string> {
    return this.jwt.signAsync(
      { sub: subject.userId, org: subject.organizationId, sid: subject.sessionId, ver: subject.tokenVersion, purpose: 'reauthentication' },
      { audience: AUDIENCE, expiresIn: REAUTH_PROOF_SECONDS },
    );
  }

  async holds(proof: string, subject: ProofSubject): Promise<boolean> {
    try {
      const claims = await this.jwt.verifyAsync<Record<string, unknown>>(proof, { audience: AUDIENCE });
      return (
        claims.purpose === 'reauthentication' &&
        claims.sub === subject.userId &&
        claims.sid === subject.sessionId &&
        claims.ver === subject.tokenVersion
      );
    } catch {
      return false;
    }
  }
}
