import { applyDecorators, createParamDecorator, type ExecutionContext, SetMetadata, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiExtension, ApiForbiddenResponse, ApiUnauthorizedResponse } from '@nestjs/swagger';
import { ErrorResponseDto } from '../http/error-body';
import { BEARER_AUTH } from '../swagger/openapi';
import type { AuthUser } from './auth-user';
import { AUTHENTICATED_KEY, BEFORE_TWO_FACTOR_SETUP_KEY, JwtAuthGuard, PERMISSION_KEY, PermissionGuard } from './guards';
import { type Permission, PERMISSIONS } from './roles';

/**
 * The one way to protect a route: signs the caller in from the bearer token, optionally
 * checks a permission from the table in roles.ts, and documents both in the OpenAPI spec.
 */
export function Authenticated(permission?: Permission, deniedAction?: string) {
  const decorators = [
    SetMetadata(PERMISSION_KEY, permission ? { permission, deniedAction } : undefined),
    SetMetadata(AUTHENTICATED_KEY, true),
    UseGuards(JwtAuthGuard, PermissionGuard),
    ApiBearerAuth(BEARER_AUTH),
    ApiUnauthorizedResponse({ type: ErrorResponseDto, description: 'Not signed in, or the session has ended.' }),
  ];
  if (permission) {
    decorators.push(
      ApiForbiddenResponse({
        type: ErrorResponseDto,
        description: `Only ${PERMISSIONS[permission].roles.join(', ')} may ${PERMISSIONS[permission].action}.`,
      }),
    );
  }
  return applyDecorators(...decorators);
}

/**
 * Lets an admin who must still turn on two-step verification (their organisation requires it)
 * reach the route: the current user and the setup itself. Every other signed-in route answers
 * them 403 until they have.
 */
export function AllowedBeforeTwoFactorSetup() {
  return SetMetadata(BEFORE_TWO_FACTOR_SETUP_KEY, true);
}

/** Marks the write routes that still work while the organisation waits to be deleted. */
export const WHILE_DELETION_PENDING_KEY = 'duty-manager:while-deletion-pending';

/**
 * Lets a write route (POST, PUT, PATCH, DELETE) work while the organisation is read-only during
 * its deletion's grace period (docs/security.md#deleting-an-organisation): signing out,
 * re-authenticating, restoring the organisation and downloading its export. Every other write of
 * a signed-in member of that organisation is refused.
 */
export function AllowedWhileDeletionPending() {
  return SetMetadata(WHILE_DELETION_PENDING_KEY, true);
}

/** The OpenAPI extension that marks an operation as asking for re-authentication. */
export const REAUTHENTICATION_EXTENSION = 'x-reauthentication';

/**
 * Marks an operation that changes how people sign in, or another sensitive setting: it asks the
 * signed-in person to re-authenticate (password or a fresh provider sign-in, plus their code when
 * two-step verification is on) and refuses without it. The mark is in the OpenAPI spec, where
 * test/reauthentication.int-spec.ts holds it against the list in docs/security.md
 * ("Re-authentication") and checks each listed operation refuses a request without credentials.
 */
export function RequiresReauthentication() {
  return applyDecorators(
    ApiExtension(REAUTHENTICATION_EXTENSION, true),
    ApiForbiddenResponse({
      type: ErrorResponseDto,
      description: 'Re-authentication failed: the password, the provider confirmation or the code is not correct (see `code`).',
    }),
  );
}

/** The signed-in user of the request (routes under `Authenticated()` only): the request is the route's first argument. */
export const CurrentUser = createParamDecorator((_data: unknown, ctx: ExecutionContext): AuthUser => {
  return ctx.getArgByIndex<{ user: AuthUser }>(0).user;
});
