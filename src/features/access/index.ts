export {
  authenticate,
  authenticateSecretKey,
  type CheckedSecretKey,
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
export { checkPasswordThrottled, clearLoginFailures } from './login-throttle.ts';
export { sendPasswordResetTask } from './password-reset-job.ts';
export {
  consumePasswordReset,
  type PasswordResetRequested,
  recordPasswordResetRequest,
  resetRequestedAnswer,
  sendPasswordReset,
} from './password-resets.ts';
export {
  endLogin,
  endLoginsOf,
  endLoginsOfMember,
  type Login,
  memberOfLogin,
  openLogin,
  rotateRefreshToken,
  subjectKey,
} from './refresh-tokens.ts';
export {
  consumeSecondFactor,
  recoveryCodeDigest,
  requireSecondFactor,
  signInEmailOf,
} from './two-factor.ts';
