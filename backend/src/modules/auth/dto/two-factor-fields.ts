export const CODE_MESSAGE = 'Enter the 6-digit code from your authenticator app.';

export const PROOF_MESSAGE = 'Your confirmation through your identity provider has expired or was for another session. Confirm it is you again.';
