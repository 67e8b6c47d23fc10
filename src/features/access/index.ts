export {
  authenticate,
  authenticateSecretKey,
  chosenMode,
  gatewayModeScope,
  inMode,
  merchantScope,
  type ModeScope,
  modeScope,
} from './authenticate.ts';
export { InMemoryCredentialCache } from './credential-cache.ts';
export {
  announceCredentialChange,
  listenForCredentialChanges,
} from './credential-notifications.ts';
export { assertLoginAllowed, clearLoginFailures, recordLoginFailure } from './login-throttle.ts';
export {
  issueRefreshToken,
  revokeRefreshFamily,
  revokeRefreshTokensOf,
  rotateRefreshToken,
} from './refresh-tokens.ts';
