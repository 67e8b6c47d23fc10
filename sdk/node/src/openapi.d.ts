// Generated from docs/openapi.json by sdk/node/scripts/generate-types.ts. Do not edit: run
// `npm run openapi`.
export interface paths {
  '/api/v1/merchant/register': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Register a merchant account
     * @description Creates a merchant in `pending_approval`. The response carries the test and live secret keys and each mode’s webhook signing secret (`webhook_secrets`; `webhook_secret` repeats the test one), once. Test keys work at once; live keys after an operator approves the account.
     */
    post: operations['registerMerchant'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/merchant/login': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Merchant dashboard login
     * @description Returns a 15-minute dashboard token accepted by the merchant routes below, and a refresh token. A member with two-factor sign-in on (decision 0065) sends `code` too: the right email and password without it are 401 `second_factor_required`, and the client asks for the code and sends all three again.
     */
    post: operations['loginMerchant'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/merchant/{merchant_id}/password': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Change the dashboard password
     * @description Dashboard token only. The current password must be right (403 otherwise; wrong attempts count toward the login throttle). Every other login of the merchant ends; the answer is a fresh session for this one.
     */
    post: operations['changeMerchantPassword'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/merchant/password-reset': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * E-mail a dashboard password reset link
     * @description Always 202, whether or not the address has a merchant account, so the form cannot tell who is a merchant. When it has one, an e-mail with a link to `/merchant/reset-password` follows (working once, for 60 minutes); at most 3 per account per hour. A merchant created with the CLI has no password: this is how it sets its first one (decision 0058).
     */
    post: operations['requestMerchantPasswordReset'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/merchant/password-reset/confirm': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Set the dashboard password with the link's token
     * @description Signs the merchant in (a new dashboard session) and ends every other login: refresh tokens are revoked and other reset links stop working. An expired, used or unknown token (or a customer’s): 400 `reset_link_invalid`. A deactivated merchant’s password is set, and the answer is 403 `merchant_inactive`.
     */
    post: operations['confirmMerchantPasswordReset'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/merchant/token/refresh': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Exchange a dashboard refresh token for new tokens
     * @description Refresh tokens are single use; presenting one twice revokes every token of that login.
     */
    post: operations['refreshMerchantToken'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/merchant/logout': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Dashboard sign-out: end this login
     * @description Ends the refresh token's login and its access tokens (decision 0034). Always 200, also when already signed out.
     */
    post: operations['signOutMerchant'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/merchant/me': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Read the merchant account of the calling secret key
     * @description As `GET /api/v1/merchant/{merchant_id}`, for tools holding only a key.
     */
    get: operations['getKeyMerchant'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/merchant/{merchant_id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Read the merchant account
     * @description The account is shared by test and live mode. `webhook_url`, `webhook_status` and `webhook_disabled_reason` describe the calling key’s mode’s endpoint (live for the dashboard token); `webhooks` shows both.
     */
    get: operations['getMerchant'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/merchant/{merchant_id}/settings': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    /**
     * Update merchant settings
     * @description Send only the fields to change. Changing `settlement_account` from the dashboard needs `password` (decision 0057) and a two-factor code in the `Two-Factor-Code` header (decision 0065); the account is named by the gateway’s account resolve first (`settlement_account.account_name`), and one it cannot name is 422 `account_not_resolved`. `null` clears `webhook_url`, `settlement_account` or `allowed_checkout_origins`. `webhook_url` is per mode: a secret key sets its own mode’s (test events go to the test URL, live events to the live one); the dashboard token says which with `?livemode=true|false`. The other settings are shared by both modes. New default constraints apply to sessions created afterwards. `allowed_checkout_origins`: up to 20 exact origins (`https://host[:port]`, or `http://localhost[:port]` / `http://127.0.0.1[:port]` for development; no path, wildcard or credentials) allowed to embed the checkout; stored normalised and de-duplicated; empty means any site may embed it. `partial_debit_floor_pct`: 10–90 turns partial debits on for automatic retries, `null` turns them off (400 `invalid_request` outside the range).
     */
    patch: operations['updateMerchantSettings'];
    trace?: never;
  };
  '/api/v1/merchant/{merchant_id}/settlement-account/check': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Name the holder of a bank account before making it the settlement account
     * @description Asks the bank, through the gateway’s account resolve, whose account `account_number` at `bank_code` is; changes nothing (decision 0057). The dashboard shows the name before the merchant confirms the change with the password. A number the bank cannot name: 422 `account_not_resolved`; no answer from the gateway: 502 `gateway_unavailable`.
     */
    get: operations['checkSettlementAccount'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/merchant/{merchant_id}/webhook-secret/roll': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Roll the webhook signing secret of one mode
     * @description Rolls the calling key’s mode’s secret (the dashboard token says which with `?livemode=true|false`); the other mode’s secret is untouched. Returns the new secret once. `X-Tranche-Signature` of that mode’s events is computed with the new secret at once; for the next 24 hours they also carry `X-Tranche-Signature-Previous`, computed with the previous secret, so a receiver still holding it keeps verifying until it switches. A replay answers the secret the first roll made.
     */
    post: operations['rollWebhookSecret'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/merchant/{merchant_id}/keys': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** List secret keys (redacted) */
    get: operations['listSecretKeys'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/merchant/{merchant_id}/keys/roll': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Roll a secret key
     * @description Issues a new key of the given mode (shown once). The other keys of that mode stop working after `expire_old_after_minutes` (default 0: at once; at most 7 days). A replay answers the key the first roll issued.
     */
    post: operations['rollSecretKey'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/merchant/{merchant_id}/keys/{key_id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post?: never;
    /** Revoke a secret key */
    delete: operations['revokeSecretKey'];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/merchant/{merchant_id}/publishable-keys': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List publishable keys
     * @description The keys for the messaging element in your pages (`pk_test_…`, `pk_live_…`; decision 0055), shown in full: they are public and read only `GET /api/v1/messaging/plans`. Keys a roll set to expire are listed until they do.
     */
    get: operations['listPublishableKeys'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/merchant/{merchant_id}/publishable-keys/roll': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Roll a publishable key
     * @description Issues a new publishable key of the given mode. The other keys of that mode stop working after `expire_old_after_minutes` (default 0: at once; at most 7 days), so pages still carrying the old key keep their messaging while you deploy the new one. A replay answers the key the first roll issued.
     */
    post: operations['rollPublishableKey'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/merchant/{merchant_id}/business-details': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Read the business details submitted for live approval
     * @description The last submission (registered name, CAC number, address, the director with the outcome of the BVN check), the settlement account with its holder’s name, what still stands between the merchant and approval (`blockers`), the consent text to show before submitting, and, with a test identity provider, test values (decision 0074).
     */
    get: operations['getBusinessDetails'];
    /**
     * Submit the business details for live approval
     * @description Owners and admins. Replaces the last submission and checks the director’s BVN, date of birth and names with the identity provider (the BVN and date of birth are not stored: the BVN’s digest and last four digits are). The answer carries the check’s outcome: a failed check is saved and refuses approval until a new submission passes. Bad input is 400 naming each field (`errors[]`); no consent is 400 `consent_required`; an identity provider without an answer is 503 `identity_provider_unavailable` and nothing is saved; more than five failed checks in a day is 429 `verification_throttled`. A submission after approval keeps the merchant active and shows the operator the change (`changed_since_approval`). The settlement account is set apart (`PATCH …/settings`, with the password).
     */
    put: operations['submitBusinessDetails'];
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/merchant/{merchant_id}/team': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List the team
     * @description Every member with its role and status (`invited` until the invitation link is used), the support refund limit and what each role may do.
     */
    get: operations['getTeam'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/merchant/{merchant_id}/team/me': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Read the signed-in member
     * @description Who is signed in, with its role and `permissions` (the dashboard shows only what the role may do; the API refuses the rest with 403 either way).
     */
    get: operations['getSignedInMember'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/merchant/{merchant_id}/team/me/two-factor': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Read the signed-in member’s two-factor sign-in
     * @description On or off, whether it is required (owners), until when an owner may go without it, and how many recovery codes are left.
     */
    get: operations['getTwoFactorStatus'];
    put?: never;
    /**
     * Start turning on two-factor sign-in
     * @description Hands the signed-in member a new TOTP key (base32, and as an `otpauth://` URI for an authenticator app). Nothing changes until it is confirmed with a code; starting again replaces the key. Already on: 409 `conflict`. Any role; owners must (decision 0065).
     */
    post: operations['startTwoFactorEnrolment'];
    /**
     * Turn off two-factor sign-in
     * @description With a current code (or a recovery code); the key and the recovery codes are deleted. Owners cannot (403: it is required of them). A wrong code: 403 `step_up_required`.
     */
    delete: operations['disableTwoFactor'];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/merchant/{merchant_id}/team/me/two-factor/confirm': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Turn on two-factor sign-in with a code
     * @description The code the authenticator app shows for the key just handed out. On: from now on sign-in asks for a code, and paying out or changing the settlement account need one in the `Two-Factor-Code` header. The answer holds ten single-use recovery codes, shown this once. A wrong code: 400 (it counts toward the sign-in throttle); nothing started: 409.
     */
    post: operations['confirmTwoFactorEnrolment'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/merchant/{merchant_id}/team/invitations': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Invite a team member by e-mail
     * @description Owners and admins (only an owner invites an owner). The invitee gets an e-mail with a link, valid for seven days, to choose a password; until then the member is `invited`. An address already on a team (this one or another) is 409 `conflict`.
     */
    post: operations['inviteTeamMember'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/merchant/{merchant_id}/team/members/{member_id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post?: never;
    /**
     * Remove a team member
     * @description Owners and admins; only an owner removes an owner. The account holder, the last owner and yourself cannot be removed (403). The member’s logins end at once.
     */
    delete: operations['removeTeamMember'];
    options?: never;
    head?: never;
    /**
     * Change a member's role
     * @description Owners and admins; only an owner makes or unmakes an owner. The account holder stays an owner, and the last owner keeps the role (403). Takes effect on the member’s next request.
     */
    patch: operations['changeTeamMemberRole'];
    trace?: never;
  };
  '/api/v1/merchant/{merchant_id}/team/refund-limit': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    /**
     * Set the support refund limit
     * @description Owners only: the most one refund by a support member may be, in kobo; `null` (the default) lets support refund nothing. A support member must state the amount of each refund.
     */
    patch: operations['setSupportRefundLimit'];
    trace?: never;
  };
  '/api/v1/merchant/team/accept': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Accept an invitation with the link's token
     * @description The invitee chooses a password and is signed in (a dashboard session). An expired, used or unknown token: 400 `reset_link_invalid`.
     */
    post: operations['acceptTeamInvitation'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/merchant/{merchant_id}/audit-log': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Read the audit log
     * @description Owners and admins: every change a team member made from the dashboard, newest first: who (the member’s name and role then), what (`action`, `description`, the route), when. Pass `next_cursor` back as `cursor`.
     */
    get: operations['listMemberActions'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/merchant/{merchant_id}/notification-preferences': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Which e-mails the business gets, and where
     * @description Everything is on, to the account e-mail, until changed (decision 0067). The same for both modes: test-mode payouts and webhooks are e-mailed too, with “[Test]” in the subject.
     */
    get: operations['getMerchantNotificationPreferences'];
    /**
     * Switch the business’s e-mails on or off, or send them elsewhere
     * @description Send what to change, e.g. `{ "payouts": false }` or `{ "email": "finance@shop.example" }`; the rest keeps its value. `email: null` (or `""`) goes back to the account e-mail; an address that is not one is 400 `invalid_request`. It applies to e-mails already queued too.
     */
    put: operations['updateMerchantNotificationPreferences'];
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/admin/login': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Operator sign-in
     * @description Email, password and authenticator code (TOTP); failures count toward the login throttle.
     */
    post: operations['adminLogin'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/admin/token/refresh': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Refresh an operator sign-in
     * @description Single use; a sign-in lasts 12 hours.
     */
    post: operations['adminRefreshToken'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/admin/logout': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Operator sign-out
     * @description Ends the sign-in of the refresh token.
     */
    post: operations['adminLogout'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/admin/merchants': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List merchants
     * @description Merchants waiting for approval first, then the newest first. `total` counts every match.
     */
    get: operations['adminListMerchants'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/admin/merchants/{merchant_id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * A merchant's overview
     * @description The merchant record, its business details for approval (decision 0074: the registered name, CAC number, address, the director and the outcome of the BVN check, the settlement account with the name the gateway resolved, and what still blocks approval), its plans counted by status in each mode, its wallet, and each mode's webhook health (the endpoint, the last delivery attempt, events waiting, dead letters).
     */
    get: operations['adminGetMerchant'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/admin/merchants/{merchant_id}/approve': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Approve a merchant
     * @description Live keys start working. `reason` is optional. Recorded in the audit log. Refused with 409 `business_details_incomplete`, whose detail names what is missing, until the merchant has submitted its business details with a verified director and has a settlement account the gateway named (decision 0074; the overview’s `business_details.blockers`). Approving an active merchant again marks details it changed after approval as reviewed.
     */
    post: operations['adminApproveMerchant'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/admin/merchants/{merchant_id}/deactivate': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Deactivate a merchant
     * @description Every call of the merchant gets 403 `merchant_inactive`, whose detail carries `reason` (required: the merchant is told it). Recorded in the audit log.
     */
    post: operations['adminDeactivateMerchant'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/admin/merchants/{merchant_id}/reactivate': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Reactivate a deactivated merchant
     * @description Back to `active` (or `pending_approval` if never approved). `reason` is required. Recorded in the audit log.
     */
    post: operations['adminReactivateMerchant'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/admin/reconciliation': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Run reconciliation
     * @description Compares every charge, payout and refund since `since` (default: 7 days ago) with the ledger and, with `gateway` (default true, at most 31 days), with what the gateway says now; checks that the ledger sums to zero. Returns each difference. Recorded in the audit log. The same report as `tranche reconcile`.
     */
    post: operations['adminRunReconciliation'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/admin/webhook-events/dead': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Dead-lettered webhook events across merchants
     * @description Events whose 72-hour retry window ran out, newest first, with their merchant and last error. The merchant re-sends them (dashboard or API).
     */
    get: operations['adminListDeadWebhookEvents'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/admin/ledger/check': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Check the ledger
     * @description Sums every posting (zero when the books balance), lists entries that do not balance on their own and accounts whose balance is on the wrong side.
     */
    get: operations['adminCheckLedger'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/admin/audit-log': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * The operator audit log
     * @description Every operator action (approve, deactivate, reactivate, reconciliation run) with who, why and when, newest first; `target_id` narrows it to one merchant.
     */
    get: operations['adminListAuditLog'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/admin/payouts/awaiting-otp': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Payouts waiting for a transfer OTP
     * @description Payouts whose transfer the gateway holds until an OTP is given (an account that requires transfer OTPs), the longest waiting first. `overdue`: past the 30 minutes after which Paystack documents that it abandons the transfer; the money returns to the wallet when the gateway says so.
     */
    get: operations['adminListPayoutsAwaitingOtp'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/admin/payouts/{payout_id}/otp': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Give a payout's transfer OTP
     * @description Sends the held transfer with the OTP the gateway sent to the business phone (POST /transfer/finalize_transfer). A wrong OTP is a 400 and changes nothing; a payout not waiting (OTP already given, abandoned, settled) is a 409 and nothing is sent. `status` is the payout after it: `in_transit` until the gateway confirms, or `paid`. Recorded in the audit log.
     */
    post: operations['adminSubmitPayoutOtp'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/admin/payouts/{payout_id}/otp/resend': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Ask the gateway for a payout's transfer OTP again
     * @description POST /transfer/resend_otp for the held transfer. 409 when the payout no longer waits for an OTP. Recorded in the audit log.
     */
    post: operations['adminResendPayoutOtp'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/admin/hardship-requests': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Customers' hardship requests
     * @description The 100 newest requests of every merchant, optionally of one `status`.
     */
    get: operations['adminListHardshipRequests'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/admin/hardship-requests/{request_id}/approve': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Approve a customer's hardship request
     * @description As the merchant's approve does (`decided_by: "operator"`), under the merchant's limits; recorded in the audit log with the note as its reason. Already answered or expired: 409.
     */
    post: operations['adminApproveHardshipRequest'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/admin/hardship-requests/{request_id}/decline': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Decline a customer's hardship request
     * @description As the merchant's decline does (`decided_by: "operator"`), under the merchant's limits; recorded in the audit log with the note as its reason. Already answered or expired: 409.
     */
    post: operations['adminDeclineHardshipRequest'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/merchant/{merchant_id}/wallet': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Wallet balances and transaction history
     * @description Balances come from the ledger. History is newest first; pass `next_cursor` as `cursor` for the next page. Another merchant's id answers 404, and so does a secret key of another mode than the gateway's (the wallet has the mode of the gateway key its money moves through; decision 0015).
     */
    get: operations['getWallet'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/merchant/{merchant_id}/payouts': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Recent payouts
     * @description A secret key of another mode than the gateway key’s gets 404 (decision 0015); the dashboard token reads them.
     */
    get: operations['listPayouts'];
    put?: never;
    /**
     * Request a payout now
     * @description Pays `amount` (default: the whole available balance) to the settlement account. The amount leaves the available balance at once; a failed or reversed transfer puts it back. Payouts also run daily at 10:00 Lagos. From the dashboard, the member needs two-factor sign-in on and a fresh code in `Two-Factor-Code` (decision 0065); a secret key is not asked. Payouts have the mode of the gateway key that sends them: a secret key of the other mode gets 404 (decision 0015). Send `Idempotency-Key` (UUID v4): a retry with the same key and body within 24 hours replays the first response (header `Idempotent-Replayed: true`) and pays nothing more; the same key with another body is a 409 (decision 0029).
     */
    post: operations['createPayout'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/merchant/{merchant_id}/exports/plans.csv': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Export payment plans (CSV)
     * @description Plans created in the range, with the buyer’s contact, the amount and what was collected on each. The filters of the plan list apply. A secret key exports its own mode only; the dashboard token both, or one with `livemode`. Each amount is in two columns: `_kobo`, the stored integer, and `_naira`, exactly kobo ÷ 100 with two decimals (no separators, a leading `-` when negative). RFC 4180: comma-separated, CRLF line ends, fields with a comma, quote or line break quoted, quotes doubled, UTF-8. Text beginning with `=`, `+`, `-`, `@`, a tab or a carriage return gets a leading `'` so spreadsheets do not run it as a formula (decision 0066). Oldest first; the file is written as it is read, so an export of any size streams.
     */
    get: operations['exportPaymentPlans'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/merchant/{merchant_id}/exports/charges.csv': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Export collected payments (CSV)
     * @description Every collected payment (deposit or installment), gross, platform fee and net; `created_from` / `created_before` are on when it was collected, the other filters on its plan. The filters of the plan list apply. A secret key exports its own mode only; the dashboard token both, or one with `livemode`. Each amount is in two columns: `_kobo`, the stored integer, and `_naira`, exactly kobo ÷ 100 with two decimals (no separators, a leading `-` when negative). RFC 4180: comma-separated, CRLF line ends, fields with a comma, quote or line break quoted, quotes doubled, UTF-8. Text beginning with `=`, `+`, `-`, `@`, a tab or a carriage return gets a leading `'` so spreadsheets do not run it as a formula (decision 0066). Oldest first; the file is written as it is read, so an export of any size streams.
     */
    get: operations['exportCharges'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/merchant/{merchant_id}/exports/refunds.csv': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Export refunds (CSV)
     * @description Every refund: the part taken off what the customer owed, the cash refunded, the fee returned and what left the wallet; `created_from` / `created_before` are on the refund, the other filters on its plan. The filters of the plan list apply. A secret key exports its own mode only; the dashboard token both, or one with `livemode`. Each amount is in two columns: `_kobo`, the stored integer, and `_naira`, exactly kobo ÷ 100 with two decimals (no separators, a leading `-` when negative). RFC 4180: comma-separated, CRLF line ends, fields with a comma, quote or line break quoted, quotes doubled, UTF-8. Text beginning with `=`, `+`, `-`, `@`, a tab or a carriage return gets a leading `'` so spreadsheets do not run it as a formula (decision 0066). Oldest first; the file is written as it is read, so an export of any size streams.
     */
    get: operations['exportRefunds'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/merchant/{merchant_id}/exports/wallet.csv': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Export the wallet history (CSV)
     * @description Every ledger entry that moved the wallet, as the wallet’s history shows it. Over the whole history `available_change` sums to the available balance and `pending_change` to pending. The wallet has the gateway key’s mode: a secret key of the other mode gets 404 (decision 0015). Each amount is in two columns: `_kobo`, the stored integer, and `_naira`, exactly kobo ÷ 100 with two decimals (no separators, a leading `-` when negative). RFC 4180: comma-separated, CRLF line ends, fields with a comma, quote or line break quoted, quotes doubled, UTF-8. Text beginning with `=`, `+`, `-`, `@`, a tab or a carriage return gets a leading `'` so spreadsheets do not run it as a formula (decision 0066). Oldest first; the file is written as it is read, so an export of any size streams.
     */
    get: operations['exportWalletTransactions'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/merchant/{merchant_id}/payouts/{payout_id}/settlement-report': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * A payout’s settlement report
     * @description What the payout paid out, the way a payout reconciliation report does: the movements of the available balance since the previous payout (collections gross, their platform fees, refunds and the fees they returned, earlier payouts that came back), with the balance the previous payout left (`carried_in`) and the balance this one left (`carried_out`, negative). The lines sum to the payout’s `amount` exactly. Payouts have the gateway key’s mode: a secret key of the other mode gets 404 (decision 0066).
     */
    get: operations['getPayoutSettlementReport'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/merchant/{merchant_id}/payouts/{payout_id}/settlement-report.csv': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * A payout’s settlement report (CSV)
     * @description What the payout paid out, the way a payout reconciliation report does: the movements of the available balance since the previous payout (collections gross, their platform fees, refunds and the fees they returned, earlier payouts that came back), with the balance the previous payout left (`carried_in`) and the balance this one left (`carried_out`, negative). The lines sum to the payout’s `amount` exactly. Payouts have the gateway key’s mode: a secret key of the other mode gets 404 (decision 0066). One record per line; the `amount` columns sum to the payout’s amount. Each amount is in two columns: `_kobo`, the stored integer, and `_naira`, exactly kobo ÷ 100 with two decimals (no separators, a leading `-` when negative). RFC 4180: comma-separated, CRLF line ends, fields with a comma, quote or line break quoted, quotes doubled, UTF-8. Text beginning with `=`, `+`, `-`, `@`, a tab or a carriage return gets a leading `'` so spreadsheets do not run it as a formula (decision 0066). Oldest first; the file is written as it is read, so an export of any size streams.
     */
    get: operations['exportPayoutSettlementReport'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/banks': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Nigerian banks, for a settlement account
     * @description Every bank a payout (a gateway transfer) can reach, by name, with the CBN bank code to send as `settlement_account.bank_code` (`PATCH /api/v1/merchant/{id}/settings`) and whether customers can also set up a direct-debit mandate there (`GET /api/v1/payment-methods/banks` lists those for the customer). The gateway’s list, cached for an hour; the same in both modes.
     */
    get: operations['listBanks'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/merchant/{merchant_id}/webhook-events': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * The webhook delivery log
     * @description Events sent (or to be sent) to your webhook URL, newest first, with their delivery state: a secret key sees its own mode’s events only; the dashboard token both, or one with `livemode`. Filter by `status`, `event` and a creation range; pass `next_cursor` back as `cursor`.
     */
    get: operations['listWebhookEvents'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/merchant/{merchant_id}/webhook-events/stream': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Stream test events as they happen (`tranche listen`)
     * @description Sandbox keys only (a live key: 403). Server-sent events: your test events as they are written, each `data` a JSON line `{ id, type, headers, body }`: the exact body and signed headers of the real delivery. Resume with `Last-Event-ID` or `since` (at least once); a cursor this stream did not issue is 400. Each key may have a few streams open at once, the server a bounded number in all: past either, 429. The server ends a stream after at most 15 minutes (configurable) with an `event: reconnect` message and no data: reconnect at once with `Last-Event-ID`, nothing is lost. Deliveries to your test URL are unchanged.
     */
    get: operations['streamTestWebhookEvents'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/merchant/{merchant_id}/webhook-events/{event_id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * One webhook event with every delivery attempt
     * @description An event of another mode than the secret key’s reads as 404, like another merchant’s.
     */
    get: operations['getWebhookEvent'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/merchant/{merchant_id}/webhook-events/{event_id}/resend': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Re-send one event
     * @description Queues the event for delivery now, with the same id and body and a fresh 72-hour retry window, to its own mode’s URL. Any event can be re-sent, delivered ones included; receivers de-duplicate on `id`. An event of another mode than the secret key’s is 404.
     */
    post: operations['resendWebhookEvent'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/merchant/{merchant_id}/webhook-events/resend-failed': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Re-send every undelivered event in a time range
     * @description Queues every event created in [`created_from`, `created_before`) that is dead-lettered or still retrying, for delivery now with a fresh retry window. The range may cover up to 31 days. A secret key re-sends its own mode’s events only; the dashboard token both, or one with `livemode`.
     */
    post: operations['resendFailedWebhookEvents'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/merchant/{merchant_id}/webhook/test': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Send a signed test event now
     * @description Sends a signed `webhook.test` event to the calling key’s mode’s webhook URL, signed with that mode’s secret (the dashboard token says which mode with `?livemode=true|false`), and waits for the answer (up to 10 s). `delivered` is true on any 2xx; otherwise `error` says why. The probe is not retried and does not appear in the delivery log. A live probe follows the live-mode address rules (https, public addresses only); a test probe may reach loopback only on a development or test deployment, never in production.
     */
    post: operations['sendTestWebhook'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/customers/register': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Create a customer account */
    post: operations['registerCustomer'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/customers/login': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Log in
     * @description Wrong password and unknown email both answer 401 "Email or password is incorrect." After 5 failures for an email in 15 minutes its sign-ins are refused with 429 `login_throttled` until the window ends; past 20 failures from one IP, that IP gets one password check a second (429 with `Retry-After: 1`).
     */
    post: operations['loginCustomer'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/customers/token/refresh': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Exchange a refresh token for new tokens
     * @description Refresh tokens are single use. Presenting one twice revokes every token of that login.
     */
    post: operations['refreshCustomerToken'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/customers/logout': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Sign out: end this login
     * @description Ends the refresh token's login and its access tokens (decision 0034). Always 200, also when already signed out.
     */
    post: operations['signOutCustomer'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/customers/password-reset': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * E-mail a password reset link
     * @description Always 202, whether or not the address has an account, so the form cannot tell who is a customer. When it has one, an e-mail with a link follows (working once, for 60 minutes); at most 3 per account per hour.
     */
    post: operations['requestCustomerPasswordReset'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/customers/password-reset/confirm': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Set a new password with the link's token
     * @description Signs the customer in (a new session) and ends every other login: refresh tokens are revoked and other reset links stop working. An expired, used or unknown token: 400 `reset_link_invalid`.
     */
    post: operations['confirmCustomerPasswordReset'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/customers/me': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The signed-in customer */
    get: operations['getCurrentCustomer'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/customers/me/notifications': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Notices about your plans and payment methods
     * @description Newest first, ready to show (`message`). Kinds: `payment_reminder` (3 days before an installment is due), `payment_receipt` (a payment collected), `payment_failed` (a debit failed, with what happens next), `refund_receipt`, and `payment_method_revoked` (a card or mandate backing a plan was revoked at the gateway; it names the plans that need another method). `data` holds the facts the message states. Which kinds appear follows the in-app switches of your notification preferences.
     */
    get: operations['listCustomerNotifications'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/customers/me/notification-preferences': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Which notices you get, by e-mail and in the app
     * @description Everything is on until you change it. E-mails are never sent between 21:00 and 08:00 Lagos time: one that falls then waits until 08:00.
     */
    get: operations['getNotificationPreferences'];
    /**
     * Switch notices on or off, per channel
     * @description Send the switches to change, e.g. `{ "email": { "receipts": false } }`; the others keep their value. It applies to notices already queued too: a reminder switched off before it is due is not sent.
     */
    put: operations['updateNotificationPreferences'];
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/customers/sign-in-code': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Send a one-time sign-in code by SMS or e-mail
     * @description Send `phone` (a code by SMS, to an account whose phone is verified) or `email` (a code by e-mail). Always 202, whether or not an account exists, so the form cannot tell who is a customer. The code has six digits and works once, for 10 minutes; at most 5 codes per account per hour. One request per phone or address per minute, and 20 per IP per 15 minutes: past either, 429 `rate_limited` with `Retry-After`.
     */
    post: operations['requestSignInCode'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/customers/sign-in-code/verify': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Sign in with the one-time code
     * @description The same `phone` or `email` as the request, and the code. Signs in exactly as `POST /customers/login` does. A wrong, used, superseded or expired code, and an unknown phone or address, all answer 401 "That code is wrong or has expired."; five wrong codes end that code, and five failures for a phone or address in 15 minutes refuse its code sign-ins with 429 `login_throttled` until the window ends (the password still works).
     */
    post: operations['verifySignInCode'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/customers/me/phone/verification': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Text a code to your phone, to verify it
     * @description A verified phone can receive sign-in codes and notices by SMS. 202 with where the code went; 200 with the customer when the phone is already verified. One request a minute, 5 codes an hour.
     */
    post: operations['requestPhoneVerification'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/customers/me/phone/verification/confirm': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Verify your phone with the code texted to it
     * @description A number already verified on another account moves to this one (the latest to prove they hold it). Wrong or expired: 401, as for sign-in codes.
     */
    post: operations['confirmPhoneVerification'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/customers/me/remembered-devices': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The browsers remembered for a shop’s checkout */
    get: operations['listRememberedDevices'];
    put?: never;
    /**
     * Remember this browser for the checkout session's shop
     * @description Sets an httpOnly cookie (decision 0054) that lets this browser continue at the same shop's checkout without a code or password for 30 days. Other shops and other browsers still ask. Revoke it from `DELETE /customers/me/remembered-devices/{device_id}`.
     */
    post: operations['rememberDevice'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/customers/me/remembered-devices/{device_id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post?: never;
    /** Stop remembering a browser */
    delete: operations['revokeRememberedDevice'];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/customers/remembered-device': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Whether this browser is remembered for the session's shop
     * @description Reads the device cookie (decision 0054). `remembered: true` names whom to offer "Continue as …" for.
     */
    get: operations['getRememberedDevice'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/customers/remembered-device/continue': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Sign in on a remembered browser (one tap)
     * @description Signs in as `POST /customers/login` does when this browser's device cookie is live for the session's shop; otherwise 401 and the customer signs in with a code or password.
     */
    post: operations['continueOnRememberedDevice'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/customers/remembered-device/forget': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Stop remembering this browser for the session's shop ("Not you?")
     * @description Revokes the device and clears its cookie. Always 200.
     */
    post: operations['forgetRememberedDevice'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/checkout/sessions': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Create a checkout session
     * @description Creates a 30-minute checkout session. Send `Idempotency-Key` (UUID v4): a retry with the same key and body within 24 hours replays the first response (header `Idempotent-Replayed: true`) and creates nothing; the same key with another body is a 409.
     */
    post: operations['createCheckoutSession'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/checkout/sessions/{token}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Read a checkout session
     * @description The session token is the credential (the widget calls this). A session past `expires_at` reads as `expired`.
     */
    get: operations['getCheckoutSession'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/checkout/sessions/{token}/cancel': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Cancel a pending checkout session
     * @description Only a pending session can be cancelled; otherwise 409 names its state. A session of another mode than the key’s (a live session with an sk_test_ key) reads as 404, like another merchant’s.
     */
    post: operations['cancelCheckoutSession'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/checkout/preview': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Preview an installment schedule
     * @description The widget sends `session_token` (the session’s amount and constraints apply); a merchant server sends its secret key and an `amount` (its default constraints apply, and the answer adds the platform fee). Deposit = ceil(amount × upfront_pct / 100); the rest is split evenly, the first installments carrying the odd kobo; due dates at 09:00 Lagos time (see docs/money-rules.md). A configuration outside the constraints is a 400 naming the limit.
     */
    post: operations['previewSchedule'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/messaging/plans': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Plans for an amount (the messaging element)
     * @description What the `<tranche-messaging>` element of connect.js shows on a product or cart page (decision 0056): the plans a shopper could choose for `amount` under your default plan limits, with amounts in kobo and in words. Authenticated by a publishable key (`?key=pk_test_…`, or `Authorization: Bearer pk_…`), which reads this and nothing else (decision 0055). Any origin may call it (`Access-Control-Allow-Origin: *`); answers are cacheable for 5 minutes (`Cache-Control: public, max-age=300`, `ETag`, `If-None-Match` → 304). Rate limited per client IP, like every call without a secret key.
     */
    get: operations['getMessagingPlans'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/checkout/sessions/{token}/plan-choice': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * The plan chosen for this order in an earlier session
     * @description What the calling customer chose for this session’s order (same merchant, mode and `order_reference`) in the last 24 hours, in this session or an earlier one, when this session’s constraints still allow it; otherwise `data` is null.
     */
    get: operations['getRememberedPlanChoice'];
    /**
     * Keep the plan chosen for this order
     * @description The checkout sends the plan the customer chose. A later session the shop opens for the same order (same merchant, mode and `order_reference`) offers it again to the same customer for 24 hours (decision 0049). Checked like a preview: out of the session’s constraints is a 400 naming the limit; a session no longer pending is a 409. Safe to repeat (the last choice wins).
     */
    put: operations['rememberPlanChoice'];
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/checkout/sessions/{token}/confirm': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Confirm a plan (widget)
     * @description With the session token in the path and the customer token: creates the plan inside the session’s constraints, completes the session and collects the deposit asynchronously. `payment_plan_id` is what `onSuccess({ paymentPlanId })` receives. It does not mean money was collected: wait for the webhooks. Confirming again with the same choices returns the same plan; other choices get 409 `session_not_pending`.
     */
    post: operations['confirmCheckoutSession'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/merchant/{merchant_id}/plans/{plan_id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * A payment plan with its installments
     * @description A plan of another mode than the secret key’s reads as 404, like another merchant’s; the dashboard token reads both.
     */
    get: operations['getPaymentPlan'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/merchant/{merchant_id}/plans/{plan_id}/charges': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * A plan's charge attempts
     * @description Every attempt to collect the deposit or an installment, oldest first: amount, fee (on collected ones), status and the gateway’s message. 404 like the plan.
     */
    get: operations['listPlanCharges'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/merchant/{merchant_id}/plans': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List payment plans
     * @description Newest first, with installments: a secret key lists its own mode’s plans only; the dashboard token both, or one with `livemode`. Find plans by `status`, `customer_id`, `order_reference`, the buyer’s `customer_email` or `customer_phone`, part of the `title`, `amount_min` / `amount_max` (kobo), `created_from` / `created_before`, or `q` (one search box); every filter given narrows the list. Pass `next_cursor` back as `cursor` with the same filters.
     */
    get: operations['listPaymentPlans'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/merchant/{merchant_id}/plans/{plan_id}/advance': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Time travel: collect the next installment now (sandbox plans only)
     * @description Makes the plan's next unpaid installment due now and queues its collection at once (a failed installment's retry comes forward). Repeat to walk a whole plan in seconds. Sandbox keys and the dashboard token; live keys get 403; a live plan reads as 404.
     */
    post: operations['advancePaymentPlan'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/merchant/{merchant_id}/plans/{plan_id}/advance-clock': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Time travel: advance the plan's clock by some days (sandbox plans only)
     * @description As if `days` had passed for this plan: every unpaid installment's due date moves that much earlier and waiting collections (first attempts and retries) come forward by as much, running at once when due. A failed installment becomes overdue, so the customer shows as delinquent (eligibility) until it is paid. Sandbox keys and the dashboard token; live keys get 403; a live plan reads as 404.
     */
    post: operations['advancePaymentPlanClock'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/merchant/{merchant_id}/plans/{plan_id}/simulate': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Sandbox gateway simulations on a sandbox plan (`tranche trigger`)
     * @description `decline_debits`: later debits fail (Insufficient Funds). `revoke_payment_method`: the gateway revokes the plan's method. `refund_at_gateway`: its last payment is refunded at the gateway, so a refund of it is refused. `partial_funds`: the plan's card holds only 60% of its next unpaid installment, so retries collect part of it by partial debit where the merchant has `partial_debit_floor_pct` and the card is a Mastercard or Verve (decision 0045). `open_dispute`: the customer's bank disputes the plan's last collected payment (a chargeback; decision 0069). `remind_dispute` and `resolve_dispute`: the gateway reminds the merchant to answer the plan's open dispute, or the bank decides it in the merchant's favour. `transfer_exact`, `transfer_short`, `transfer_twice`, `transfer_late`: the customer's bank transfers what the plan owes next (or half of it) into the customer's own account, announced once, twice, or 5 seconds late (decision 0071). `reverse_payment`: the gateway reverses the plan's last collected payment with no refund or dispute of yours (a refund on the gateway's dashboard), and Tranche's nightly reversal check runs on it at once (decision 0073). Sandbox keys only.
     */
    post: operations['simulateOnPaymentPlan'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/merchant/{merchant_id}/plans/{plan_id}/refunds': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List a plan's refunds
     * @description Newest first; pass `next_cursor` back as `cursor`.
     */
    get: operations['listRefunds'];
    put?: never;
    /**
     * Refund a plan, in part or whole
     * @description `amount` in kobo, or leave it out for everything refundable. The refund first lowers what the customer still owes (unpaid installments, from the last); only the rest goes back to the customer's card or bank account, from the most recent payment, with Tranche's 2.5% fee on it returned and the rest taken from the available balance (409 when that is short: nothing changes). `status` is `pending` until the gateway has paid the cash part back; `refund.processed` or `refund.failed` follows. A refund with no cash part is `processed` at once. 20 concurrent refunds of one plan cannot together refund more than it holds.
     */
    post: operations['createRefund'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/merchant/{merchant_id}/plans/{plan_id}/refunds/{refund_id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Read a refund */
    get: operations['getRefund'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/merchant/{merchant_id}/plans/{plan_id}/cancel': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Cancel a plan
     * @description Stops every future debit and releases what the customer still owes. With `refund: true` everything collected is refunded too (the answer carries that refund). A plan whose deposit was never collected frees its order reference for a new checkout. A completed plan cannot be cancelled (refund it); a plan with a payment being collected right now answers 409 until its outcome is known.
     */
    post: operations['cancelPaymentPlan'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/merchant/{merchant_id}/plans/{plan_id}/refundable': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * What the plan can refund now
     * @description The amount a refund of everything would be at this moment (`amount` = `outstanding_reduction` + `cash_refund`), by the same rule as `POST …/refunds`. The dashboard shows it in the confirmation and sends it as `amount`, so a plan that changed in between refuses the refund instead of refunding another figure. While a charge is in flight (`charge_in_flight`) its installment is left out.
     */
    get: operations['getRefundable'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/merchant/{merchant_id}/disputes': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List disputes
     * @description The 100 newest disputes of your collected payments, newest first.
     */
    get: operations['listDisputes'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/merchant/{merchant_id}/disputes/{dispute_id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Get a dispute */
    get: operations['getDispute'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/merchant/{merchant_id}/disputes/{dispute_id}/evidence': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Give evidence for a dispute
     * @description Who the customer is and what they received, sent to the gateway as the dispute's evidence. Only while `needs_response` and before `due_at` (409 otherwise). Sending it again replaces it.
     */
    post: operations['addDisputeEvidence'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/merchant/{merchant_id}/disputes/{dispute_id}/file': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Upload the file of proof for a dispute
     * @description One PDF, PNG or JPEG of at most 2 MB, base64 in `content_base64` (this route alone takes bodies up to 2800299 bytes). Tranche uploads it to the gateway; the gateway requires one before you accept or decline. A second upload replaces the first.
     */
    post: operations['uploadDisputeFile'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/merchant/{merchant_id}/disputes/{dispute_id}/accept': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Accept a dispute (the customer keeps the money)
     * @description Resolves the dispute at the gateway as `merchant-accepted`. `refund_amount` (kobo, default all of `amount`) is what the customer keeps; anything less comes back to your balance. The dispute is `lost` at once and `dispute.resolved` follows. Needs the uploaded file.
     */
    post: operations['acceptDispute'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/merchant/{merchant_id}/disputes/{dispute_id}/decline': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Decline a dispute (contest it)
     * @description Resolves the dispute at the gateway as `declined` with your message and the uploaded file: the bank decides, the dispute is `under_review`, and `dispute.resolved` follows with `won` (money back) or `lost`. Needs the uploaded file; add evidence first.
     */
    post: operations['declineDispute'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/customers/me/plans/{plan_id}/hardship': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * What you may ask if you cannot pay on time
     * @description The shop's limits, the installments whose due date may move (each with the latest day), whether the plan's one request is still available, and your requests on this plan, newest first.
     */
    get: operations['getCustomerPlanHardship'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/customers/me/plans/{plan_id}/hardship-requests': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Ask to move a due date or to spread the rest
     * @description One request per plan (a cancelled or expired one does not count): `move_due_date` moves one scheduled or failed installment to a later day, at most the shop’s `max_move_days` after its due date; `spread` splits what is still scheduled over `extra_installments` more installments (at most the shop’s `max_extra_installments`). The shop approves or declines within 3 days, or at once when it approves automatically. Outside the limits: 400; a second request or a plan that is not active: 409.
     */
    post: operations['requestCustomerPlanHardship'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/customers/me/plans/{plan_id}/hardship-requests/{request_id}/cancel': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Withdraw a request not yet answered
     * @description The plan keeps its schedule and its one request. Already answered (or withdrawn): 409.
     */
    post: operations['cancelCustomerPlanHardship'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/merchant/{merchant_id}/hardship-requests': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List hardship requests
     * @description The 100 newest requests of your customers, newest first.
     */
    get: operations['listHardshipRequests'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/merchant/{merchant_id}/hardship-requests/{request_id}/approve': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Approve a hardship request
     * @description The schedule changes at once (checked again against the plan as it is now: 409 when a payment made it impossible) and `payment_plan.updated` follows with `reason: "hardship"`. A moved installment is collected on its new date, and failed attempts before the move no longer count against the customer. No money moves.
     */
    post: operations['approveHardshipRequest'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/merchant/{merchant_id}/hardship-requests/{request_id}/decline': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Decline a hardship request
     * @description The schedule stays; the customer sees your note. Already answered or expired: 409.
     */
    post: operations['declineHardshipRequest'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/merchant/{merchant_id}/hardship-settings': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Your limits on hardship requests */
    get: operations['getHardshipSettings'];
    /**
     * Set your limits on hardship requests
     * @description Applies to requests made from now on and to approvals (a waiting request is checked again against the limits when approved).
     */
    put: operations['updateHardshipSettings'];
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/customers/me/plans': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Your payment plans
     * @description Newest first, with installments; pass `next_cursor` back as `cursor`.
     */
    get: operations['listCustomerPlans'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/customers/me/plans/{plan_id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * One of your payment plans
     * @description Another customer's plan reads as 404.
     */
    get: operations['getCustomerPlan'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    /**
     * Change the plan's payment method
     * @description Later debits (and the retry of a failed one) use the new method; a charge already in flight keeps its own. The method must be yours and active (revoked: 409 `payment_method_unusable`).
     */
    patch: operations['changeCustomerPlanMethod'];
    trace?: never;
  };
  '/api/v1/customers/me/plans/{plan_id}/pay-now': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Pay what is overdue now
     * @description Charges every failed installment, and every scheduled one already due, now (through `payment_method_id` if given, which then becomes the plan’s method). Once paid, the customer is no longer delinquent and a defaulted plan is active again. Safe to repeat: a charge in flight is looked up, never made twice; nothing overdue answers 409. A repeat with the same key replays the first answer, `error` outcomes included: to try those again, send a new key.
     */
    post: operations['payCustomerPlanNow'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/customers/me/plans/{plan_id}/pay-off': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Pay the whole plan off now
     * @description Charges everything left, installment by installment, now: no fee and no penalty for paying early. The plan completes when all are paid (the merchant gets the usual events). Safe to repeat, as pay-now. A repeat with the same key replays the first answer, `error` outcomes included: to try those again, send a new key.
     */
    post: operations['payCustomerPlanOff'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/customers/me/plans/{plan_id}/transfer-account': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Pay by bank transfer: your account number
     * @description The bank account to transfer to, yours alone (made the first time you ask), with what is overdue on this plan and what it still owes. Money that arrives pays what you owe across your plans, overdue installments first, oldest first, then the next ones; less than an installment pays part of it; anything beyond everything you owe is held for you (docs/money-rules.md §4b). Only an active or defaulted plan can be paid this way (409 otherwise).
     */
    get: operations['getCustomerPlanTransferAccount'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/payment-methods/customers/{customer_id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** List the customer's payment methods */
    get: operations['listPaymentMethods'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/payment-methods/banks': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Nigerian banks that support direct-debit mandates */
    get: operations['listMandateBanks'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/payment-methods/initialize-card': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Start linking a card
     * @description Returns the gateway page where the customer enters the card. A ₦50 verification charge confirms the card is active; it is refunded automatically, whether the card is saved or refused (decision 0042). The gateway then redirects to `callback_url?reference=…`; call verify-card with that reference.
     */
    post: operations['initializeCard'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/payment-methods/verify-card': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Save the card after the gateway redirect
     * @description 409 `setup_pending` until the card is submitted on the gateway page; 402 `payment_failed` if it was declined or refused. When the gateway took the ₦50 and the card is refused (or verified after the setup expired, 409 `setup_expired`), the error carries `verification_charge` (`status: refund_queued`) and its `detail` says the ₦50 will be refunded. Verifying twice returns the same card.
     */
    post: operations['verifyCard'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/payment-methods/customers/{customer_id}/initiate-bank-mandate': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Start a bank direct-debit mandate
     * @description Answers the first `next_action`. With Direct Debit (the default, decision 0044): `open_url` with the gateway's consent page to open in a popup, then call verify: `success` with the method, whose `status` is `pending` until the bank activates the mandate (up to 24 hours) and `active` after. With pay-with-bank: `submit_otp` and the other steps. `address` is passed to the gateway's Direct Debit request when given.
     */
    post: operations['initiateBankMandate'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/payment-methods/bank-mandate/submit-otp': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Submit the OTP the bank sent
     * @description On success `next_action` is `success` and `data` is the saved bank method; otherwise the next step and its `display_text`.
     */
    post: operations['submitBankMandateOtp'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/payment-methods/bank-mandate/submit-birthday': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Submit the date of birth
     * @description On success `next_action` is `success` and `data` is the saved bank method; otherwise the next step and its `display_text`.
     */
    post: operations['submitBankMandateBirthday'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/payment-methods/bank-mandate/submit-phone': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Submit the phone number registered with the account
     * @description On success `next_action` is `success` and `data` is the saved bank method; otherwise the next step and its `display_text`.
     */
    post: operations['submitBankMandatePhone'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/payment-methods/bank-mandate/verify': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Finish the mandate after the open_url popup
     * @description On success `next_action` is `success` and `data` is the saved bank method; otherwise the next step and its `display_text`.
     */
    post: operations['verifyBankMandate'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/payment-methods/{method_id}/default': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    /** Make a method the default */
    put: operations['setDefaultPaymentMethod'];
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/payment-methods/{method_id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post?: never;
    /**
     * Delete a payment method
     * @description If it was the default, the newest other active method becomes the default.
     */
    delete: operations['deletePaymentMethod'];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/webhooks/payment-gateway': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Gateway events: payment-method revocations (and every other kind)
     * @description The spec's address for `charge.dispute.create`, `authorization.revoked`, `mandate.revoked`, `mandate.cancelled`, `subscription.disable`: the method is marked `revoked`, loses default status, and is never charged again. Paystack sends every event to one URL per mode, so this address takes every kind `POST /api/v1/webhooks/gateway` takes and handles it the same way; configure either one with the gateway. Signed with `x-paystack-signature` (HMAC-SHA512 of the raw body with the gateway secret key).
     */
    post: operations['receiveGatewayRevocationWebhook'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/webhooks/gateway': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Gateway events: charges, transfers, refunds, revocations
     * @description The address to configure with the gateway (Paystack sends every event of a mode to one URL). Signed with `x-paystack-signature`. A `charge.success` for one of our pending installment charges, a `transfer.*` for a payout or a `refund.*` is confirmed with the gateway's verify endpoint, then applied; a revocation (`charge.dispute.create`, `authorization.revoked`, `mandate.*`, `subscription.disable`) marks the method `revoked`. Duplicates (on either address) and late events change nothing. Other events are acknowledged.
     */
    post: operations['receiveGatewayWebhook'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/checkout/sessions/{token}/eligibility': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Can this customer pay this session in installments?
     * @description Always 200 with `eligible` and, when false, the `reason` (spec §7.3). The answer is for the calling customer, the session’s merchant (its `min_customer_tier` is `required_tier`) and the session’s amount. Confirming a plan checks the same rules again and refuses with 403 and the reason as `code`.
     */
    get: operations['getCheckoutEligibility'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/customers/me/trust': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Score, tier and spending limit
     * @description The facts the score is derived from and what they add up to (docs/decisions/0010). Live plans by default; `livemode=false` shows the sandbox record, which is kept apart.
     */
    get: operations['getCustomerTrust'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/customers/me/identity/consent-text': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * The consent text to show before the BVN is sent
     * @description Show `text` in full with an unticked box; once the customer ticks it, send `version` as `consent.text_version` with the BVN (decision 0046).
     */
    get: operations['getIdentityConsentText'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/customers/me/identity': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Identity verification status */
    get: operations['getCustomerIdentity'];
    put?: never;
    /**
     * Verify identity (BVN, date of birth, consent)
     * @description Records the customer’s consent (the text version, when, the IP address and user agent), then checks the BVN, date of birth and names with the identity provider. When the BVN record has a phone, a one-time code is sent to it and the answer is `status: "pending_phone_code"` with `phone_hint`; the identity counts after `POST /api/v1/customers/me/identity/phone-code`. Failures: 400 `consent_required` (no consent, or `agreed: false`: the BVN is not sent), 400 `consent_text_outdated`, 400 `bvn_malformed`, 422 `bvn_not_found`, 422 `bvn_dob_mismatch`, 409 `bvn_in_use` (another account verified it), 409 `identity_already_verified` (with another BVN), 429 `verification_throttled` (5 failed checks a day), 503 `identity_provider_unavailable` (retry; nothing was recorded but the consent). Verifying again with the same BVN answers the existing verification. The BVN itself is never stored.
     */
    post: operations['verifyCustomerIdentity'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/customers/me/identity/phone-code': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Enter the code sent to the phone on the BVN record
     * @description Completes a `pending_phone_code` verification. Failures: 422 `phone_code_rejected` (the detail says how many tries are left; after the fifth, verify again for a new code), 422 `phone_code_expired` (10 minutes), 409 `no_phone_code_pending`, 503 `identity_provider_unavailable` (retry the same code).
     */
    post: operations['confirmIdentityPhoneCode'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/customers/me/identity/consent/withdraw': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Withdraw consent to identity checks
     * @description Marks every consent of the customer withdrawn and drops a check waiting for its phone code. A verification already made stays (NDPA s.26(5)); a new check needs a new consent. `withdrawn`: how many consents this call withdrew (0 when none was in force).
     */
    post: operations['withdrawIdentityConsent'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/customers/me/credit-check': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The credit check held about me, and the consent text */
    get: operations['getCustomerCreditCheck'];
    put?: never;
    /**
     * Run a credit bureau check (with consent)
     * @description Sends the verified BVN to the credit bureau under the consent whose version is given (`GET` shows the text to display first), and keeps a summary (decision 0047). A check younger than 30 days is answered again without calling the bureau. Failures: 400 `bvn_malformed`, 422 `credit_consent_required` (no or an old consent version), 422 `credit_bvn_not_verified` (not the BVN the identity was verified with), 503 `credit_bureau_unavailable` (retryable; nothing recorded; never a refusal). The BVN is never stored.
     */
    post: operations['runCustomerCreditCheck'];
    /**
     * Withdraw the credit-report consent
     * @description No check is made or used after it; live plans then need a new consent and check. Safe to repeat.
     */
    delete: operations['withdrawCustomerCreditConsent'];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/merchant/{merchant_id}/payment-links': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List payment links
     * @description Newest first; filter by `active`; pass `next_cursor` back as `cursor`. A secret key lists its own mode’s links only; the dashboard token both, or one with `livemode`.
     */
    get: operations['listPaymentLinks'];
    put?: never;
    /**
     * Create a payment link
     * @description A reusable URL that opens checkout without a server: `amount` (fixed, kobo) or `min_amount` and `max_amount` (the customer enters an amount in that range). Optional `redirect_url` (after a successful checkout; default the customer dashboard), `constraints` (default: the merchant’s defaults at each visit) and `customer_fields` (questions the link’s page asks before the checkout, such as a delivery address and phone; the answers come back on the plan: decision 0052). A secret key creates a link of its own mode; the dashboard chooses with `livemode` (default false).
     */
    post: operations['createPaymentLink'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/merchant/{merchant_id}/payment-links/{link_id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** A payment link */
    get: operations['getPaymentLink'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    /**
     * Update a payment link
     * @description Any of `title`, `amount` or `min_amount`+`max_amount` (switches between fixed and customer-entered), `redirect_url` (null clears), `constraints` (null: the merchant’s defaults), `customer_fields` ([] asks nothing). Applies to later visits; sessions already opened keep what they were created with.
     */
    patch: operations['updatePaymentLink'];
    trace?: never;
  };
  '/api/v1/merchant/{merchant_id}/payment-links/{link_id}/deactivate': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Deactivate a payment link
     * @description Later visits show a page saying the link is no longer available (HTTP 410); checkouts already opened can still complete. Deactivating twice is the same as once.
     */
    post: operations['deactivatePaymentLink'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/v1/merchant/{merchant_id}/payment-links/{link_id}/activate': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Reactivate a payment link
     * @description Visits open checkout again. Activating twice is the same as once.
     */
    post: operations['activatePaymentLink'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/pay/{link_id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * A payment link’s public page (customers’ browsers)
     * @description Creates a checkout session for this visit and answers 303 to its `checkout_url`. A link where the customer enters the amount first shows a small form (`amount` in naira, e.g. `25000.50`). Unknown link: 404 page; deactivated: 410 page; merchant not able to take payments: 403 page. HTML, never JSON. Other query parameters (tracking tags) are ignored.
     */
    get: operations['openPaymentLinkPage'];
    put?: never;
    /**
     * A payment link’s form, submitted (customers’ browsers)
     * @description For a link with `customer_fields`: the page’s form posts the buyer’s answers here (`application/x-www-form-urlencoded`: `amount` in naira for a link where the customer enters it, and `field_<key>` per question). Answers checked (every required one given, a phone that is one, lengths): 303 to the new checkout session’s `checkout_url`, the answers on the session and later on the plan; otherwise the form again with each problem beside its field (400). HTML, never JSON.
     */
    post: operations['submitPaymentLinkForm'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
}
export interface webhooks {
  'payment.success': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * payment.success
     * @description The deposit is collected and the plan is active (once per plan).
     */
    post: operations['paymentSuccessWebhook'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  'payment.failed': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * payment.failed
     * @description An attempt at the deposit or an installment failed.
     */
    post: operations['paymentFailedWebhook'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  'payment.partial': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * payment.partial
     * @description An automatic retry took part of an overdue installment by partial debit (decision 0045): the rest is still owed and retried.
     */
    post: operations['paymentPartialWebhook'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  'payment_plan.installment_paid': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * payment_plan.installment_paid
     * @description A later installment was collected.
     */
    post: operations['paymentPlanInstallmentPaidWebhook'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  'installment.paid': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * installment.paid
     * @description Sent with every `payment_plan.installment_paid`: the same data, its own event id.
     */
    post: operations['installmentPaidWebhook'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  'goods.release': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * goods.release
     * @description The merchant's goods release rule is met (once per plan).
     */
    post: operations['goodsReleaseWebhook'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  'debit.scheduled': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * debit.scheduled
     * @description An automatic debit is registered for a later installment (or its retry).
     */
    post: operations['debitScheduledWebhook'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  'transfer.success': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * transfer.success
     * @description A payout reached the merchant's settlement account.
     */
    post: operations['transferSuccessWebhook'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  'transfer.failed': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * transfer.failed
     * @description A payout failed; the amount is back in the available balance.
     */
    post: operations['transferFailedWebhook'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  'transfer.reversed': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * transfer.reversed
     * @description A paid payout was reversed by the bank; the amount is back in the available balance.
     */
    post: operations['transferReversedWebhook'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  'payment_plan.completed': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * payment_plan.completed
     * @description Nothing is left to collect.
     */
    post: operations['paymentPlanCompletedWebhook'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  'payment_plan.defaulted': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * payment_plan.defaulted
     * @description A later installment ran out of retries; automatic debits stop.
     */
    post: operations['paymentPlanDefaultedWebhook'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  'payment_plan.cancelled': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * payment_plan.cancelled
     * @description The merchant cancelled the plan, or its deposit ran out of retries.
     */
    post: operations['paymentPlanCancelledWebhook'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  'payment_plan.updated': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * payment_plan.updated
     * @description The schedule changed: a refund shortened it (`reason: "refund"`), or a hardship request was approved (`reason: "hardship"`: one due date moved, or the rest spread over more installments).
     */
    post: operations['paymentPlanUpdatedWebhook'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  'payment_method.revoked': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * payment_method.revoked
     * @description The card or mandate behind some of the merchant's open plans was revoked.
     */
    post: operations['paymentMethodRevokedWebhook'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  'refund.processed': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * refund.processed
     * @description A refund is done: balance reduced and cash paid back.
     */
    post: operations['refundProcessedWebhook'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  'refund.failed': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * refund.failed
     * @description The gateway could not pay (part of) a refund back.
     */
    post: operations['refundFailedWebhook'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  'dispute.created': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * dispute.created
     * @description A customer's bank disputed a collected payment: the amount was taken back from your balance. Answer before `due_at`.
     */
    post: operations['disputeCreatedWebhook'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  'dispute.reminder': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * dispute.reminder
     * @description The gateway reminds you that a dispute still needs your answer.
     */
    post: operations['disputeReminderWebhook'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  'dispute.resolved': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * dispute.resolved
     * @description A dispute is over: `won` gives the money back to your balance, `lost` keeps it out.
     */
    post: operations['disputeResolvedWebhook'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  'payment.reversed': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * payment.reversed
     * @description The gateway reversed a collected payment with no refund of yours and no dispute we know of (decision 0073): the amount less its fee share left your available balance. The installment stays paid.
     */
    post: operations['paymentReversedWebhook'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
}
export interface components {
  schemas: {
    /** @description Every failure: `{ ok: false, code, detail }`. */
    Error: {
      /** @enum {boolean} */
      ok: false;
      /** @description Stable machine-readable error code. */
      code: string;
      /** @description What went wrong, in words safe to show. */
      detail: string;
      /** @description Quote this to support. */
      request_id: string;
      retryable?: boolean;
      /** @description On a 400 about what was sent: every body field at fault, once each, in plain words (`detail` names only the first). Absent when no field is to blame. */
      errors?: {
        /** @description The body field, dotted: `email`, `address.city`. */
        field: string;
        /** @description What is wrong with it, in words a form can show. */
        message: string;
      }[];
      /** @description Only on a refused card or bank account whose ₦50 verification charge the gateway had already taken: it is being refunded to the card or account (decision 0042). */
      verification_charge?: {
        /** @description Kobo: what the gateway took (5000 = ₦50). */
        amount: number;
        /** @example NGN */
        currency: string;
        /** @enum {string} */
        status: 'refund_queued';
      };
    };
    PlanCountsByStatus: {
      pending_deposit: number;
      active: number;
      completed: number;
      defaulted: number;
      cancelled: number;
    };
    WebhookEndpointHealth: {
      endpoint: {
        url: string | null;
        /** @enum {string} */
        status: 'enabled' | 'disabled' | 'not_configured';
        disabled_reason: string | null;
      };
      last_attempt: {
        /** Format: date-time */
        attempted_at: string;
        event_id: string;
        event: string;
        /** @enum {string} */
        outcome: 'delivered' | 'failed';
        status_code: number | null;
        error: string | null;
      } | null;
      /** @description Events still to deliver (pending or retrying). */
      waiting: number;
      /** @description Events whose retry window ran out. */
      dead_letters: number;
    };
    NotificationSwitches: {
      /** @description A reminder 3 days before each installment is due. */
      reminders: boolean;
      /** @description A receipt for each payment collected and each refund. */
      receipts: boolean;
      /** @description A notice when a debit fails, saying what happens next. */
      failed_payments: boolean;
    };
    NotificationPreferences: {
      /** @enum {string} */
      object: 'notification_preferences';
      email: components['schemas']['NotificationSwitches'];
      in_app: components['schemas']['NotificationSwitches'];
      sms: components['schemas']['NotificationSwitches'];
      /** Format: date-time */
      updated_at: string | null;
    };
    MessagingPlan: {
      /** @enum {string} */
      frequency: 'weekly' | 'monthly';
      /** @description Installments after the deposit. */
      installment_count: number;
      /** @description The shop’s minimum deposit, in percent. */
      upfront_pct: number;
      /** @description Kobo, paid at confirmation. */
      deposit: number;
      /** @description Kobo: the largest installment (the first ones carry the odd kobo, docs/money-rules.md). */
      installment: number;
      /** @description False when the installments differ by 1 kobo. */
      equal_installments: boolean;
      /** @description Kobo: deposit plus installments, the amount asked. */
      total: number;
      /** @example ₦12,125 */
      deposit_text: string;
      /** @example ₦12,125 */
      installment_text: string;
    };
    MerchantCredentials: {
      merchant: components['schemas']['Merchant'];
      /** @description Shown once. Only a digest is stored. */
      secret_keys: {
        /** @example sk_test_… */
        test: string;
        /** @example sk_live_… */
        live: string;
      };
      /** @description Public keys for the messaging element in shop pages (decision 0055): they read `GET /api/v1/messaging/plans` and nothing else. Listed again at `GET /api/v1/merchant/{merchant_id}/publishable-keys`. */
      publishable_keys: {
        /** @example pk_test_… */
        test: string;
        /** @example pk_live_… */
        live: string;
      };
      /** @description Shown once: each mode's signing secret for X-Tranche-Signature (test events are signed with `test`, live events with `live`). */
      webhook_secrets: {
        /** @example whsec_… */
        test: string;
        /** @example whsec_… */
        live: string;
      };
      /** @description The same as `webhook_secrets.test`, kept for clients written before per-mode secrets. */
      webhook_secret: string;
    };
    Merchant: {
      /** @example mer_4fQ2d8LkP0aZ7sVbN1xY */
      id: string;
      /** @enum {string} */
      object: 'merchant';
      business_name: string;
      email: string;
      /** @enum {string} */
      status: 'pending_approval' | 'active' | 'deactivated';
      /** Format: date-time */
      approved_at: string | null;
      /** Format: date-time */
      deactivated_at: string | null;
      /** @description Why Tranche deactivated the account (set while `status` is `deactivated`); the same words are in the 403 `merchant_inactive` detail. */
      deactivation_reason: string | null;
      /** @description The webhook URL of the calling key's mode (live for the dashboard token); both modes' are in `webhooks`. */
      webhook_url: string | null;
      /**
       * @description `disabled` after the endpoint answered 410 Gone, until its URL is set again (that mode only).
       * @enum {string}
       */
      webhook_status: 'enabled' | 'disabled' | 'not_configured';
      webhook_disabled_reason: string | null;
      /** @description One endpoint per mode: test events go only to `test.url`, signed with the test secret; live events only to `live.url`, signed with the live secret. */
      webhooks: {
        test: {
          url: string | null;
          /**
           * @description `disabled` after the endpoint answered 410 Gone, until its URL is set again (that mode only).
           * @enum {string}
           */
          status: 'enabled' | 'disabled' | 'not_configured';
          disabled_reason: string | null;
        };
        live: {
          url: string | null;
          /**
           * @description `disabled` after the endpoint answered 410 Gone, until its URL is set again (that mode only).
           * @enum {string}
           */
          status: 'enabled' | 'disabled' | 'not_configured';
          disabled_reason: string | null;
        };
      };
      settlement_account: {
        bank_code: string;
        account_number: string;
        /**
         * @description The holder’s name as the gateway’s account resolve gave it when the account was set (decision 0057); null for an account set before names were kept.
         * @example BALOGUN MARKET FABRICS LTD
         */
        account_name: string | null;
      } | null;
      default_constraints: components['schemas']['SessionConstraints'];
      min_customer_tier: string;
      /** @description When `goods.release` fires: deposit paid (default), a percentage of the amount paid, or fully paid. */
      goods_release_rule:
        | {
            /** @enum {string} */
            type: 'deposit_paid';
          }
        | {
            /** @enum {string} */
            type: 'percentage_paid';
            percentage: number;
          }
        | {
            /** @enum {string} */
            type: 'fully_paid';
          };
      /**
       * @description Web origins allowed to embed the checkout in the TrancheConnect iframe (CSP `frame-ancestors`), normalised. Empty: any site may embed it; set it before going live.
       * @example [
       *       "https://shop.example",
       *       "http://localhost:5173"
       *     ]
       */
      allowed_checkout_origins: string[];
      /**
       * @description Partial debits on automatic retries (decision 0045): the least share, in percent of what an overdue installment still owes, that a retry may collect from a Mastercard or Verve card holding less than the whole. Null: off.
       * @example null
       * @example 50
       */
      partial_debit_floor_pct: number | null;
      support_contact: components['schemas']['SupportContact'];
      /** Format: date-time */
      created_at: string;
    };
    SessionConstraints: {
      allowed_frequencies: ('weekly' | 'monthly')[];
      /** @description Most weekly installments after the deposit. */
      max_weekly_duration: number;
      /** @description Most monthly installments after the deposit. */
      max_monthly_duration: number;
      /** @description Smallest deposit, in percent of the amount. */
      min_upfront_pct: number;
      allowed_schedule_types: 'installment'[];
    };
    /** @description How customers reach the shop: shown on the checkout’s refusal screens beside “pay this shop another way”. Set with `support_contact` in the settings. */
    SupportContact: {
      email: string | null;
      phone: string | null;
      website: string | null;
    };
    MerchantSession: {
      merchant: components['schemas']['Merchant'];
      /** @description EdDSA JWT, valid 15 minutes. */
      access_token: string;
      /** @enum {string} */
      token_type: 'Bearer';
      /** @description Seconds. */
      expires_in: number;
      /** @description Single use; rotated on refresh. */
      refresh_token: string;
    };
    ApiKey: {
      /** @example key_2Wb7nQ4xL9mT1vK8pZ5c */
      id: string;
      /** @enum {string} */
      object: 'api_key';
      /** @enum {string} */
      mode: 'test' | 'live';
      redacted: string;
      /** Format: date-time */
      created_at: string;
      /** Format: date-time */
      expires_at: string | null;
      /** Format: date-time */
      revoked_at: string | null;
    };
    PublishableKey: {
      /** @example key_4Hc9sR2mV7yN3qX6tB1d */
      id: string;
      /** @enum {string} */
      object: 'publishable_key';
      /** @enum {string} */
      mode: 'test' | 'live';
      /** @example pk_test_8sK2nV5qW1xY7zB4cD9fG3hJ */
      key: string;
      /** Format: date-time */
      created_at: string;
      /** Format: date-time */
      expires_at: string | null;
    };
    BusinessDetails: {
      /** @enum {string} */
      object: 'business_details';
      merchant_id: string;
      /** @description The last submission; null until the merchant submits. */
      submission: {
        /** @example Balogun Market Fabrics Ltd */
        registered_name: string;
        /**
         * @description The CAC number, normalised: RC…, BN… or IT… and its digits.
         * @example RC1234567
         */
        registration_number: string;
        tax_id: string | null;
        address: {
          street: string;
          city: string;
          /** @example Lagos */
          state: string;
        };
        director: {
          first_name: string;
          last_name: string;
          /**
           * @description The last four digits: the BVN itself is never stored.
           * @example 4567
           */
          bvn_last4: string;
          /**
           * @description What the identity provider said: `verified` only when the BVN exists and both the date of birth and the names match its record.
           * @enum {string}
           */
          check: 'verified' | 'bvn_not_found' | 'dob_mismatch' | 'name_mismatch';
          /** @description The outcome in words. */
          check_detail: string;
          /** Format: date-time */
          checked_at: string;
          /** @description Who checked: `dojah`, or `dojah-simulator` / `sandbox` (test providers, not for a real approval). */
          provider: string;
        };
        /** Format: date-time */
        submitted_at: string;
        /** @description The team member who submitted, and the role. */
        submitted_by: string;
        /** Format: date-time */
        reviewed_at: string | null;
      } | null;
      settlement_account: {
        bank_code: string;
        account_number: string;
        /** @description The holder’s name from the gateway’s account resolve (decision 0057); null: unconfirmed. */
        account_name: string | null;
      } | null;
      ready_for_approval: boolean;
      /** @description What still stands between the merchant and its approval, in words; empty when ready. */
      blockers: string[];
      /** @description The merchant is approved and submitted new details afterwards that no operator has approved yet (it stays active meanwhile). */
      changed_since_approval: boolean;
      /** @description The text the submitter agrees to (the director’s consent to the BVN check); send its `version` back as `consent.text_version`. */
      director_consent: {
        version: string;
        text: string;
        sha256: string;
      };
      /** @description With a test identity provider only (sandbox mode): a director BVN and date of birth it verifies. Null with a real provider. */
      test_values: {
        director_bvn: string;
        date_of_birth: string;
      } | null;
    };
    Team: {
      /** @enum {string} */
      object: 'team';
      members: components['schemas']['TeamMember'][];
      /** @description The most one refund by a support member may be; null: support refunds nothing. */
      support_refund_limit_kobo: number | null;
      roles: {
        /**
         * @description owner: everything; admin: all but owners and the settlement account; developer: keys, webhooks, test tools; support: plans, payment links, refunds up to the limit; finance: wallet and payouts; viewer: reads only (decision 0064).
         * @enum {string}
         */
        role: 'owner' | 'admin' | 'developer' | 'support' | 'finance' | 'viewer';
        summary: string;
      }[];
    };
    TeamMember: {
      /** @example mem_4Hc9sR2mV7yN3qX6tB1d */
      id: string;
      /** @enum {string} */
      object: 'team_member';
      name: string;
      email: string;
      /**
       * @description owner: everything; admin: all but owners and the settlement account; developer: keys, webhooks, test tools; support: plans, payment links, refunds up to the limit; finance: wallet and payouts; viewer: reads only (decision 0064).
       * @enum {string}
       */
      role: 'owner' | 'admin' | 'developer' | 'support' | 'finance' | 'viewer';
      /** @enum {string} */
      status: 'invited' | 'active';
      /** @description The member whose e-mail the account was registered with: always an owner, never removed. */
      account_holder: boolean;
      /** Format: date-time */
      created_at: string;
    };
    SignedInMember: {
      id: string;
      /** @enum {string} */
      object: 'team_member';
      name: string;
      email: string;
      /**
       * @description owner: everything; admin: all but owners and the settlement account; developer: keys, webhooks, test tools; support: plans, payment links, refunds up to the limit; finance: wallet and payouts; viewer: reads only (decision 0064).
       * @enum {string}
       */
      role: 'owner' | 'admin' | 'developer' | 'support' | 'finance' | 'viewer';
      /** @enum {string} */
      status: 'invited' | 'active';
      account_holder: boolean;
      /** Format: date-time */
      created_at: string;
      /** @description What this member’s role may do (the names of the permission table). */
      permissions: string[];
      support_refund_limit_kobo: number | null;
      two_factor: components['schemas']['TwoFactorStatus'];
    };
    TwoFactorStatus: {
      /** @enum {string} */
      object: 'two_factor';
      enabled: boolean;
      /** Format: date-time */
      enabled_at: string | null;
      /** @description Owners must have two-factor sign-in on. */
      required: boolean;
      /**
       * Format: date-time
       * @description An owner without two-factor sign-in may only read and enrol after this (seven days from becoming an owner); null when on or not required.
       */
      due_at: string | null;
      recovery_codes_left: number;
    };
    TwoFactorEnrolment: {
      /** @enum {string} */
      object: 'two_factor_enrolment';
      /** @description The TOTP key, base32: type it into an authenticator app. */
      secret: string;
      /** @description The same key as an `otpauth://totp/…` URI (SHA-1, 6 digits, 30 s). */
      otpauth_uri: string;
    };
    TwoFactorEnabled: {
      /** @enum {string} */
      object: 'two_factor';
      enabled: boolean;
      /** Format: date-time */
      enabled_at: string | null;
      /** @description Owners must have two-factor sign-in on. */
      required: boolean;
      /**
       * Format: date-time
       * @description An owner without two-factor sign-in may only read and enrol after this (seven days from becoming an owner); null when on or not required.
       */
      due_at: string | null;
      recovery_codes_left: number;
      /** @description Ten single-use recovery codes (`ABCDE-FGHIJ`), shown this once: each works instead of an authenticator code. */
      recovery_codes: string[];
    };
    MemberAction: {
      id: string;
      /** @enum {string} */
      object: 'member_action';
      member_id: string | null;
      member_name: string;
      member_role: string;
      /** @description The permission the request used, e.g. `pay_out`. */
      action: string;
      /** @description The action in words. */
      description: string;
      method: string;
      path: string;
      status: number;
      request_id: string | null;
      ip: string | null;
      /** Format: date-time */
      created_at: string;
    };
    OperatorSession: {
      operator: {
        id: string;
        /** @enum {string} */
        object: 'operator';
        email: string;
        name: string;
      };
      /** @description EdDSA JWT, valid 15 minutes. */
      access_token: string;
      /** @enum {string} */
      token_type: 'Bearer';
      /** @description Seconds. */
      expires_in: number;
      /** @description Single use; rotated on refresh. */
      refresh_token: string;
    };
    PayoutAwaitingOtp: {
      /** @example po_6tY5rE4wQ3aS2dF1gH0j */
      id: string;
      /** @enum {string} */
      object: 'payout';
      merchant_id: string;
      business_name: string;
      /** @description Kobo. */
      amount: number;
      /** @enum {string} */
      currency: 'NGN';
      reference: string;
      transfer_code: string | null;
      settlement_account: {
        bank_code: string;
        account_number: string;
      };
      /**
       * Format: date-time
       * @description When the gateway answered `otp` and sent the OTP to the business phone.
       */
      otp_requested_at: string;
      /**
       * Format: date-time
       * @description otp_requested_at + 30 minutes, when Paystack documents that it abandons the transfer.
       */
      deadline_at: string;
      /** @description Past the deadline and still held at the gateway: reported (metric, log). Resend the OTP and give it, or wait for the gateway to abandon it (the money then returns to the wallet). */
      overdue: boolean;
    };
    PaymentPlan: {
      /** @example plan_3Jd9sKq0LmT2vX7yB1cN */
      id: string;
      /** @enum {string} */
      object: 'payment_plan';
      merchant_id: string;
      customer_id: string;
      checkout_session_id: string;
      order_reference: string;
      /**
       * @description What was bought: the checkout session’s title (spec §2.3).
       * @example Samsung Galaxy A15
       */
      title: string;
      /** @description The shop’s business name. In the customer’s reads (their own plans) only. */
      merchant_name?: string;
      /** @description The session’s line items; null when the shop sent none. */
      line_items:
        | {
            /** @example Samsung Galaxy A15 */
            name: string;
            /** @example 1 */
            quantity: number;
            /**
             * @description Kobo, for one.
             * @example 2500000
             */
            unit_amount: number;
          }[]
        | null;
      /**
       * @description The session’s `metadata` (`{}` when none; decision 0051). In the merchant’s reads and webhooks only; never in the customer’s.
       * @example {
       *       "cart_id": "c-1042"
       *     }
       */
      metadata?: {
        [key: string]: string;
      };
      /** @description Who bought, as they were at the checkout: the customer account’s name, e-mail and phone. Personal data (decision 0052): only the merchant whose plan it is (API, dashboard, webhooks) and the customer themselves see it. An addition to the spec. */
      customer: {
        /** @example cus_1aB2cD3eF4gH5iJ6kL7m */
        id: string;
        /** @example Ada Obi */
        name: string | null;
        /** @example ada@example.ng */
        email: string | null;
        /** @example +2348031234567 */
        phone: string | null;
      };
      /** @description A payment link’s plan: what the buyer answered to the link’s questions (delivery address, phone, custom fields; decision 0052). Null for other plans. Personal data, like `customer`. */
      customer_fields:
        | {
            /** @example delivery_address */
            key: string;
            /** @example Delivery address */
            label: string;
            /** @example 12 Allen Avenue, Ikeja, Lagos */
            value: string;
          }[]
        | null;
      livemode: boolean;
      amount: number;
      /** @enum {string} */
      currency: 'NGN';
      /** @enum {string} */
      frequency: 'weekly' | 'monthly';
      installment_count: number;
      upfront_pct: number;
      /** @enum {string} */
      status: 'pending_deposit' | 'active' | 'completed' | 'defaulted' | 'cancelled';
      payment_method_id: string;
      installments: components['schemas']['Installment'][];
      /** Format: date-time */
      created_at: string;
    };
    Installment: {
      /** @example inst_6Rk1pT9wQ2nV5xB8mZ3c */
      id: string;
      /** @description 0 is the deposit. */
      sequence: number;
      /** @description What is (or was) collected, in kobo. */
      amount: number;
      /** @description Kobo taken off this installment by refunds before it was collected (amount + refunded is what the schedule set). */
      refunded: number;
      /**
       * @description Kobo collected on this installment by partial debits (decision 0045); `amount` is what it still owes. 0 for most installments.
       * @example 0
       */
      partially_paid: number;
      /** Format: date-time */
      due_at: string;
      /**
       * @description scheduled, processing, failed, paid, cancelled
       * @example scheduled
       */
      status: string;
      /** Format: date-time */
      paid_at: string | null;
    };
    Wallet: {
      /** @enum {string} */
      object: 'wallet';
      merchant_id: string;
      /** @description Whose money this is: the mode of Tranche’s gateway key (decision 0015), false on a sandbox deployment whichever mode the caller looks at. */
      livemode: boolean;
      /** @enum {string} */
      currency: 'NGN';
      /** @description Collected net the merchant can be paid, kobo. */
      available: number;
      /** @description Gross of live plans not collected yet, kobo. */
      pending: number;
      payouts_in_transit: number;
      refunds_in_transit: number;
      transactions: {
        id: string;
        /** @enum {string} */
        object: 'wallet_transaction';
        /** @description plan_confirmed, payment_collected, transfer_collected (an installment part paid by bank transfer; charge_reference is the part’s reference), payout_initiated, payout_succeeded, payout_failed, payout_reversed, refund_*, receivable_reduced, plan_cancelled, plan_written_off, reversal */
        type: string;
        reference: string;
        /** Format: date-time */
        created_at: string;
        /** @description Kobo; negative when money leaves the available balance. */
        available_change: number;
        pending_change: number;
        gross: number | null;
        platform_fee: number | null;
        plan_id: string | null;
        charge_reference: string | null;
        payout_reference: string | null;
        refund_reference: string | null;
      }[];
      has_more: boolean;
      next_cursor: string | null;
    };
    Payout: {
      /** @example po_6tY5rE4wQ3aS2dF1gH0j */
      id: string;
      /** @enum {string} */
      object: 'payout';
      merchant_id: string;
      amount: number;
      /** @enum {string} */
      currency: 'NGN';
      /** @description pending, in_transit, paid, failed, reversed */
      status: string;
      /** @description schedule (daily at 10:00 Lagos) or request */
      trigger: string;
      reference: string;
      settlement_account: {
        bank_code: string;
        account_number: string;
      };
      failure_reason: string | null;
      /** Format: date-time */
      created_at: string;
      /** Format: date-time */
      updated_at: string;
    };
    SettlementReport: {
      /** @enum {string} */
      object: 'settlement_report';
      payout: components['schemas']['Payout'];
      /** @enum {string} */
      currency: 'NGN';
      /** @description Kobo, each the sum of its lines. */
      summary: {
        carried_in: number;
        /** @description Gross collected, kobo. */
        collections: number;
        /** @description Platform fees less fees returned (negative). */
        fees: number;
        /** @description Cash refunds less failed ones (negative). */
        refunds: number;
        payouts_returned: number;
        adjustments: number;
        carried_out: number;
        /** @description The sum of every line: the payout’s amount. */
        total: number;
      };
      lines: components['schemas']['SettlementLine'][];
    };
    SettlementLine: {
      /**
       * @description `carried_in`: what the previous payout left in the available balance; `collection`: a collected payment, gross; `fee`: the platform fee on it (negative), or a fee returned with a refund (positive); `refund`: a cash refund (negative); `refund_failed`: a refund the gateway did not make, back; `payout_returned`: an earlier payout that failed or was returned, paid again; `adjustment`: a correction; `carried_out`: what this payout left in the available balance (negative).
       * @enum {string}
       */
      type:
        | 'carried_in'
        | 'collection'
        | 'refund'
        | 'refund_failed'
        | 'payout_returned'
        | 'adjustment'
        | 'fee'
        | 'carried_out';
      /** @description Kobo, signed as it counts toward the payout; the lines sum to its `amount`. */
      amount: number;
      /** Format: date-time */
      created_at: string | null;
      ledger_entry_id: string | null;
      ledger_kind: string | null;
      /** @description The charge (`chg-…`), refund part (`rfp-…`) or payout reference. */
      reference: string | null;
      plan_id: string | null;
      order_reference: string | null;
    };
    WebhookEvent: {
      /** @example evt_4kQ2nV8sLm0pXc7RtY1a */
      id: string;
      /** @enum {string} */
      object: 'webhook_event';
      /** @example payment.success */
      event: string;
      livemode: boolean;
      /** Format: date-time */
      created_at: string;
      /** @enum {string} */
      status: 'pending' | 'retrying' | 'delivered' | 'dead';
      attempts: number;
      /**
       * Format: date-time
       * @description When the next attempt is due (pending or retrying); null once delivered or dead.
       */
      next_attempt_at: string | null;
      /** Format: date-time */
      delivered_at: string | null;
      last_status_code: number | null;
      last_error: string | null;
      /** @description The exact body that is signed and sent, parsed. */
      payload: unknown;
      attempt_log?: {
        /** Format: date-time */
        attempted_at: string;
        url: string;
        /** @enum {string} */
        outcome: 'delivered' | 'failed';
        status_code: number | null;
        latency_ms: number;
        error: string | null;
      }[];
    };
    CustomerSession: {
      customer: components['schemas']['Customer'];
      /** @description EdDSA JWT, valid 15 minutes. */
      access_token: string;
      /** @enum {string} */
      token_type: 'Bearer';
      /** @description Seconds. */
      expires_in: number;
      /** @description Single use; rotated on refresh. */
      refresh_token: string;
    };
    Customer: {
      /** @example cus_1aB2cD3eF4gH5iJ6kL7m */
      id: string;
      /** @enum {string} */
      object: 'customer';
      email: string;
      first_name: string;
      last_name: string;
      phone: string;
      /** @description Whether the customer proved they hold `phone` with a code texted to it. Only a verified phone can receive sign-in codes and notices by SMS (decision 0053). */
      phone_verified: boolean;
      /** Format: date-time */
      created_at: string;
    };
    RememberedDevice: {
      /** @example rdv_1aB2cD3eF4gH5iJ6kL7m */
      id: string;
      /** @enum {string} */
      object: 'remembered_device';
      merchant_id: string;
      merchant_name: string;
      /** @example Chrome on Android */
      label: string;
      /** Format: date-time */
      created_at: string;
      /** Format: date-time */
      last_used_at: string;
      /** Format: date-time */
      expires_at: string;
    };
    CheckoutSession: {
      /** @example cs_9hT3kQ0vZr2mW8yL1pXa */
      id: string;
      /** @enum {string} */
      object: 'checkout_session';
      /** @description The `sessionToken` for `TrancheConnect.openCheckout`. */
      token: string;
      /** @description Hosted checkout page for this session. */
      checkout_url: string;
      merchant_id: string;
      /** @description The merchant's business name, shown by the checkout. In GET answers only (the widget's read). */
      merchant_name?: string;
      /** @description How customers reach the merchant (its `support_contact` setting), null when it set none. In GET answers only (the widget's read). */
      merchant_support?: components['schemas']['SupportContact'] | null;
      /** @description The plan the checkout shows first (decision 0068): the messaging element's plan for this amount, inside the session's constraints. In GET answers only (the widget's read). */
      suggested_plan?: {
        /** @enum {string} */
        frequency: 'weekly' | 'monthly';
        /** @description Installments after the deposit. */
        installment_count: number;
        upfront_pct: number;
      };
      livemode: boolean;
      /** @description Kobo. */
      amount: number;
      currency: string;
      title: string;
      order_reference: string;
      customer_email: string | null;
      /** @description As sent at creation; null when none were sent. An addition to spec §2.3. */
      line_items:
        | {
            /** @example Samsung Galaxy A15 */
            name: string;
            /** @example 1 */
            quantity: number;
            /**
             * @description Kobo, for one.
             * @example 2500000
             */
            unit_amount: number;
          }[]
        | null;
      /**
       * @description As sent at creation (`{}` when none). In secret-key answers only: the widget’s read by token leaves it out. An addition to spec §2.3.
       * @example {
       *       "cart_id": "c-1042"
       *     }
       */
      metadata?: {
        [key: string]: string;
      };
      /** @enum {string} */
      status: 'pending' | 'completed' | 'cancelled' | 'expired';
      constraints: components['schemas']['SessionConstraints'];
      /** Format: date-time */
      created_at: string;
      /** Format: date-time */
      expires_at: string;
      /** Format: date-time */
      completed_at: string | null;
    };
    SchedulePreview: {
      amount: number;
      /** @enum {string} */
      currency: 'NGN';
      /** @enum {string} */
      frequency: 'weekly' | 'monthly';
      installment_count: number;
      upfront_pct: number;
      deposit: {
        amount: number;
        /** Format: date-time */
        due_at: string;
      };
      installments: {
        sequence: number;
        amount: number;
        /** Format: date-time */
        due_at: string;
      }[];
      total: number;
      merchant_view?: {
        platform_fee: number;
        merchant_net: number;
      };
      constraints: components['schemas']['SessionConstraints'];
    };
    MessagingPlans: {
      /** @enum {string} */
      object: 'messaging_plans';
      livemode: boolean;
      /** @description Kobo, as asked. */
      amount: number;
      /** @enum {string} */
      currency: 'NGN';
      /** @description The shop, for the learn-more view. */
      merchant_name: string;
      /** @description False when no plan fits the amount (above `max_amount`, or too small to split): show nothing. */
      available: boolean;
      /** @description Kobo: the largest order a shopper may pay in installments (the highest tier). */
      max_amount: number;
      /** @description The plan the checkout selects first (monthly when offered, 3 payments, the minimum deposit): the one line the element shows. */
      headline: components['schemas']['MessagingPlan'] | null;
      /** @description Every duration of each allowed frequency at the minimum deposit, monthly first. The checkout also offers larger deposits. */
      plans: components['schemas']['MessagingPlan'][];
    };
    PlanChoice: {
      /** @enum {string} */
      frequency: 'weekly' | 'monthly';
      /** @description Installments after the deposit. */
      installment_count: number;
      upfront_pct: number;
    };
    Charge: {
      /** @example chg-inst3Jd9sKq0LmT2vX7yB1cN-1 */
      reference: string;
      /** @enum {string} */
      object: 'charge';
      installment_id: string;
      /** @description 0 is the deposit. */
      sequence: number;
      /** @description The automatic attempt this charge is; for a charge the customer started, the attempt it stood in for. */
      attempt: number;
      /**
       * @description `schedule`: an automatic debit. `customer`: the customer paid now or paid off early; when such a charge fails, nothing else changes (no missed payment, no retry used, no `payment.failed`).
       * @enum {string}
       */
      initiated_by: 'schedule' | 'customer';
      amount: number;
      /** @description Tranche’s 2.5% on a collected charge; 0 otherwise. */
      fee: number;
      /** @enum {string} */
      status: 'pending' | 'success' | 'failed';
      gateway_message: string | null;
      /** @description A partial debit (decision 0045) that took less than it asked for: what it asked for; `amount` is what it took. Null for every other charge. */
      requested_amount: number | null;
      /** Format: date-time */
      created_at: string;
      /** Format: date-time */
      settled_at: string | null;
    };
    Refund: {
      /** @example rfd_5Qm2xR8vT1bN4kL7yC3d */
      id: string;
      /** @enum {string} */
      object: 'refund';
      payment_plan_id: string;
      merchant_id: string;
      livemode: boolean;
      /** @description The whole refund, in kobo. */
      amount: number;
      /** @description Taken off what the customer still owes (unpaid installments, last first): no money moves. */
      balance_reduction: number;
      /** @description Paid back to the customer's card or bank account through the gateway. */
      cash_amount: number;
      /** @description Tranche's fee given back on the cash part; the wallet pays the rest. */
      fee_returned: number;
      reason: string | null;
      /** @enum {string} */
      status: 'pending' | 'processed' | 'failed';
      failure_reason: string | null;
      /** Format: date-time */
      created_at: string;
      /** Format: date-time */
      updated_at: string;
    };
    Dispute: {
      /** @example dsp_4kQ2nV8sLm0pXc7RtY1a */
      id: string;
      /** @enum {string} */
      object: 'dispute';
      merchant_id: string;
      livemode: boolean;
      /**
       * @description `needs_response`: answer before `due_at` (evidence, a file, then accept or decline). `under_review`: you declined; the bank decides. `won`: the money came back to your balance. `lost`: it stays with the customer.
       * @enum {string}
       */
      status: 'needs_response' | 'under_review' | 'won' | 'lost';
      /** @description What the gateway took back, in kobo (at most the payment). */
      amount: number;
      /** @description Tranche's fee on that amount, taken back from Tranche (not from you). */
      fee_share: number;
      /** @description Taken from your available balance when the dispute opened (amount - fee_share). */
      balance_debited: number;
      /** @description Given back on resolution: all of `amount` when won, usually 0 when lost. */
      returned_amount: number;
      /** @enum {string} */
      currency: 'NGN';
      /** @description The customer's words, as the gateway gives them. */
      reason: string | null;
      /** Format: date-time */
      due_at: string | null;
      /** @description How many reminders the gateway has sent. */
      reminders: number;
      payment_plan_id: string;
      installment_id: string;
      /** @description The disputed payment (our gateway reference). */
      charge_reference: string;
      evidence: components['schemas']['DisputeEvidence'] | null;
      /** @description A file of proof was uploaded (needed to answer). */
      file_uploaded: boolean;
      /** @enum {string|null} */
      merchant_decision: 'accepted' | 'declined' | null;
      merchant_message: string | null;
      /** @description The gateway's word for the outcome: `declined` (you won), `merchant-accepted`, `auto-accepted` (lost). */
      resolution: string | null;
      /** Format: date-time */
      created_at: string;
      /** Format: date-time */
      updated_at: string;
      /** Format: date-time */
      resolved_at: string | null;
    };
    DisputeEvidence: {
      customer_email: string;
      customer_name: string;
      customer_phone: string;
      service_details: string;
      delivery_address: string | null;
      /** Format: date */
      delivery_date: string | null;
    };
    TransferAccount: {
      /** @enum {string} */
      object: 'transfer_account';
      plan_id: string;
      /** @description A 10-digit NUBAN, yours alone. */
      account_number: string;
      account_name: string;
      bank_name: string;
      /** @enum {string} */
      currency: 'NGN';
      /** @description Kobo overdue on this plan now (failed or due installments). */
      amount_due_now: number;
      /** @description Kobo the plan still owes in all. */
      amount_remaining: number;
      next_installment: {
        /** Format: date-time */
        due_at: string;
        amount: number;
      } | null;
    };
    PaymentMethod: {
      /** @example pm_7bQ1vN4kT9sX2mL0pZcA */
      id: string;
      /** @enum {string} */
      object: 'payment_method';
      customer_id: string;
      /** @enum {string} */
      type: 'card' | 'bank';
      /**
       * @example Visa Card
       * @example Zenith Bank ******0000
       */
      label: string;
      last4: string;
      brand: string;
      bank_code: string | null;
      bank_name: string | null;
      exp_month: string | null;
      exp_year: string | null;
      is_default: boolean;
      /**
       * @description `active`: usable. `pending`: a bank mandate the customer approved that the bank has not activated yet (up to 24 hours); it cannot back a plan until it is active. `failed`: the bank never activated the mandate. `revoked`: the bank or gateway withdrew it. Only `active` methods are ever charged.
       * @enum {string}
       */
      status: 'pending' | 'active' | 'revoked' | 'failed';
      /** Format: date-time */
      created_at: string;
    };
    Eligibility: {
      eligible: boolean;
      /** @description Null when eligible. When several hold, the first of: delinquent, insufficient_trust_tier (identity not verified), credit_check_required (live: no valid credit bureau check), credit_report (refused on the credit report, decision 0047), tier_restricted, insufficient_trust_tier (over the spending limit), no_payment_method. */
      reason:
        | 'delinquent'
        | 'insufficient_trust_tier'
        | 'credit_check_required'
        | 'credit_report'
        | 'tier_restricted'
        | 'no_payment_method'
        | null;
      customer_score: number;
      /** @enum {string} */
      customer_tier: 'Tranche Bronze' | 'Tranche Silver' | 'Tranche Gold' | 'Tranche Platinum';
      /** @enum {string} */
      required_tier: 'Tranche Bronze' | 'Tranche Silver' | 'Tranche Gold' | 'Tranche Platinum';
      /** @description Null when eligible: otherwise the reason in words for the customer, with what they can do (a credit-report refusal names the bureaus and how to reach them). */
      explanation: string | null;
    };
    CustomerTrust: {
      /** @enum {string} */
      object: 'customer_trust';
      livemode: boolean;
      identity_verified: boolean;
      score: number;
      /** @enum {string} */
      tier: 'Tranche Bronze' | 'Tranche Silver' | 'Tranche Gold' | 'Tranche Platinum';
      /** @description Kobo the tier allows owed across open plans. */
      spending_limit: number;
      /** @description Kobo still owed on open plans. */
      open_balance: number;
      available: number;
      delinquent: boolean;
      factors: {
        on_time_installments: number;
        missed_installments: number;
        completed_plans: number;
        defaulted_plans: number;
        /** @description Disputes of this customer the merchant lost (each -150, like a default: money-rules.md §5c). */
        lost_disputes: number;
        /** @description What the credit bureau check adds to the score (decision 0047). */
        credit_points: number;
      };
    };
    IdentityConsentText: {
      /** @enum {string} */
      object: 'identity_consent_text';
      /** @description Send it back as `consent.text_version`. */
      version: string;
      /** @description Who checks the BVN, as the text names them. */
      provider: string;
      /** @description Show it in full, before the BVN can be submitted. */
      text: string;
      /** @description SHA-256 of `text` (UTF-8), recorded with the consent. */
      sha256: string;
      /** @description Only when the provider is a test one (the sandbox or the Dojah simulator): a BVN prefix (fill in the rest with digits) that verifies, its date of birth and the one-time code. Null with a real provider. */
      test_values: {
        bvn_prefix: string;
        date_of_birth: string;
        phone_code: string | null;
      } | null;
    };
    IdentityVerification: {
      /** @enum {string} */
      object: 'identity_verification';
      /**
       * @description `pending_phone_code`: the BVN matched and its record has a phone; the identity counts once the code sent to it is entered (`POST /api/v1/customers/me/identity/phone-code`).
       * @enum {string}
       */
      status: 'verified' | 'pending_phone_code' | 'unverified';
      bvn_last4: string | null;
      /** Format: date-time */
      verified_at: string | null;
      /** @description While `pending_phone_code`: the masked phone the code went to, e.g. `0803 *** 4567`. */
      phone_hint: string | null;
      /** Format: date-time */
      code_expires_at: string | null;
      code_attempts_left: number | null;
    };
    IdentityConsentWithdrawal: {
      /** @enum {string} */
      object: 'identity_consent_withdrawal';
      withdrawn: number;
    };
    CreditCheck: {
      /** @enum {string} */
      object: 'credit_check';
      /** @enum {string} */
      status: 'checked' | 'not_checked';
      provider: string | null;
      outcome: 'report' | 'no_record' | 'subject_mismatch' | null;
      /** Format: date-time */
      checked_at: string | null;
      /** Format: date-time */
      expires_at: string | null;
      /** @description What Tranche keeps from the report (decision 0047); never the report itself. */
      summary: {
        bureaus: string[];
        score: number | null;
        score_band: string;
        score_reasons: string | null;
        open_loans: number;
        delinquent_facilities: number;
        max_days_overdue: number;
        /** @description Kobo. */
        total_overdue: number;
        /** @description Kobo. */
        total_outstanding: number;
        enquiries_last_3_months: number;
        last_reported_on: string | null;
      } | null;
      /** @description The consent text to show before a check; send its version to run one. */
      consent: {
        version: string;
        text: string;
      };
    };
    PaymentLink: {
      /** @example pl_7Hq2LmN0pX4sV9bC1dRt */
      id: string;
      /** @enum {string} */
      object: 'payment_link';
      /** @description Share this: each visit opens a fresh checkout. */
      url: string;
      merchant_id: string;
      livemode: boolean;
      title: string;
      /** @enum {string} */
      currency: 'NGN';
      /** @description Fixed amount in kobo; null when the customer enters it. */
      amount: number | null;
      min_amount: number | null;
      max_amount: number | null;
      /** @description Where the customer goes after a successful checkout; null: the customer dashboard. */
      redirect_url: string | null;
      /** @description Null: the merchant's default constraints at each visit. */
      constraints: components['schemas']['SessionConstraints'] | null;
      /** @description Questions the link's page asks before the checkout (a delivery address, a phone, a size…), at most 5; keys unique. The answers come back on the plan as `customer_fields` and in its webhooks. Empty: the page goes straight to the checkout. */
      customer_fields: {
        /**
         * @description Names the answer on the plan and in webhooks: lower case, digits and `_`, up to 40 characters.
         * @example delivery_address
         */
        key: string;
        /**
         * @description What the buyer reads above the field.
         * @example Delivery address
         */
        label: string;
        /**
         * @description `address`: several lines, up to 300 characters; `phone`: a phone number; `text`: one line, up to 300 characters.
         * @enum {string}
         */
        type: 'text' | 'address' | 'phone';
        required: boolean;
      }[];
      active: boolean;
      /** Format: date-time */
      deactivated_at: string | null;
      /** Format: date-time */
      created_at: string;
      /** Format: date-time */
      updated_at: string;
    };
    PaymentEventData: {
      payment_plan: components['schemas']['PaymentPlan'];
      /** @description Null only in the payment.success of a plan without a deposit. */
      installment: components['schemas']['Installment'] | null;
      payment: components['schemas']['WebhookPayment'] | null;
    };
    WebhookPayment: {
      /**
       * @description Our gateway reference for this attempt.
       * @example chg-inst0aA-1
       */
      reference: string;
      /** @example 1 */
      attempt: number;
      /**
       * @description Gross, in kobo.
       * @example 25000
       */
      amount: number;
      /**
       * @description Platform fee: 2.5%, rounded half up.
       * @example 625
       */
      fee: number;
      /**
       * @description What the wallet receives.
       * @example 24375
       */
      net: number;
      /** @enum {string} */
      currency: 'NGN';
      /** Format: date-time */
      paid_at: string | null;
    };
    PaymentFailedEventData: {
      payment_plan: components['schemas']['PaymentPlan'];
      installment: components['schemas']['Installment'];
      payment: components['schemas']['WebhookFailedPayment'];
      /**
       * Format: date-time
       * @description Null when this was the last attempt.
       */
      next_retry_at: string | null;
      final_attempt: boolean;
    };
    WebhookFailedPayment: {
      /**
       * @description Our gateway reference for this attempt.
       * @example chg-inst0aA-1
       */
      reference: string;
      /** @example 1 */
      attempt: number;
      /**
       * @description Gross, in kobo.
       * @example 25000
       */
      amount: number;
      /**
       * @description Platform fee: 2.5%, rounded half up.
       * @example 625
       */
      fee: number;
      /**
       * @description What the wallet receives.
       * @example 24375
       */
      net: number;
      /** @enum {string} */
      currency: 'NGN';
      /** Format: date-time */
      paid_at: string | null;
      /** @example Insufficient Funds */
      failure_message: string | null;
    };
    PaymentPartialEventData: {
      payment_plan: components['schemas']['PaymentPlan'];
      installment: components['schemas']['Installment'];
      payment: components['schemas']['WebhookPartialPayment'];
      /**
       * @description Still owed on the installment (its `amount` now); `payment.amount` + this = `payment.requested_amount`.
       * @example 215987
       */
      amount_remaining: number;
      /**
       * Format: date-time
       * @description Null when this was the last attempt (the plan then defaults).
       */
      next_retry_at: string | null;
      final_attempt: boolean;
    };
    WebhookPartialPayment: {
      /**
       * @description Our gateway reference for this attempt.
       * @example chg-inst0aA-1
       */
      reference: string;
      /** @example 1 */
      attempt: number;
      /**
       * @description What was collected, in kobo; the fee is 2.5% of this.
       * @example 409013
       */
      amount: number;
      /**
       * @description Platform fee: 2.5%, rounded half up.
       * @example 625
       */
      fee: number;
      /**
       * @description What the wallet receives.
       * @example 24375
       */
      net: number;
      /** @enum {string} */
      currency: 'NGN';
      /** Format: date-time */
      paid_at: string | null;
      /**
       * @description What the retry asked for: the installment as it was.
       * @example 625000
       */
      requested_amount: number;
      /** @example Approved */
      gateway_message: string | null;
    };
    GoodsReleaseEventData: {
      payment_plan: components['schemas']['PaymentPlan'];
      order_reference: string;
      /** @description When `goods.release` fires: deposit paid (default), a percentage of the amount paid, or fully paid. */
      release_rule:
        | {
            /** @enum {string} */
            type: 'deposit_paid';
          }
        | {
            /** @enum {string} */
            type: 'percentage_paid';
            percentage: number;
          }
        | {
            /** @enum {string} */
            type: 'fully_paid';
          };
      /** @description Kobo collected so far. */
      amount_paid: number;
      /** @description Kobo still to collect. */
      amount_outstanding: number;
    };
    DebitScheduledEventData: {
      payment_plan: components['schemas']['PaymentPlan'];
      installment: components['schemas']['Installment'];
      attempt: number;
      /** Format: date-time */
      scheduled_for: string;
      /** @example pm_7bQ1vN4kT9sX2mL0pZcA */
      payment_method_id: string;
    };
    PayoutEventData: {
      payout: components['schemas']['Payout'];
    };
    PlanEventData: {
      payment_plan: components['schemas']['PaymentPlan'];
    };
    PlanUpdatedEventData: {
      payment_plan: components['schemas']['PaymentPlan'];
      /** @enum {string} */
      reason: 'refund' | 'hardship';
      /** @description Null unless `reason` is `refund`. */
      refund: components['schemas']['Refund'] | null;
      /** @description The approved request when `reason` is `hardship`. */
      hardship_request?: {
        /** @example hsr_6mT1qZ8vKc3LpW0xNb2d */
        id: string;
        /** @enum {string} */
        object: 'hardship_request';
        payment_plan_id: string;
        merchant_id: string;
        livemode: boolean;
        /**
         * @description `move_due_date`: one installment falls due later (`installment_id`, `new_due_date`). `spread`: what is still scheduled is split over `extra_installments` more installments.
         * @enum {string}
         */
        kind: 'move_due_date' | 'spread';
        /**
         * @description `requested`: waiting for the merchant (until `expires_at`). `approved`: the schedule changed. `declined`: the schedule stays. `expired`: nobody answered in time. `cancelled`: the customer withdrew it. A plan has one request that is requested, approved or declined.
         * @enum {string}
         */
        status: 'requested' | 'approved' | 'declined' | 'expired' | 'cancelled';
        installment_id: string | null;
        /**
         * Format: date
         * @description The Lagos day asked for (due at 09:00 Lagos).
         */
        new_due_date: string | null;
        extra_installments: number | null;
        /** @description The customer's words, if any. */
        reason: string | null;
        /** @enum {string|null} */
        decided_by: 'merchant' | 'operator' | 'automatic' | null;
        decision_note: string | null;
        /** Format: date-time */
        expires_at: string;
        /** Format: date-time */
        decided_at: string | null;
        /** Format: date-time */
        created_at: string;
      } | null;
    };
    PaymentMethodRevokedEventData: {
      payment_method: {
        /** @example pm_7bQ1vN4kT9sX2mL0pZcA */
        id: string;
        /** @enum {string} */
        type: 'card' | 'bank';
        /** @example Visa Card */
        label: string;
        /** @enum {string} */
        status: 'revoked';
        /** @example authorization.revoked */
        revoked_reason: string | null;
        /** Format: date-time */
        revoked_at: string | null;
      };
      /** @example cus_1aB2cD3eF4gH5iJ6kL7m */
      customer_id: string;
      payment_plan_ids: string[];
      /** @description The customer's default method the plans now use, or null when they have none (collections wait for one). */
      replacement_payment_method_id: string | null;
    };
    RefundEventData: {
      refund: components['schemas']['Refund'];
      payment_plan: components['schemas']['PaymentPlan'];
    };
    DisputeEventData: {
      dispute: components['schemas']['Dispute'];
    };
    ReversalEventData: {
      reversal: components['schemas']['Reversal'];
    };
    Reversal: {
      /** @example rvs_4kQ2nV8sLm0pXc7RtY1a */
      id: string;
      /** @enum {string} */
      object: 'reversal';
      merchant_id: string;
      livemode: boolean;
      /** @description What the gateway took back, in kobo: the payment less what you had already refunded. */
      amount: number;
      /** @description Tranche's fee on that amount, returned by Tranche (not taken from you). */
      fee_share: number;
      /** @description Taken from your available balance (amount - fee_share). */
      balance_debited: number;
      /** @enum {string} */
      currency: 'NGN';
      payment_plan_id: string;
      /** @description It stays paid: the customer is not debited again. */
      installment_id: string;
      /** @description The reversed payment (our gateway reference). */
      charge_reference: string;
      /** @description A dispute about the same payment that reached us later and took the money instead: this reversal was undone. */
      superseded_by_dispute_id: string | null;
      /** Format: date-time */
      created_at: string;
    };
  };
  responses: {
    /** @description OK */
    MerchantSessionResponse: {
      headers: {
        [name: string]: unknown;
      };
      content: {
        'application/json': {
          /** @enum {boolean} */
          ok: true;
          data: components['schemas']['MerchantSession'];
        };
      };
    };
    /** @description Accepted: queued, done shortly. */
    RequestMerchantPasswordResetResponse: {
      headers: {
        [name: string]: unknown;
      };
      content: {
        'application/json': {
          /** @enum {boolean} */
          ok: true;
          data: {
            /** @enum {string} */
            object: 'password_reset_request';
            email: string;
            link_expires_in_minutes: number;
          };
        };
      };
    };
    /** @description OK */
    SignOutMerchantResponse: {
      headers: {
        [name: string]: unknown;
      };
      content: {
        'application/json': {
          /** @enum {boolean} */
          ok: true;
          data: {
            /** @enum {string} */
            object: 'sign_out';
            /** @enum {boolean} */
            signed_out: true;
          };
        };
      };
    };
    /** @description OK */
    MerchantResponse: {
      headers: {
        [name: string]: unknown;
      };
      content: {
        /**
         * @example {
         *       "ok": true,
         *       "data": {
         *         "id": "mer_4fQ2d8LkP0aZ7sVbN1xY",
         *         "object": "merchant",
         *         "business_name": "Ada Stores",
         *         "email": "ada@example.ng",
         *         "status": "pending_approval",
         *         "approved_at": "2026-11-21T10:00:00.000Z",
         *         "deactivated_at": null,
         *         "deactivation_reason": null,
         *         "webhook_url": "https://shop.example/webhooks/tranche",
         *         "webhook_status": "enabled",
         *         "webhook_disabled_reason": null,
         *         "webhooks": {
         *           "test": {
         *             "url": "https://shop.example/webhooks/tranche",
         *             "status": "enabled",
         *             "disabled_reason": null
         *           },
         *           "live": {
         *             "url": "https://shop.example/webhooks/tranche",
         *             "status": "enabled",
         *             "disabled_reason": null
         *           }
         *         },
         *         "settlement_account": {
         *           "bank_code": "058",
         *           "account_number": "0123456789",
         *           "account_name": "BALOGUN MARKET FABRICS LTD"
         *         },
         *         "default_constraints": {
         *           "allowed_frequencies": [
         *             "weekly"
         *           ],
         *           "max_weekly_duration": 1,
         *           "max_monthly_duration": 1,
         *           "min_upfront_pct": 25,
         *           "allowed_schedule_types": [
         *             "installment"
         *           ]
         *         },
         *         "min_customer_tier": "Tranche Bronze",
         *         "goods_release_rule": {
         *           "type": "deposit_paid"
         *         },
         *         "allowed_checkout_origins": [
         *           "https://shop.example",
         *           "http://localhost:5173"
         *         ],
         *         "partial_debit_floor_pct": null,
         *         "support_contact": {
         *           "email": "ada@example.ng",
         *           "phone": "08031234567",
         *           "website": "text"
         *         },
         *         "created_at": "2026-11-21T10:00:00.000Z"
         *       }
         *     }
         */
        'application/json': {
          /** @enum {boolean} */
          ok: true;
          data: components['schemas']['Merchant'];
        };
      };
    };
    /** @description OK */
    MerchantResponse2: {
      headers: {
        [name: string]: unknown;
      };
      content: {
        'application/json': {
          /** @enum {boolean} */
          ok: true;
          data: components['schemas']['Merchant'];
        };
      };
    };
    /** @description OK */
    RevokeSecretKeyResponse: {
      headers: {
        [name: string]: unknown;
      };
      content: {
        /**
         * @example {
         *       "ok": true,
         *       "message": "Your installment of ₦8,334.00 is due on 21 December."
         *     }
         */
        'application/json': {
          /** @enum {boolean} */
          ok: true;
          message: string;
        };
      };
    };
    /** @description OK */
    OperatorSessionResponse: {
      headers: {
        [name: string]: unknown;
      };
      content: {
        'application/json': {
          /** @enum {boolean} */
          ok: true;
          data: components['schemas']['OperatorSession'];
        };
      };
    };
    /** @description OK */
    AdminListHardshipRequestsResponse: {
      headers: {
        [name: string]: unknown;
      };
      content: {
        /**
         * @example {
         *       "ok": true,
         *       "data": [
         *         {
         *           "id": "hsr_6mT1qZ8vKc3LpW0xNb2d",
         *           "object": "hardship_request",
         *           "payment_plan_id": "plan_3Jd9sKq0LmT2vX7yB1cN",
         *           "merchant_id": "mer_4fQ2d8LkP0aZ7sVbN1xY",
         *           "livemode": false,
         *           "kind": "move_due_date",
         *           "status": "requested",
         *           "installment_id": "installment_4fQ2d8LkP0aZ7sVbN1xY",
         *           "new_due_date": "1990-01-15",
         *           "extra_installments": 1,
         *           "reason": "Customer returned the item",
         *           "decided_by": "merchant",
         *           "decision_note": "text",
         *           "expires_at": "2026-11-21T10:00:00.000Z",
         *           "decided_at": "2026-11-21T10:00:00.000Z",
         *           "created_at": "2026-11-21T10:00:00.000Z"
         *         }
         *       ]
         *     }
         */
        'application/json': {
          /** @enum {boolean} */
          ok: true;
          data: {
            /** @example hsr_6mT1qZ8vKc3LpW0xNb2d */
            id: string;
            /** @enum {string} */
            object: 'hardship_request';
            payment_plan_id: string;
            merchant_id: string;
            livemode: boolean;
            /**
             * @description `move_due_date`: one installment falls due later (`installment_id`, `new_due_date`). `spread`: what is still scheduled is split over `extra_installments` more installments.
             * @enum {string}
             */
            kind: 'move_due_date' | 'spread';
            /**
             * @description `requested`: waiting for the merchant (until `expires_at`). `approved`: the schedule changed. `declined`: the schedule stays. `expired`: nobody answered in time. `cancelled`: the customer withdrew it. A plan has one request that is requested, approved or declined.
             * @enum {string}
             */
            status: 'requested' | 'approved' | 'declined' | 'expired' | 'cancelled';
            installment_id: string | null;
            /**
             * Format: date
             * @description The Lagos day asked for (due at 09:00 Lagos).
             */
            new_due_date: string | null;
            extra_installments: number | null;
            /** @description The customer's words, if any. */
            reason: string | null;
            /** @enum {string|null} */
            decided_by: 'merchant' | 'operator' | 'automatic' | null;
            decision_note: string | null;
            /** Format: date-time */
            expires_at: string;
            /** Format: date-time */
            decided_at: string | null;
            /** Format: date-time */
            created_at: string;
          }[];
        };
      };
    };
    /** @description OK */
    AdminApproveHardshipRequestResponse: {
      headers: {
        [name: string]: unknown;
      };
      content: {
        'application/json': {
          /** @enum {boolean} */
          ok: true;
          data: {
            hardship_request: {
              /** @example hsr_6mT1qZ8vKc3LpW0xNb2d */
              id: string;
              /** @enum {string} */
              object: 'hardship_request';
              payment_plan_id: string;
              merchant_id: string;
              livemode: boolean;
              /**
               * @description `move_due_date`: one installment falls due later (`installment_id`, `new_due_date`). `spread`: what is still scheduled is split over `extra_installments` more installments.
               * @enum {string}
               */
              kind: 'move_due_date' | 'spread';
              /**
               * @description `requested`: waiting for the merchant (until `expires_at`). `approved`: the schedule changed. `declined`: the schedule stays. `expired`: nobody answered in time. `cancelled`: the customer withdrew it. A plan has one request that is requested, approved or declined.
               * @enum {string}
               */
              status: 'requested' | 'approved' | 'declined' | 'expired' | 'cancelled';
              installment_id: string | null;
              /**
               * Format: date
               * @description The Lagos day asked for (due at 09:00 Lagos).
               */
              new_due_date: string | null;
              extra_installments: number | null;
              /** @description The customer's words, if any. */
              reason: string | null;
              /** @enum {string|null} */
              decided_by: 'merchant' | 'operator' | 'automatic' | null;
              decision_note: string | null;
              /** Format: date-time */
              expires_at: string;
              /** Format: date-time */
              decided_at: string | null;
              /** Format: date-time */
              created_at: string;
            };
            payment_plan: components['schemas']['PaymentPlan'];
          };
        };
      };
    };
    /** @description OK */
    CustomerSessionResponse: {
      headers: {
        [name: string]: unknown;
      };
      content: {
        'application/json': {
          /** @enum {boolean} */
          ok: true;
          data: components['schemas']['CustomerSession'];
        };
      };
    };
    /** @description OK */
    CustomerResponse: {
      headers: {
        [name: string]: unknown;
      };
      content: {
        /**
         * @example {
         *       "ok": true,
         *       "data": {
         *         "id": "cus_1aB2cD3eF4gH5iJ6kL7m",
         *         "object": "customer",
         *         "email": "ada@example.ng",
         *         "first_name": "Ada",
         *         "last_name": "Obi",
         *         "phone": "08031234567",
         *         "phone_verified": false,
         *         "created_at": "2026-11-21T10:00:00.000Z"
         *       }
         *     }
         */
        'application/json': {
          /** @enum {boolean} */
          ok: true;
          data: components['schemas']['Customer'];
        };
      };
    };
    /** @description OK */
    CheckoutSessionResponse: {
      headers: {
        [name: string]: unknown;
      };
      content: {
        /**
         * @example {
         *       "ok": true,
         *       "data": {
         *         "id": "cs_9hT3kQ0vZr2mW8yL1pXa",
         *         "object": "checkout_session",
         *         "token": "cst_Xr4bN8qL2mV7kP1zT9wY3sD6",
         *         "checkout_url": "http://localhost:3000/checkout/cst_Xr4bN8qL2mV7kP1zT9wY3sD6",
         *         "merchant_id": "mer_4fQ2d8LkP0aZ7sVbN1xY",
         *         "merchant_name": "Ada Stores",
         *         "merchant_support": {
         *           "email": "ada@example.ng",
         *           "phone": "08031234567",
         *           "website": "text"
         *         },
         *         "suggested_plan": {
         *           "frequency": "weekly",
         *           "installment_count": 3,
         *           "upfront_pct": 25
         *         },
         *         "livemode": false,
         *         "amount": 2500000,
         *         "currency": "NGN",
         *         "title": "Samsung Galaxy A15",
         *         "order_reference": "order-1001",
         *         "customer_email": "ada@example.ng",
         *         "line_items": [
         *           {
         *             "name": "Samsung Galaxy A15",
         *             "quantity": 1,
         *             "unit_amount": 2500000
         *           }
         *         ],
         *         "metadata": {
         *           "cart_id": "c-1042"
         *         },
         *         "status": "pending",
         *         "constraints": {
         *           "allowed_frequencies": [
         *             "weekly"
         *           ],
         *           "max_weekly_duration": 1,
         *           "max_monthly_duration": 1,
         *           "min_upfront_pct": 25,
         *           "allowed_schedule_types": [
         *             "installment"
         *           ]
         *         },
         *         "created_at": "2026-11-21T10:00:00.000Z",
         *         "expires_at": "2026-11-21T10:00:00.000Z",
         *         "completed_at": null
         *       }
         *     }
         */
        'application/json': {
          /** @enum {boolean} */
          ok: true;
          data: components['schemas']['CheckoutSession'];
        };
      };
    };
    /** @description OK */
    PaymentPlanResponse: {
      headers: {
        [name: string]: unknown;
      };
      content: {
        /**
         * @example {
         *       "ok": true,
         *       "data": {
         *         "id": "plan_3Jd9sKq0LmT2vX7yB1cN",
         *         "object": "payment_plan",
         *         "merchant_id": "mer_4fQ2d8LkP0aZ7sVbN1xY",
         *         "customer_id": "cus_1aB2cD3eF4gH5iJ6kL7m",
         *         "checkout_session_id": "cs_9hT3kQ0vZr2mW8yL1pXa",
         *         "order_reference": "order-1001",
         *         "title": "Samsung Galaxy A15",
         *         "merchant_name": "Ada Stores",
         *         "line_items": [
         *           {
         *             "name": "Samsung Galaxy A15",
         *             "quantity": 1,
         *             "unit_amount": 2500000
         *           }
         *         ],
         *         "metadata": {
         *           "cart_id": "c-1042"
         *         },
         *         "customer": {
         *           "id": "cus_1aB2cD3eF4gH5iJ6kL7m",
         *           "name": "Ada Obi",
         *           "email": "ada@example.ng",
         *           "phone": "+2348031234567"
         *         },
         *         "customer_fields": [
         *           {
         *             "key": "delivery_address",
         *             "label": "Delivery address",
         *             "value": "12 Allen Avenue, Ikeja, Lagos"
         *           }
         *         ],
         *         "livemode": false,
         *         "amount": 2500000,
         *         "currency": "NGN",
         *         "frequency": "weekly",
         *         "installment_count": 3,
         *         "upfront_pct": 25,
         *         "status": "pending_deposit",
         *         "payment_method_id": "pm_7bQ1vN4kT9sX2mL0pZcA",
         *         "installments": [
         *           {
         *             "id": "inst_6Rk1pT9wQ2nV5xB8mZ3c",
         *             "sequence": 1,
         *             "amount": 2500000,
         *             "refunded": 0,
         *             "partially_paid": 0,
         *             "due_at": "2026-11-21T10:00:00.000Z",
         *             "status": "scheduled",
         *             "paid_at": "2026-11-21T10:00:00.000Z"
         *           }
         *         ],
         *         "created_at": "2026-11-21T10:00:00.000Z"
         *       }
         *     }
         */
        'application/json': {
          /** @enum {boolean} */
          ok: true;
          data: components['schemas']['PaymentPlan'];
        };
      };
    };
    /** @description OK */
    PaymentPlanListResponse: {
      headers: {
        [name: string]: unknown;
      };
      content: {
        /**
         * @example {
         *       "ok": true,
         *       "data": [
         *         {
         *           "id": "plan_3Jd9sKq0LmT2vX7yB1cN",
         *           "object": "payment_plan",
         *           "merchant_id": "mer_4fQ2d8LkP0aZ7sVbN1xY",
         *           "customer_id": "cus_1aB2cD3eF4gH5iJ6kL7m",
         *           "checkout_session_id": "cs_9hT3kQ0vZr2mW8yL1pXa",
         *           "order_reference": "order-1001",
         *           "title": "Samsung Galaxy A15",
         *           "merchant_name": "Ada Stores",
         *           "line_items": [
         *             {
         *               "name": "Samsung Galaxy A15",
         *               "quantity": 1,
         *               "unit_amount": 2500000
         *             }
         *           ],
         *           "metadata": {
         *             "cart_id": "c-1042"
         *           },
         *           "customer": {
         *             "id": "cus_1aB2cD3eF4gH5iJ6kL7m",
         *             "name": "Ada Obi",
         *             "email": "ada@example.ng",
         *             "phone": "+2348031234567"
         *           },
         *           "customer_fields": [
         *             {
         *               "key": "delivery_address",
         *               "label": "Delivery address",
         *               "value": "12 Allen Avenue, Ikeja, Lagos"
         *             }
         *           ],
         *           "livemode": false,
         *           "amount": 2500000,
         *           "currency": "NGN",
         *           "frequency": "weekly",
         *           "installment_count": 3,
         *           "upfront_pct": 25,
         *           "status": "pending_deposit",
         *           "payment_method_id": "pm_7bQ1vN4kT9sX2mL0pZcA",
         *           "installments": [
         *             {
         *               "id": "inst_6Rk1pT9wQ2nV5xB8mZ3c",
         *               "sequence": 1,
         *               "amount": 2500000,
         *               "refunded": 0,
         *               "partially_paid": 0,
         *               "due_at": "2026-11-21T10:00:00.000Z",
         *               "status": "scheduled",
         *               "paid_at": "2026-11-21T10:00:00.000Z"
         *             }
         *           ],
         *           "created_at": "2026-11-21T10:00:00.000Z"
         *         }
         *       ],
         *       "has_more": true,
         *       "next_cursor": null
         *     }
         */
        'application/json': {
          /** @enum {boolean} */
          ok: true;
          data: components['schemas']['PaymentPlan'][];
          has_more: boolean;
          next_cursor: string | null;
        };
      };
    };
    /** @description OK */
    PaymentPlanResponse2: {
      headers: {
        [name: string]: unknown;
      };
      content: {
        'application/json': {
          /** @enum {boolean} */
          ok: true;
          data: components['schemas']['PaymentPlan'];
        };
      };
    };
    /** @description OK */
    DisputeResponse: {
      headers: {
        [name: string]: unknown;
      };
      content: {
        'application/json': {
          /** @enum {boolean} */
          ok: true;
          data: components['schemas']['Dispute'];
        };
      };
    };
    /** @description OK */
    PayCustomerPlanNowResponse: {
      headers: {
        [name: string]: unknown;
      };
      content: {
        'application/json': {
          /** @enum {boolean} */
          ok: true;
          data: {
            payment_plan: components['schemas']['PaymentPlan'];
            payments: {
              installment_id: string;
              /**
               * @description `pending`: a bank debit still processing (settled by the gateway, usually within minutes); `error`: not attempted or not known yet, safe to try again.
               * @enum {string}
               */
              outcome: 'paid' | 'failed' | 'pending' | 'error';
              message: string | null;
            }[];
          };
        };
      };
    };
    /** @description OK */
    PaymentMethodResponse: {
      headers: {
        [name: string]: unknown;
      };
      content: {
        'application/json': {
          /** @enum {boolean} */
          ok: true;
          /** @enum {string} */
          next_action:
            'submit_otp' | 'submit_birthday' | 'submit_phone' | 'open_url' | 'success' | 'pending';
          reference: string;
          display_text: string | null;
          /** @description With submit_otp: codes this set-up still takes. A wrong code answers submit_otp again with one fewer (and display_text saying so); the last wrong one ends the set-up (402). */
          otp_attempts_left?: number;
          /** @description Present when next_action is open_url: open it in a popup, then call verify. */
          url?: string;
          data?: components['schemas']['PaymentMethod'];
        };
      };
    };
    /** @description OK */
    ReceiveGatewayRevocationWebhookResponse: {
      headers: {
        [name: string]: unknown;
      };
      content: {
        /**
         * @example {
         *       "ok": true,
         *       "status": "text",
         *       "event": "payment.success"
         *     }
         */
        'application/json': {
          /** @enum {boolean} */
          ok: true;
          status: string;
          event: string;
        };
      };
    };
    /** @description OK */
    IdentityVerificationResponse: {
      headers: {
        [name: string]: unknown;
      };
      content: {
        'application/json': {
          /** @enum {boolean} */
          ok: true;
          data: components['schemas']['IdentityVerification'];
        };
      };
    };
    /** @description OK */
    CreditCheckResponse: {
      headers: {
        [name: string]: unknown;
      };
      content: {
        /**
         * @example {
         *       "ok": true,
         *       "data": {
         *         "object": "credit_check",
         *         "status": "checked",
         *         "provider": "text",
         *         "outcome": "report",
         *         "checked_at": "2026-11-21T10:00:00.000Z",
         *         "expires_at": "2026-11-21T10:00:00.000Z",
         *         "summary": {
         *           "bureaus": [
         *             "text"
         *           ],
         *           "score": 0,
         *           "score_band": "text",
         *           "score_reasons": "text",
         *           "open_loans": 0,
         *           "delinquent_facilities": 0,
         *           "max_days_overdue": 0,
         *           "total_overdue": 0,
         *           "total_outstanding": 0,
         *           "enquiries_last_3_months": 0,
         *           "last_reported_on": "text"
         *         },
         *         "consent": {
         *           "version": "text",
         *           "text": "text"
         *         }
         *       }
         *     }
         */
        'application/json': {
          /** @enum {boolean} */
          ok: true;
          data: components['schemas']['CreditCheck'];
        };
      };
    };
    /** @description OK */
    PaymentLinkResponse: {
      headers: {
        [name: string]: unknown;
      };
      content: {
        /**
         * @example {
         *       "ok": true,
         *       "data": {
         *         "id": "pl_7Hq2LmN0pX4sV9bC1dRt",
         *         "object": "payment_link",
         *         "url": "https://shop.example/webhooks/tranche",
         *         "merchant_id": "mer_4fQ2d8LkP0aZ7sVbN1xY",
         *         "livemode": false,
         *         "title": "Samsung Galaxy A15",
         *         "currency": "NGN",
         *         "amount": 2500000,
         *         "min_amount": 2500000,
         *         "max_amount": 2500000,
         *         "redirect_url": "https://shop.example/orders/thank-you",
         *         "constraints": {
         *           "allowed_frequencies": [
         *             "weekly"
         *           ],
         *           "max_weekly_duration": 1,
         *           "max_monthly_duration": 1,
         *           "min_upfront_pct": 25,
         *           "allowed_schedule_types": [
         *             "installment"
         *           ]
         *         },
         *         "customer_fields": [
         *           {
         *             "key": "delivery_address",
         *             "label": "Delivery address",
         *             "type": "text",
         *             "required": false
         *           }
         *         ],
         *         "active": true,
         *         "deactivated_at": null,
         *         "created_at": "2026-11-21T10:00:00.000Z",
         *         "updated_at": "2026-11-21T10:00:00.000Z"
         *       }
         *     }
         */
        'application/json': {
          /** @enum {boolean} */
          ok: true;
          data: components['schemas']['PaymentLink'];
        };
      };
    };
    /** @description The request is malformed or fails validation. Codes: `invalid_request`, `invalid_json`, `invalid_idempotency_key`, `bvn_malformed`, `consent_required`, `consent_text_outdated`, `reset_link_invalid`. */
    BadRequest: {
      headers: {
        [name: string]: unknown;
      };
      content: {
        /**
         * @example {
         *       "ok": false,
         *       "code": "invalid_request",
         *       "detail": "The request is malformed or fails validation.",
         *       "request_id": "req_7fK2mQ9xL4vB1nP8"
         *     }
         */
        'application/json': components['schemas']['Error'];
      };
    };
    /** @description Missing, unknown, expired or revoked credentials. Codes: `unauthenticated`, `second_factor_required`. */
    Unauthorized: {
      headers: {
        [name: string]: unknown;
      };
      content: {
        /**
         * @example {
         *       "ok": false,
         *       "code": "unauthenticated",
         *       "detail": "Missing, unknown, expired or revoked credentials.",
         *       "request_id": "req_7fK2mQ9xL4vB1nP8"
         *     }
         */
        'application/json': components['schemas']['Error'];
      };
    };
    /** @description The gateway declined the payment. Codes: `payment_failed`. */
    PaymentFailed: {
      headers: {
        [name: string]: unknown;
      };
      content: {
        /**
         * @example {
         *       "ok": false,
         *       "code": "payment_failed",
         *       "detail": "The gateway declined the payment.",
         *       "request_id": "req_7fK2mQ9xL4vB1nP8"
         *     }
         */
        'application/json': components['schemas']['Error'];
      };
    };
    /** @description The credentials are valid but may not do this. Codes: `forbidden`, `merchant_inactive`, `merchant_not_approved`, `delinquent`, `insufficient_trust_tier`, `tier_restricted`, `no_payment_method`, `credit_check_required`, `credit_report`, `reauthentication_required`, `second_factor_enrolment_required`, `step_up_required`. */
    Forbidden: {
      headers: {
        [name: string]: unknown;
      };
      content: {
        /**
         * @example {
         *       "ok": false,
         *       "code": "forbidden",
         *       "detail": "The credentials are valid but may not do this.",
         *       "request_id": "req_7fK2mQ9xL4vB1nP8"
         *     }
         */
        'application/json': components['schemas']['Error'];
      };
    };
    /** @description No such object for this caller (another merchant’s or mode’s objects read as 404). Codes: `not_found`. */
    NotFound: {
      headers: {
        [name: string]: unknown;
      };
      content: {
        /**
         * @example {
         *       "ok": false,
         *       "code": "not_found",
         *       "detail": "No such object for this caller (another merchant’s or mode’s objects read as 404).",
         *       "request_id": "req_7fK2mQ9xL4vB1nP8"
         *     }
         */
        'application/json': components['schemas']['Error'];
      };
    };
    /** @description The object is not in a state that allows this. Codes: `conflict`, `email_taken`, `idempotency_key_reused`, `session_completed`, `session_not_pending`, `setup_pending`, `setup_expired`, `payment_method_unusable`, `payment_method_in_use`, `bvn_in_use`, `identity_already_verified`, `no_phone_code_pending`, `payment_link_inactive`, `business_details_incomplete`. */
    Conflict: {
      headers: {
        [name: string]: unknown;
      };
      content: {
        /**
         * @example {
         *       "ok": false,
         *       "code": "conflict",
         *       "detail": "The object is not in a state that allows this.",
         *       "request_id": "req_7fK2mQ9xL4vB1nP8"
         *     }
         */
        'application/json': components['schemas']['Error'];
      };
    };
    /** @description Well formed, but the identity check refused it. Codes: `bvn_not_found`, `bvn_dob_mismatch`, `phone_code_rejected`, `phone_code_expired`, `credit_consent_required`, `credit_bvn_not_verified`, `account_not_resolved`. */
    UnprocessableEntity: {
      headers: {
        [name: string]: unknown;
      };
      content: {
        /**
         * @example {
         *       "ok": false,
         *       "code": "bvn_not_found",
         *       "detail": "Well formed, but the identity check refused it.",
         *       "request_id": "req_7fK2mQ9xL4vB1nP8"
         *     }
         */
        'application/json': components['schemas']['Error'];
      };
    };
    /** @description Rate limited: wait `Retry-After` seconds, then retry. Codes: `rate_limited`, `login_throttled`, `verification_throttled`. */
    TooManyRequests: {
      headers: {
        /** @description Seconds to wait before retrying. */
        'Retry-After'?: number;
        'X-RateLimit-Limit'?: number;
        'X-RateLimit-Remaining'?: number;
        /** @description Seconds until the window resets. */
        'X-RateLimit-Reset'?: number;
        [name: string]: unknown;
      };
      content: {
        /**
         * @example {
         *       "ok": false,
         *       "code": "rate_limited",
         *       "detail": "Rate limited: wait `Retry-After` seconds, then retry.",
         *       "request_id": "req_7fK2mQ9xL4vB1nP8"
         *     }
         */
        'application/json': components['schemas']['Error'];
      };
    };
    /** @description The payment gateway did not answer; safe to retry. Codes: `gateway_unavailable`. */
    BadGateway: {
      headers: {
        [name: string]: unknown;
      };
      content: {
        /**
         * @example {
         *       "ok": false,
         *       "code": "gateway_unavailable",
         *       "detail": "The payment gateway did not answer; safe to retry.",
         *       "request_id": "req_7fK2mQ9xL4vB1nP8"
         *     }
         */
        'application/json': components['schemas']['Error'];
      };
    };
    /** @description A dependency is unavailable; retry later. Codes: `service_unavailable`, `identity_provider_unavailable`, `credit_bureau_unavailable`. */
    ServiceUnavailable: {
      headers: {
        [name: string]: unknown;
      };
      content: {
        /**
         * @example {
         *       "ok": false,
         *       "code": "service_unavailable",
         *       "detail": "A dependency is unavailable; retry later.",
         *       "request_id": "req_7fK2mQ9xL4vB1nP8"
         *     }
         */
        'application/json': components['schemas']['Error'];
      };
    };
    /** @description Any operation may also answer 413 (PayloadTooLarge), 415 (UnsupportedMediaType), 500 (InternalError), with the same envelope. Codes: `payload_too_large`, `unsupported_media_type`, `internal_error`. */
    OtherError: {
      headers: {
        [name: string]: unknown;
      };
      content: {
        /**
         * @example {
         *       "ok": false,
         *       "code": "payload_too_large",
         *       "detail": "Any operation may also answer 413 (PayloadTooLarge), 415 (UnsupportedMediaType), 500 (InternalError), with the same envelope.",
         *       "request_id": "req_7fK2mQ9xL4vB1nP8"
         *     }
         */
        'application/json': components['schemas']['Error'];
      };
    };
    /** @description Any 2xx within 10 seconds acknowledges the event. */
    WebhookAcknowledged: {
      headers: {
        [name: string]: unknown;
      };
      content?: never;
    };
    /** @description Gone: disables the endpoint of this mode until its `webhook_url` is set again; events keep queuing. */
    WebhookGone: {
      headers: {
        [name: string]: unknown;
      };
      content?: never;
    };
  };
  parameters: {
    merchantIdPath: string;
    /** @description Test (false) or live (true). A secret key works in its own mode only (another value: 400); the dashboard token chooses with it. */
    livemodeQuery: boolean;
    /** @description A UUID v4. The same key with the same request within 24 hours replays the first answer (header `Idempotent-Replayed: true`) and does nothing again; with another request it is a 409 `idempotency_key_reused` (decisions 0002, 0038). */
    idempotencyKeyHeader: string;
    limitQuery: number;
    /** @description The `next_cursor` of the previous page. */
    cursorQuery: string;
    payoutIdPath: string;
    requestIdPath: string;
    statusQuery: 'pending_deposit' | 'active' | 'completed' | 'defaulted' | 'cancelled';
    customerIdQuery: string;
    orderReferenceQuery: string;
    /** @description The buyer’s e-mail, whole; case is ignored. */
    customerEmailQuery: string;
    /** @description The buyer’s phone in any usual form (0803 123 4567, +2348031234567): its last 10 digits are compared. Fewer than 10 digits: 400. */
    customerPhoneQuery: string;
    /** @description Part of the plan’s title; case is ignored. */
    titleQuery: string;
    /** @description The plan’s amount is at least this (kobo). */
    amountMinQuery: number;
    /** @description The plan’s amount is at most this (kobo). */
    amountMaxQuery: number;
    /** @description Created at or after. */
    createdFromQuery: string;
    /** @description Created before. */
    createdBeforeQuery: string;
    /** @description One search box: part of the buyer’s e-mail or name, the title or the order reference, or (4 digits or more) of the buyer’s phone. */
    qQuery: string;
    tokenPath: string;
    planIdPath: string;
    disputeIdPath: string;
    linkIdPath: string;
    /**
     * @description Lowercase hex HMAC-SHA512 of the exact raw body bytes, keyed with the webhook secret of the event’s mode. Verify before parsing, in constant time.
     * @example 5e0c9d…
     */
    TrancheSignature: string;
    /**
     * @description During the 24 hours after a secret roll: the same HMAC with the previous secret.
     * @example 91ab4f…
     */
    TrancheSignaturePrevious: string;
    /**
     * @description The body’s `id`: de-duplicate on it.
     * @example evt_4kQ2nV8sLm0pXc7RtY1a
     */
    TrancheEventId: string;
    /**
     * @description The body’s `event`.
     * @example payment.success
     */
    TrancheEvent: string;
  };
  requestBodies: never;
  headers: never;
  pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
  registerMerchant: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "business_name": "Ada Stores",
         *       "email": "ada@example.ng",
         *       "password": "a long password"
         *     }
         */
        'application/json': {
          business_name: string;
          /** Format: email */
          email: string;
          /** @description 8 to 128 characters. */
          password: string;
        };
      };
    };
    responses: {
      /** @description Created */
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @enum {boolean} */
            ok: true;
            data: components['schemas']['MerchantCredentials'];
          };
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      404: components['responses']['NotFound'];
      409: components['responses']['Conflict'];
      429: components['responses']['TooManyRequests'];
      default: components['responses']['OtherError'];
    };
  };
  loginMerchant: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "email": "ada@example.ng",
         *       "password": "a long password",
         *       "code": "invalid_request"
         *     }
         */
        'application/json': {
          /** Format: email */
          email: string;
          password: string;
          /** @description The 6-digit code from the authenticator app, or one of the recovery codes (`ABCDE-FGHIJ`); each works once. */
          code?: string;
        };
      };
    };
    responses: {
      200: components['responses']['MerchantSessionResponse'];
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      404: components['responses']['NotFound'];
      409: components['responses']['Conflict'];
      429: components['responses']['TooManyRequests'];
      default: components['responses']['OtherError'];
    };
  };
  changeMerchantPassword: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        merchant_id: components['parameters']['merchantIdPath'];
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "current_password": "a long password",
         *       "new_password": "another long password"
         *     }
         */
        'application/json': {
          current_password: string;
          /** @description 8 to 128 characters. */
          new_password: string;
        };
      };
    };
    responses: {
      200: components['responses']['MerchantSessionResponse'];
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      404: components['responses']['NotFound'];
      409: components['responses']['Conflict'];
      429: components['responses']['TooManyRequests'];
      default: components['responses']['OtherError'];
    };
  };
  requestMerchantPasswordReset: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "email": "ada@example.ng"
         *     }
         */
        'application/json': {
          /** Format: email */
          email: string;
        };
      };
    };
    responses: {
      202: components['responses']['RequestMerchantPasswordResetResponse'];
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      404: components['responses']['NotFound'];
      409: components['responses']['Conflict'];
      429: components['responses']['TooManyRequests'];
      default: components['responses']['OtherError'];
    };
  };
  confirmMerchantPasswordReset: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "token": "cst_Xr4bN8qL2mV7kP1zT9wY3sD6",
         *       "password": "a long password"
         *     }
         */
        'application/json': {
          token: string;
          /** @description 8 to 128 characters. */
          password: string;
        };
      };
    };
    responses: {
      200: components['responses']['MerchantSessionResponse'];
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      404: components['responses']['NotFound'];
      409: components['responses']['Conflict'];
      429: components['responses']['TooManyRequests'];
      default: components['responses']['OtherError'];
    };
  };
  refreshMerchantToken: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "refresh_token": "rt_8Kd2mQ9xL4vB7nP1sT6wZ3yC"
         *     }
         */
        'application/json': {
          refresh_token: string;
        };
      };
    };
    responses: {
      200: components['responses']['MerchantSessionResponse'];
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      404: components['responses']['NotFound'];
      409: components['responses']['Conflict'];
      429: components['responses']['TooManyRequests'];
      default: components['responses']['OtherError'];
    };
  };
  signOutMerchant: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "refresh_token": "rt_8Kd2mQ9xL4vB7nP1sT6wZ3yC"
         *     }
         */
        'application/json': {
          refresh_token: string;
        };
      };
    };
    responses: {
      200: components['responses']['SignOutMerchantResponse'];
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      404: components['responses']['NotFound'];
      409: components['responses']['Conflict'];
      429: components['responses']['TooManyRequests'];
      default: components['responses']['OtherError'];
    };
  };
  getKeyMerchant: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: components['responses']['MerchantResponse'];
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      404: components['responses']['NotFound'];
      409: components['responses']['Conflict'];
      429: components['responses']['TooManyRequests'];
      default: components['responses']['OtherError'];
    };
  };
  getMerchant: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        merchant_id: components['parameters']['merchantIdPath'];
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: components['responses']['MerchantResponse'];
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      404: components['responses']['NotFound'];
      409: components['responses']['Conflict'];
      429: components['responses']['TooManyRequests'];
      default: components['responses']['OtherError'];
    };
  };
  updateMerchantSettings: {
    parameters: {
      query?: {
        /** @description Test (false) or live (true). A secret key works in its own mode only (another value: 400); the dashboard token chooses with it. */
        livemode?: components['parameters']['livemodeQuery'];
      };
      header?: {
        /** @description Dashboard callers only (a secret key is not asked): the 6-digit code from the member’s authenticator app, or a recovery code, each good once. Missing or wrong: 403 `step_up_required`; a member without two-factor sign-in: 403 `second_factor_enrolment_required` (decision 0065). */
        'two-factor-code'?: string;
      };
      path: {
        merchant_id: components['parameters']['merchantIdPath'];
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "webhook_url": "https://shop.example/webhooks/tranche",
         *       "settlement_account": {
         *         "bank_code": "058",
         *         "account_number": "0123456789"
         *       },
         *       "password": "a long password",
         *       "default_constraints": {
         *         "allowed_frequencies": [
         *           "weekly"
         *         ],
         *         "max_weekly_duration": 1,
         *         "max_monthly_duration": 1,
         *         "min_upfront_pct": 25,
         *         "allowed_schedule_types": [
         *           "installment"
         *         ]
         *       },
         *       "min_customer_tier": "Tranche Bronze",
         *       "goods_release_rule": {
         *         "type": "deposit_paid"
         *       },
         *       "partial_debit_floor_pct": 50,
         *       "support_contact": {
         *         "email": "ada@example.ng",
         *         "phone": "08031234567",
         *         "website": "text"
         *       },
         *       "allowed_checkout_origins": [
         *         "text"
         *       ]
         *     }
         */
        'application/json': {
          webhook_url?: string | null;
          settlement_account?: {
            bank_code: string;
            account_number: string;
          } | null;
          /** @description The dashboard password, required with `settlement_account` when the caller is the dashboard (decision 0057): missing or wrong is 403 `reauthentication_required`, and wrong ones count toward the sign-in throttle. A secret key is not asked for it. */
          password?: string;
          default_constraints?: components['schemas']['SessionConstraints'];
          /** @enum {string} */
          min_customer_tier?:
            'Tranche Bronze' | 'Tranche Silver' | 'Tranche Gold' | 'Tranche Platinum';
          /** @description When `goods.release` fires: deposit paid (default), a percentage of the amount paid, or fully paid. */
          goods_release_rule?:
            | {
                /** @enum {string} */
                type: 'deposit_paid';
              }
            | {
                /** @enum {string} */
                type: 'percentage_paid';
                percentage: number;
              }
            | {
                /** @enum {string} */
                type: 'fully_paid';
              };
          /**
           * @description Partial debits on retries (decision 0045): a whole number from 10 to 90, the least share (percent, rounded up, never under ₦100.00) of an overdue installment that an automatic retry on a Mastercard or Verve card may collect when the card holds less than the whole; the rest stays owed. `null` turns them off (the default).
           * @example 50
           */
          partial_debit_floor_pct?: number | null;
          /** @description How customers reach the shop, shown on the checkout’s refusal screens: `email`, `phone` (0 + 10 digits, or + and the country code) and `website` (http(s)), each optional; the object replaces the whole contact, `null` or `""` clears a part, `null` clears all. */
          support_contact?: {
            email?: string | null;
            phone?: string | null;
            website?: string | null;
          } | null;
          allowed_checkout_origins?: string[] | null;
        };
      };
    };
    responses: {
      200: components['responses']['MerchantResponse2'];
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      404: components['responses']['NotFound'];
      409: components['responses']['Conflict'];
      429: components['responses']['TooManyRequests'];
      default: components['responses']['OtherError'];
    };
  };
  checkSettlementAccount: {
    parameters: {
      query?: {
        bank_code?: string;
        account_number?: string;
      };
      header?: never;
      path: {
        merchant_id: components['parameters']['merchantIdPath'];
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "ok": true,
           *       "data": {
           *         "object": "settlement_account_check",
           *         "bank_code": "058",
           *         "account_number": "0123456789",
           *         "account_name": "BALOGUN MARKET FABRICS LTD"
           *       }
           *     }
           */
          'application/json': {
            /** @enum {boolean} */
            ok: true;
            data: {
              /** @enum {string} */
              object: 'settlement_account_check';
              bank_code: string;
              account_number: string;
              /** @example BALOGUN MARKET FABRICS LTD */
              account_name: string;
            };
          };
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      404: components['responses']['NotFound'];
      409: components['responses']['Conflict'];
      429: components['responses']['TooManyRequests'];
      default: components['responses']['OtherError'];
    };
  };
  rollWebhookSecret: {
    parameters: {
      query?: {
        /** @description Test (false) or live (true). A secret key works in its own mode only (another value: 400); the dashboard token chooses with it. */
        livemode?: components['parameters']['livemodeQuery'];
      };
      header?: {
        /** @description A UUID v4. The same key with the same request within 24 hours replays the first answer (header `Idempotent-Replayed: true`) and does nothing again; with another request it is a 409 `idempotency_key_reused` (decisions 0002, 0038). */
        'idempotency-key'?: components['parameters']['idempotencyKeyHeader'];
      };
      path: {
        merchant_id: components['parameters']['merchantIdPath'];
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "ok": true,
           *       "data": {
           *         "webhook_secret": "whsec_5WbX8kP2mQ9vL1nT7yC4dZ6r",
           *         "previous_secret_expires_at": "2026-11-21T10:00:00.000Z",
           *         "livemode": false
           *       }
           *     }
           */
          'application/json': {
            /** @enum {boolean} */
            ok: true;
            data: {
              webhook_secret: string;
              previous_secret_expires_at: string;
              /** @description The mode whose secret was rolled. */
              livemode: boolean;
            };
          };
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      404: components['responses']['NotFound'];
      409: components['responses']['Conflict'];
      429: components['responses']['TooManyRequests'];
      default: components['responses']['OtherError'];
    };
  };
  listSecretKeys: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        merchant_id: components['parameters']['merchantIdPath'];
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "ok": true,
           *       "data": [
           *         {
           *           "id": "key_2Wb7nQ4xL9mT1vK8pZ5c",
           *           "object": "api_key",
           *           "mode": "test",
           *           "redacted": "sk_test_…Y3sD",
           *           "created_at": "2026-11-21T10:00:00.000Z",
           *           "expires_at": "2026-11-21T10:00:00.000Z",
           *           "revoked_at": null
           *         }
           *       ]
           *     }
           */
          'application/json': {
            /** @enum {boolean} */
            ok: true;
            data: components['schemas']['ApiKey'][];
          };
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      404: components['responses']['NotFound'];
      409: components['responses']['Conflict'];
      429: components['responses']['TooManyRequests'];
      default: components['responses']['OtherError'];
    };
  };
  rollSecretKey: {
    parameters: {
      query?: never;
      header?: {
        /** @description A UUID v4. The same key with the same request within 24 hours replays the first answer (header `Idempotent-Replayed: true`) and does nothing again; with another request it is a 409 `idempotency_key_reused` (decisions 0002, 0038). */
        'idempotency-key'?: components['parameters']['idempotencyKeyHeader'];
      };
      path: {
        merchant_id: components['parameters']['merchantIdPath'];
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "mode": "test",
         *       "expire_old_after_minutes": 0
         *     }
         */
        'application/json': {
          /** @enum {string} */
          mode: 'test' | 'live';
          expire_old_after_minutes?: number;
        };
      };
    };
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @enum {boolean} */
            ok: true;
            data: {
              id: string;
              mode: string;
              secret_key: string;
              previous_keys_expire_at: string;
            };
          };
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      404: components['responses']['NotFound'];
      409: components['responses']['Conflict'];
      429: components['responses']['TooManyRequests'];
      default: components['responses']['OtherError'];
    };
  };
  revokeSecretKey: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        merchant_id: components['parameters']['merchantIdPath'];
        key_id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: components['responses']['RevokeSecretKeyResponse'];
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      404: components['responses']['NotFound'];
      409: components['responses']['Conflict'];
      429: components['responses']['TooManyRequests'];
      default: components['responses']['OtherError'];
    };
  };
  listPublishableKeys: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        merchant_id: components['parameters']['merchantIdPath'];
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "ok": true,
           *       "data": [
           *         {
           *           "id": "key_4Hc9sR2mV7yN3qX6tB1d",
           *           "object": "publishable_key",
           *           "mode": "test",
           *           "key": "pk_test_8sK2nV5qW1xY7zB4cD9fG3hJ",
           *           "created_at": "2026-11-21T10:00:00.000Z",
           *           "expires_at": "2026-11-21T10:00:00.000Z"
           *         }
           *       ]
           *     }
           */
          'application/json': {
            /** @enum {boolean} */
            ok: true;
            data: components['schemas']['PublishableKey'][];
          };
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      404: components['responses']['NotFound'];
      409: components['responses']['Conflict'];
      429: components['responses']['TooManyRequests'];
      default: components['responses']['OtherError'];
    };
  };
  rollPublishableKey: {
    parameters: {
      query?: never;
      header?: {
        /** @description A UUID v4. The same key with the same request within 24 hours replays the first answer (header `Idempotent-Replayed: true`) and does nothing again; with another request it is a 409 `idempotency_key_reused` (decisions 0002, 0038). */
        'idempotency-key'?: components['parameters']['idempotencyKeyHeader'];
      };
      path: {
        merchant_id: components['parameters']['merchantIdPath'];
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "mode": "test",
         *       "expire_old_after_minutes": 0
         *     }
         */
        'application/json': {
          /** @enum {string} */
          mode: 'test' | 'live';
          expire_old_after_minutes?: number;
        };
      };
    };
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @enum {boolean} */
            ok: true;
            data: {
              /** @example key_4Hc9sR2mV7yN3qX6tB1d */
              id: string;
              /** @enum {string} */
              object: 'publishable_key';
              /** @enum {string} */
              mode: 'test' | 'live';
              /** @example pk_test_8sK2nV5qW1xY7zB4cD9fG3hJ */
              key: string;
              /** Format: date-time */
              created_at: string;
              /** Format: date-time */
              expires_at: string | null;
              previous_keys_expire_at: string;
            };
          };
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      404: components['responses']['NotFound'];
      409: components['responses']['Conflict'];
      429: components['responses']['TooManyRequests'];
      default: components['responses']['OtherError'];
    };
  };
  getBusinessDetails: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        merchant_id: components['parameters']['merchantIdPath'];
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "ok": true,
           *       "data": {
           *         "object": "business_details",
           *         "merchant_id": "mer_4fQ2d8LkP0aZ7sVbN1xY",
           *         "submission": {
           *           "registered_name": "Balogun Market Fabrics Ltd",
           *           "registration_number": "RC1234567",
           *           "tax_id": "tax_4fQ2d8LkP0aZ7sVbN1xY",
           *           "address": {
           *             "street": "text",
           *             "city": "text",
           *             "state": "Lagos"
           *           },
           *           "director": {
           *             "first_name": "Ada",
           *             "last_name": "Obi",
           *             "bvn_last4": "4567",
           *             "check": "verified",
           *             "check_detail": "text",
           *             "checked_at": "2026-11-21T10:00:00.000Z",
           *             "provider": "text"
           *           },
           *           "submitted_at": "2026-11-21T10:00:00.000Z",
           *           "submitted_by": "text",
           *           "reviewed_at": "2026-11-21T10:00:00.000Z"
           *         },
           *         "settlement_account": {
           *           "bank_code": "058",
           *           "account_number": "0123456789",
           *           "account_name": "text"
           *         },
           *         "ready_for_approval": false,
           *         "blockers": [
           *           "text"
           *         ],
           *         "changed_since_approval": false,
           *         "director_consent": {
           *           "version": "text",
           *           "text": "text",
           *           "sha256": "text"
           *         },
           *         "test_values": {
           *           "director_bvn": "text",
           *           "date_of_birth": "1990-01-15"
           *         }
           *       }
           *     }
           */
          'application/json': {
            /** @enum {boolean} */
            ok: true;
            data: components['schemas']['BusinessDetails'];
          };
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      404: components['responses']['NotFound'];
      409: components['responses']['Conflict'];
      429: components['responses']['TooManyRequests'];
      default: components['responses']['OtherError'];
    };
  };
  submitBusinessDetails: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        merchant_id: components['parameters']['merchantIdPath'];
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "registered_name": "Balogun Market Fabrics Ltd",
         *       "registration_number": "RC1234567",
         *       "tax_id": "12345678-0001",
         *       "address": {
         *         "street": "14 Balogun Street",
         *         "city": "Lagos Island",
         *         "state": "Lagos"
         *       },
         *       "director": {
         *         "first_name": "Folake",
         *         "last_name": "Balogun",
         *         "date_of_birth": "1985-06-30",
         *         "bvn": "22310000001"
         *       },
         *       "consent": {
         *         "text_version": "director-2026-11-28-dojah",
         *         "agreed": false
         *       }
         *     }
         */
        'application/json': {
          /** @example Balogun Market Fabrics Ltd */
          registered_name: string;
          /**
           * @description The CAC number: RC…, BN… or IT… and its digits (spaces allowed).
           * @example RC1234567
           */
          registration_number: string;
          /** @example 12345678-0001 */
          tax_id?: string | null;
          address: {
            /** @example 14 Balogun Street */
            street: string;
            /** @example Lagos Island */
            city: string;
            /**
             * @description One of the 36 states or `Federal Capital Territory`.
             * @example Lagos
             */
            state: string;
          };
          director: {
            /** @example Folake */
            first_name: string;
            /** @example Balogun */
            last_name: string;
            /** @example 1985-06-30 */
            date_of_birth: string;
            /** @example 22310000001 */
            bvn: string;
          };
          consent?: {
            /** @example director-2026-11-28-dojah */
            text_version: string;
            agreed: boolean;
          };
        };
      };
    };
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @enum {boolean} */
            ok: true;
            data: components['schemas']['BusinessDetails'];
          };
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      404: components['responses']['NotFound'];
      409: components['responses']['Conflict'];
      429: components['responses']['TooManyRequests'];
      default: components['responses']['OtherError'];
    };
  };
  getTeam: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        merchant_id: components['parameters']['merchantIdPath'];
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "ok": true,
           *       "data": {
           *         "object": "team",
           *         "members": [
           *           {
           *             "id": "mem_4Hc9sR2mV7yN3qX6tB1d",
           *             "object": "team_member",
           *             "name": "Guaranty Trust Bank",
           *             "email": "ada@example.ng",
           *             "role": "owner",
           *             "status": "invited",
           *             "account_holder": false,
           *             "created_at": "2026-11-21T10:00:00.000Z"
           *           }
           *         ],
           *         "support_refund_limit_kobo": 0,
           *         "roles": [
           *           {
           *             "role": "owner",
           *             "summary": "text"
           *           }
           *         ]
           *       }
           *     }
           */
          'application/json': {
            /** @enum {boolean} */
            ok: true;
            data: components['schemas']['Team'];
          };
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      404: components['responses']['NotFound'];
      409: components['responses']['Conflict'];
      429: components['responses']['TooManyRequests'];
      default: components['responses']['OtherError'];
    };
  };
  getSignedInMember: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        merchant_id: components['parameters']['merchantIdPath'];
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "ok": true,
           *       "data": {
           *         "id": "text",
           *         "object": "team_member",
           *         "name": "Guaranty Trust Bank",
           *         "email": "ada@example.ng",
           *         "role": "owner",
           *         "status": "invited",
           *         "account_holder": false,
           *         "created_at": "2026-11-21T10:00:00.000Z",
           *         "permissions": [
           *           "text"
           *         ],
           *         "support_refund_limit_kobo": 0,
           *         "two_factor": {
           *           "object": "two_factor",
           *           "enabled": false,
           *           "enabled_at": "2026-11-21T10:00:00.000Z",
           *           "required": false,
           *           "due_at": "2026-11-21T10:00:00.000Z",
           *           "recovery_codes_left": 0
           *         }
           *       }
           *     }
           */
          'application/json': {
            /** @enum {boolean} */
            ok: true;
            data: components['schemas']['SignedInMember'];
          };
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      404: components['responses']['NotFound'];
      409: components['responses']['Conflict'];
      429: components['responses']['TooManyRequests'];
      default: components['responses']['OtherError'];
    };
  };
  getTwoFactorStatus: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        merchant_id: components['parameters']['merchantIdPath'];
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "ok": true,
           *       "data": {
           *         "object": "two_factor",
           *         "enabled": false,
           *         "enabled_at": "2026-11-21T10:00:00.000Z",
           *         "required": false,
           *         "due_at": "2026-11-21T10:00:00.000Z",
           *         "recovery_codes_left": 0
           *       }
           *     }
           */
          'application/json': {
            /** @enum {boolean} */
            ok: true;
            data: components['schemas']['TwoFactorStatus'];
          };
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      404: components['responses']['NotFound'];
      409: components['responses']['Conflict'];
      429: components['responses']['TooManyRequests'];
      default: components['responses']['OtherError'];
    };
  };
  startTwoFactorEnrolment: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        merchant_id: components['parameters']['merchantIdPath'];
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "ok": true,
           *       "data": {
           *         "object": "two_factor_enrolment",
           *         "secret": "whsec_…",
           *         "otpauth_uri": "text"
           *       }
           *     }
           */
          'application/json': {
            /** @enum {boolean} */
            ok: true;
            data: components['schemas']['TwoFactorEnrolment'];
          };
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      404: components['responses']['NotFound'];
      409: components['responses']['Conflict'];
      429: components['responses']['TooManyRequests'];
      default: components['responses']['OtherError'];
    };
  };
  disableTwoFactor: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        merchant_id: components['parameters']['merchantIdPath'];
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "code": "invalid_request"
         *     }
         */
        'application/json': {
          /** @description The 6-digit code the authenticator app shows now. */
          code: string;
        };
      };
    };
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @enum {boolean} */
            ok: true;
            data: components['schemas']['TwoFactorStatus'];
          };
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      404: components['responses']['NotFound'];
      409: components['responses']['Conflict'];
      429: components['responses']['TooManyRequests'];
      default: components['responses']['OtherError'];
    };
  };
  confirmTwoFactorEnrolment: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        merchant_id: components['parameters']['merchantIdPath'];
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "code": "invalid_request"
         *     }
         */
        'application/json': {
          /** @description The 6-digit code the authenticator app shows now. */
          code: string;
        };
      };
    };
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @enum {boolean} */
            ok: true;
            data: components['schemas']['TwoFactorEnabled'];
          };
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      404: components['responses']['NotFound'];
      409: components['responses']['Conflict'];
      429: components['responses']['TooManyRequests'];
      default: components['responses']['OtherError'];
    };
  };
  inviteTeamMember: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        merchant_id: components['parameters']['merchantIdPath'];
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "email": "ada@example.ng",
         *       "name": "Guaranty Trust Bank",
         *       "role": "owner"
         *     }
         */
        'application/json': {
          /** Format: email */
          email: string;
          name: string;
          /**
           * @description owner: everything; admin: all but owners and the settlement account; developer: keys, webhooks, test tools; support: plans, payment links, refunds up to the limit; finance: wallet and payouts; viewer: reads only (decision 0064).
           * @enum {string}
           */
          role: 'owner' | 'admin' | 'developer' | 'support' | 'finance' | 'viewer';
        };
      };
    };
    responses: {
      /** @description Created */
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @enum {boolean} */
            ok: true;
            data: components['schemas']['TeamMember'];
          };
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      404: components['responses']['NotFound'];
      409: components['responses']['Conflict'];
      429: components['responses']['TooManyRequests'];
      default: components['responses']['OtherError'];
    };
  };
  removeTeamMember: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        merchant_id: components['parameters']['merchantIdPath'];
        member_id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "ok": true,
           *       "data": {
           *         "object": "team_member",
           *         "id": "text",
           *         "removed": true
           *       }
           *     }
           */
          'application/json': {
            /** @enum {boolean} */
            ok: true;
            data: {
              /** @enum {string} */
              object: 'team_member';
              id: string;
              /** @enum {boolean} */
              removed: true;
            };
          };
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      404: components['responses']['NotFound'];
      409: components['responses']['Conflict'];
      429: components['responses']['TooManyRequests'];
      default: components['responses']['OtherError'];
    };
  };
  changeTeamMemberRole: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        merchant_id: components['parameters']['merchantIdPath'];
        member_id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "role": "owner"
         *     }
         */
        'application/json': {
          /**
           * @description owner: everything; admin: all but owners and the settlement account; developer: keys, webhooks, test tools; support: plans, payment links, refunds up to the limit; finance: wallet and payouts; viewer: reads only (decision 0064).
           * @enum {string}
           */
          role: 'owner' | 'admin' | 'developer' | 'support' | 'finance' | 'viewer';
        };
      };
    };
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @enum {boolean} */
            ok: true;
            data: components['schemas']['TeamMember'];
          };
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      404: components['responses']['NotFound'];
      409: components['responses']['Conflict'];
      429: components['responses']['TooManyRequests'];
      default: components['responses']['OtherError'];
    };
  };
  setSupportRefundLimit: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        merchant_id: components['parameters']['merchantIdPath'];
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "support_refund_limit_kobo": 0
         *     }
         */
        'application/json': {
          support_refund_limit_kobo: number | null;
        };
      };
    };
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @enum {boolean} */
            ok: true;
            data: components['schemas']['Team'];
          };
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      404: components['responses']['NotFound'];
      409: components['responses']['Conflict'];
      429: components['responses']['TooManyRequests'];
      default: components['responses']['OtherError'];
    };
  };
  acceptTeamInvitation: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "token": "cst_Xr4bN8qL2mV7kP1zT9wY3sD6",
         *       "password": "a long password"
         *     }
         */
        'application/json': {
          token: string;
          /** @description 8 to 128 characters. */
          password: string;
        };
      };
    };
    responses: {
      200: components['responses']['MerchantSessionResponse'];
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      404: components['responses']['NotFound'];
      409: components['responses']['Conflict'];
      429: components['responses']['TooManyRequests'];
      default: components['responses']['OtherError'];
    };
  };
  listMemberActions: {
    parameters: {
      query?: {
        limit?: components['parameters']['limitQuery'];
        /** @description The `next_cursor` of the previous page. */
        cursor?: components['parameters']['cursorQuery'];
      };
      header?: never;
      path: {
        merchant_id: components['parameters']['merchantIdPath'];
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "ok": true,
           *       "data": [
           *         {
           *           "id": "text",
           *           "object": "member_action",
           *           "member_id": "member_4fQ2d8LkP0aZ7sVbN1xY",
           *           "member_name": "text",
           *           "member_role": "text",
           *           "action": "text",
           *           "description": "text",
           *           "method": "text",
           *           "path": "text",
           *           "status": 0,
           *           "request_id": "request_4fQ2d8LkP0aZ7sVbN1xY",
           *           "ip": "text",
           *           "created_at": "2026-11-21T10:00:00.000Z"
           *         }
           *       ],
           *       "has_more": true,
           *       "next_cursor": null
           *     }
           */
          'application/json': {
            /** @enum {boolean} */
            ok: true;
            data: components['schemas']['MemberAction'][];
            has_more: boolean;
            next_cursor: string | null;
          };
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      404: components['responses']['NotFound'];
      409: components['responses']['Conflict'];
      429: components['responses']['TooManyRequests'];
      default: components['responses']['OtherError'];
    };
  };
  getMerchantNotificationPreferences: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        merchant_id: components['parameters']['merchantIdPath'];
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "ok": true,
           *       "data": {
           *         "object": "merchant_notification_preferences",
           *         "email": "ada@example.ng",
           *         "sends_to": "text",
           *         "account": false,
           *         "payouts": false,
           *         "webhooks": false,
           *         "disputes": false,
           *         "updated_at": "2026-11-21T10:00:00.000Z"
           *       }
           *     }
           */
          'application/json': {
            /** @enum {boolean} */
            ok: true;
            /** MerchantNotificationPreferences */
            data: {
              /** @enum {string} */
              object: 'merchant_notification_preferences';
              /**
               * Format: email
               * @description Where the e-mails go; `null`: the account e-mail.
               */
              email: string | null;
              /** @description Where they go now: `email`, else the account e-mail. */
              sends_to: string;
              /** @description Your account approved (live keys work) or deactivated, with the reason. */
              account: boolean;
              /** @description A payout sent to your bank account, failed, or returned by the bank (reversed). */
              payouts: boolean;
              /** @description Every delivery to a webhook URL failing for an hour (once per incident), and once more when deliveries work again. */
              webhooks: boolean;
              /** @description A customer disputing a payment with their bank. */
              disputes: boolean;
              /** Format: date-time */
              updated_at: string | null;
            };
          };
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      404: components['responses']['NotFound'];
      409: components['responses']['Conflict'];
      429: components['responses']['TooManyRequests'];
      default: components['responses']['OtherError'];
    };
  };
  updateMerchantNotificationPreferences: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        merchant_id: components['parameters']['merchantIdPath'];
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "email": "ada@example.ng",
         *       "account": false,
         *       "payouts": false,
         *       "webhooks": false,
         *       "disputes": false
         *     }
         */
        'application/json': {
          /** @description An address for these e-mails; `null` or `""` goes back to the account e-mail. */
          email?: string | null;
          /** @description Your account approved (live keys work) or deactivated, with the reason. */
          account?: boolean;
          /** @description A payout sent to your bank account, failed, or returned by the bank (reversed). */
          payouts?: boolean;
          /** @description Every delivery to a webhook URL failing for an hour (once per incident), and once more when deliveries work again. */
          webhooks?: boolean;
          /** @description A customer disputing a payment with their bank. */
          disputes?: boolean;
        };
      };
    };
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @enum {boolean} */
            ok: true;
            /** MerchantNotificationPreferences */
            data: {
              /** @enum {string} */
              object: 'merchant_notification_preferences';
              /**
               * Format: email
               * @description Where the e-mails go; `null`: the account e-mail.
               */
              email: string | null;
              /** @description Where they go now: `email`, else the account e-mail. */
              sends_to: string;
              /** @description Your account approved (live keys work) or deactivated, with the reason. */
              account: boolean;
              /** @description A payout sent to your bank account, failed, or returned by the bank (reversed). */
              payouts: boolean;
              /** @description Every delivery to a webhook URL failing for an hour (once per incident), and once more when deliveries work again. */
              webhooks: boolean;
              /** @description A customer disputing a payment with their bank. */
              disputes: boolean;
              /** Format: date-time */
              updated_at: string | null;
            };
          };
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      404: components['responses']['NotFound'];
      409: components['responses']['Conflict'];
      429: components['responses']['TooManyRequests'];
      default: components['responses']['OtherError'];
    };
  };
  adminLogin: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "email": "ada@example.ng",
         *       "password": "a long password",
         *       "code": "123456"
         *     }
         */
        'application/json': {
          /** Format: email */
          email: string;
          password: string;
          /** @example 123456 */
          code: string;
        };
      };
    };
    responses: {
      200: components['responses']['OperatorSessionResponse'];
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      429: components['responses']['TooManyRequests'];
      default: components['responses']['OtherError'];
    };
  };
  adminRefreshToken: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "refresh_token": "rt_8Kd2mQ9xL4vB7nP1sT6wZ3yC"
         *     }
         */
        'application/json': {
          refresh_token: string;
        };
      };
    };
    responses: {
      200: components['responses']['OperatorSessionResponse'];
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      429: components['responses']['TooManyRequests'];
      default: components['responses']['OtherError'];
    };
  };
  adminLogout: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "refresh_token": "rt_8Kd2mQ9xL4vB7nP1sT6wZ3yC"
         *     }
         */
        'application/json': {
          refresh_token: string;
        };
      };
    };
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @enum {boolean} */
            ok: true;
            data: null;
          };
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      429: components['responses']['TooManyRequests'];
      default: components['responses']['OtherError'];
    };
  };
  adminListMerchants: {
    parameters: {
      query?: {
        status?: 'pending_approval' | 'active' | 'deactivated';
        limit?: components['parameters']['limitQuery'];
        offset?: number;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "ok": true,
           *       "data": [
           *         {
           *           "id": "mer_4fQ2d8LkP0aZ7sVbN1xY",
           *           "object": "merchant",
           *           "business_name": "Ada Stores",
           *           "email": "ada@example.ng",
           *           "status": "pending_approval",
           *           "approved_at": "2026-11-21T10:00:00.000Z",
           *           "deactivated_at": null,
           *           "deactivation_reason": null,
           *           "webhook_url": "https://shop.example/webhooks/tranche",
           *           "webhook_status": "enabled",
           *           "webhook_disabled_reason": null,
           *           "webhooks": {
           *             "test": {
           *               "url": "https://shop.example/webhooks/tranche",
           *               "status": "enabled",
           *               "disabled_reason": null
           *             },
           *             "live": {
           *               "url": "https://shop.example/webhooks/tranche",
           *               "status": "enabled",
           *               "disabled_reason": null
           *             }
           *           },
           *           "settlement_account": {
           *             "bank_code": "058",
           *             "account_number": "0123456789",
           *             "account_name": "BALOGUN MARKET FABRICS LTD"
           *           },
           *           "default_constraints": {
           *             "allowed_frequencies": [
           *               "weekly"
           *             ],
           *             "max_weekly_duration": 1,
           *             "max_monthly_duration": 1,
           *             "min_upfront_pct": 25,
           *             "allowed_schedule_types": [
           *               "installment"
           *             ]
           *           },
           *           "min_customer_tier": "Tranche Bronze",
           *           "goods_release_rule": {
           *             "type": "deposit_paid"
           *           },
           *           "allowed_checkout_origins": [
           *             "https://shop.example",
           *             "http://localhost:5173"
           *           ],
           *           "partial_debit_floor_pct": null,
           *           "support_contact": {
           *             "email": "ada@example.ng",
           *             "phone": "08031234567",
           *             "website": "text"
           *           },
           *           "created_at": "2026-11-21T10:00:00.000Z"
           *         }
           *       ],
           *       "total": 0
           *     }
           */
          'application/json': {
            /** @enum {boolean} */
            ok: true;
            data: components['schemas']['Merchant'][];
            total: number;
          };
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      404: components['responses']['NotFound'];
      409: components['responses']['Conflict'];
      429: components['responses']['TooManyRequests'];
      default: components['responses']['OtherError'];
    };
  };
  adminGetMerchant: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        merchant_id: components['parameters']['merchantIdPath'];
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "ok": true,
           *       "data": {
           *         "object": "merchant_overview",
           *         "merchant": {
           *           "id": "mer_4fQ2d8LkP0aZ7sVbN1xY",
           *           "object": "merchant",
           *           "business_name": "Ada Stores",
           *           "email": "ada@example.ng",
           *           "status": "pending_approval",
           *           "approved_at": "2026-11-21T10:00:00.000Z",
           *           "deactivated_at": null,
           *           "deactivation_reason": null,
           *           "webhook_url": "https://shop.example/webhooks/tranche",
           *           "webhook_status": "enabled",
           *           "webhook_disabled_reason": null,
           *           "webhooks": {
           *             "test": {
           *               "url": "https://shop.example/webhooks/tranche",
           *               "status": "enabled",
           *               "disabled_reason": null
           *             },
           *             "live": {
           *               "url": "https://shop.example/webhooks/tranche",
           *               "status": "enabled",
           *               "disabled_reason": null
           *             }
           *           },
           *           "settlement_account": {
           *             "bank_code": "058",
           *             "account_number": "0123456789",
           *             "account_name": "BALOGUN MARKET FABRICS LTD"
           *           },
           *           "default_constraints": {
           *             "allowed_frequencies": [
           *               "weekly"
           *             ],
           *             "max_weekly_duration": 1,
           *             "max_monthly_duration": 1,
           *             "min_upfront_pct": 25,
           *             "allowed_schedule_types": [
           *               "installment"
           *             ]
           *           },
           *           "min_customer_tier": "Tranche Bronze",
           *           "goods_release_rule": {
           *             "type": "deposit_paid"
           *           },
           *           "allowed_checkout_origins": [
           *             "https://shop.example",
           *             "http://localhost:5173"
           *           ],
           *           "partial_debit_floor_pct": null,
           *           "support_contact": {
           *             "email": "ada@example.ng",
           *             "phone": "08031234567",
           *             "website": "text"
           *           },
           *           "created_at": "2026-11-21T10:00:00.000Z"
           *         },
           *         "business_details": {
           *           "object": "business_details",
           *           "merchant_id": "mer_4fQ2d8LkP0aZ7sVbN1xY",
           *           "submission": {
           *             "registered_name": "Balogun Market Fabrics Ltd",
           *             "registration_number": "RC1234567",
           *             "tax_id": "tax_4fQ2d8LkP0aZ7sVbN1xY",
           *             "address": {
           *               "street": "text",
           *               "city": "text",
           *               "state": "Lagos"
           *             },
           *             "director": {
           *               "first_name": "Ada",
           *               "last_name": "Obi",
           *               "bvn_last4": "4567",
           *               "check": "verified",
           *               "check_detail": "text",
           *               "checked_at": "2026-11-21T10:00:00.000Z",
           *               "provider": "text"
           *             },
           *             "submitted_at": "2026-11-21T10:00:00.000Z",
           *             "submitted_by": "text",
           *             "reviewed_at": "2026-11-21T10:00:00.000Z"
           *           },
           *           "settlement_account": {
           *             "bank_code": "058",
           *             "account_number": "0123456789",
           *             "account_name": "text"
           *           },
           *           "ready_for_approval": false,
           *           "blockers": [
           *             "text"
           *           ],
           *           "changed_since_approval": false,
           *           "director_consent": {
           *             "version": "text",
           *             "text": "text",
           *             "sha256": "text"
           *           },
           *           "test_values": {
           *             "director_bvn": "text",
           *             "date_of_birth": "1990-01-15"
           *           }
           *         },
           *         "plans": {
           *           "test": {
           *             "pending_deposit": 0,
           *             "active": 0,
           *             "completed": 0,
           *             "defaulted": 0,
           *             "cancelled": 0
           *           },
           *           "live": {
           *             "pending_deposit": 0,
           *             "active": 0,
           *             "completed": 0,
           *             "defaulted": 0,
           *             "cancelled": 0
           *           }
           *         },
           *         "wallet": {
           *           "livemode": false,
           *           "available": 0,
           *           "pending": 0,
           *           "payouts_in_transit": 0,
           *           "refunds_in_transit": 0
           *         },
           *         "webhooks": {
           *           "test": {
           *             "endpoint": {
           *               "url": "https://shop.example/webhooks/tranche",
           *               "status": "enabled",
           *               "disabled_reason": null
           *             },
           *             "last_attempt": {
           *               "attempted_at": "2026-11-21T10:00:00.000Z",
           *               "event_id": "evt_4kQ2nV8sLm0pXc7RtY1a",
           *               "event": "payment.success",
           *               "outcome": "delivered",
           *               "status_code": 0,
           *               "error": null
           *             },
           *             "waiting": 0,
           *             "dead_letters": 0
           *           },
           *           "live": {
           *             "endpoint": {
           *               "url": "https://shop.example/webhooks/tranche",
           *               "status": "enabled",
           *               "disabled_reason": null
           *             },
           *             "last_attempt": {
           *               "attempted_at": "2026-11-21T10:00:00.000Z",
           *               "event_id": "evt_4kQ2nV8sLm0pXc7RtY1a",
           *               "event": "payment.success",
           *               "outcome": "delivered",
           *               "status_code": 0,
           *               "error": null
           *             },
           *             "waiting": 0,
           *             "dead_letters": 0
           *           }
           *         }
           *       }
           *     }
           */
          'application/json': {
            /** @enum {boolean} */
            ok: true;
            data: {
              /** @enum {string} */
              object: 'merchant_overview';
              merchant: components['schemas']['Merchant'];
              business_details: components['schemas']['BusinessDetails'];
              /** @description Payment plans counted by status, per mode. */
              plans: {
                test: components['schemas']['PlanCountsByStatus'];
                live: components['schemas']['PlanCountsByStatus'];
              };
              /** @description Balances in kobo, of the mode of Tranche's gateway key (decision 0015). */
              wallet: {
                livemode: boolean;
                /** @description kobo */
                available: number;
                /** @description kobo */
                pending: number;
                /** @description kobo */
                payouts_in_transit: number;
                /** @description kobo */
                refunds_in_transit: number;
              };
              webhooks: {
                test: components['schemas']['WebhookEndpointHealth'];
                live: components['schemas']['WebhookEndpointHealth'];
              };
            };
          };
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      404: components['responses']['NotFound'];
      409: components['responses']['Conflict'];
      429: components['responses']['TooManyRequests'];
      default: components['responses']['OtherError'];
    };
  };
  adminApproveMerchant: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        merchant_id: components['parameters']['merchantIdPath'];
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "reason": "Customer returned the item"
         *     }
         */
        'application/json': {
          /** @description Why, in words: recorded in the audit log. */
          reason?: string;
        };
      };
    };
    responses: {
      200: components['responses']['MerchantResponse2'];
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      404: components['responses']['NotFound'];
      409: components['responses']['Conflict'];
      429: components['responses']['TooManyRequests'];
      default: components['responses']['OtherError'];
    };
  };
  adminDeactivateMerchant: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        merchant_id: components['parameters']['merchantIdPath'];
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "reason": "Customer returned the item"
         *     }
         */
        'application/json': {
          /** @description Why, in words: recorded in the audit log. */
          reason?: string;
        };
      };
    };
    responses: {
      200: components['responses']['MerchantResponse2'];
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      404: components['responses']['NotFound'];
      409: components['responses']['Conflict'];
      429: components['responses']['TooManyRequests'];
      default: components['responses']['OtherError'];
    };
  };
  adminReactivateMerchant: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        merchant_id: components['parameters']['merchantIdPath'];
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "reason": "Customer returned the item"
         *     }
         */
        'application/json': {
          /** @description Why, in words: recorded in the audit log. */
          reason?: string;
        };
      };
    };
    responses: {
      200: components['responses']['MerchantResponse2'];
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      404: components['responses']['NotFound'];
      409: components['responses']['Conflict'];
      429: components['responses']['TooManyRequests'];
      default: components['responses']['OtherError'];
    };
  };
  adminRunReconciliation: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "since": "2026-11-21T10:00:00.000Z",
         *       "gateway": false,
         *       "reason": "Customer returned the item"
         *     }
         */
        'application/json': {
          /** Format: date-time */
          since?: string;
          gateway?: boolean;
          reason?: string;
        };
      };
    };
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @enum {boolean} */
            ok: true;
            data: {
              /** Format: date-time */
              since: string;
              charges_checked: number;
              payouts_checked: number;
              refunds_checked: number;
              differences: {
                /** @enum {string} */
                kind: 'charge' | 'payout' | 'refund' | 'ledger';
                reference: string;
                detail: string;
              }[];
            };
          };
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      404: components['responses']['NotFound'];
      409: components['responses']['Conflict'];
      429: components['responses']['TooManyRequests'];
      default: components['responses']['OtherError'];
    };
  };
  adminListDeadWebhookEvents: {
    parameters: {
      query?: {
        limit?: components['parameters']['limitQuery'];
        /** @description The `next_cursor` of the previous page. */
        cursor?: components['parameters']['cursorQuery'];
        merchant_id?: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "ok": true,
           *       "data": [
           *         {
           *           "id": "text",
           *           "object": "webhook_event",
           *           "merchant_id": "mer_4fQ2d8LkP0aZ7sVbN1xY",
           *           "business_name": "Ada Stores",
           *           "event": "payment.success",
           *           "livemode": false,
           *           "created_at": "2026-11-21T10:00:00.000Z",
           *           "attempts": 1,
           *           "last_status_code": 0,
           *           "last_error": null
           *         }
           *       ],
           *       "has_more": true,
           *       "next_cursor": null
           *     }
           */
          'application/json': {
            /** @enum {boolean} */
            ok: true;
            data: {
              id: string;
              /** @enum {string} */
              object: 'webhook_event';
              merchant_id: string;
              business_name: string;
              event: string;
              livemode: boolean;
              /** Format: date-time */
              created_at: string;
              attempts: number;
              last_status_code: number | null;
              last_error: string | null;
            }[];
            has_more: boolean;
            next_cursor: string | null;
          };
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      404: components['responses']['NotFound'];
      409: components['responses']['Conflict'];
      429: components['responses']['TooManyRequests'];
      default: components['responses']['OtherError'];
    };
  };
  adminCheckLedger: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "ok": true,
           *       "data": {
           *         "object": "ledger_check",
           *         "checked_at": "2026-11-21T10:00:00.000Z",
           *         "sum_kobo": 0,
           *         "total_debits_kobo": 0,
           *         "entries": 0,
           *         "postings": 0,
           *         "balanced": false,
           *         "unbalanced_entries": [
           *           {
           *             "entry_id": "entry_4fQ2d8LkP0aZ7sVbN1xY",
           *             "sum_kobo": 0
           *           }
           *         ],
           *         "wrong_side_accounts": [
           *           {
           *             "account": "text",
           *             "balance_kobo": 0,
           *             "normal_side": "debit"
           *           }
           *         ],
           *         "unknown_accounts": [
           *           "text"
           *         ]
           *       }
           *     }
           */
          'application/json': {
            /** @enum {boolean} */
            ok: true;
            data: {
              /** @enum {string} */
              object: 'ledger_check';
              /** Format: date-time */
              checked_at: string;
              /** @description Debits minus credits over every posting: 0 when balanced. */
              sum_kobo: number;
              total_debits_kobo: number;
              entries: number;
              postings: number;
              /** @description The postings sum to zero and so does each entry. */
              balanced: boolean;
              unbalanced_entries: {
                entry_id: string;
                sum_kobo: number;
              }[];
              wrong_side_accounts: {
                account: string;
                /** @description Debit-positive balance. */
                balance_kobo: number;
                /** @enum {string} */
                normal_side: 'debit' | 'credit';
              }[];
              unknown_accounts: string[];
            };
          };
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      404: components['responses']['NotFound'];
      409: components['responses']['Conflict'];
      429: components['responses']['TooManyRequests'];
      default: components['responses']['OtherError'];
    };
  };
  adminListAuditLog: {
    parameters: {
      query?: {
        limit?: components['parameters']['limitQuery'];
        /** @description The `next_cursor` of the previous page. */
        cursor?: components['parameters']['cursorQuery'];
        target_id?: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "ok": true,
           *       "data": [
           *         {
           *           "id": "opa_9Xb2…",
           *           "object": "operator_action",
           *           "operator": "text",
           *           "operator_id": "operator_4fQ2d8LkP0aZ7sVbN1xY",
           *           "action": "merchant.approve",
           *           "target_type": "merchant",
           *           "target_id": "target_4fQ2d8LkP0aZ7sVbN1xY",
           *           "reason": "Customer returned the item",
           *           "detail": {},
           *           "request_id": "request_4fQ2d8LkP0aZ7sVbN1xY",
           *           "ip": "text",
           *           "created_at": "2026-11-21T10:00:00.000Z"
           *         }
           *       ],
           *       "has_more": true,
           *       "next_cursor": null
           *     }
           */
          'application/json': {
            /** @enum {boolean} */
            ok: true;
            data: {
              /** @example opa_9Xb2… */
              id: string;
              /** @enum {string} */
              object: 'operator_action';
              /** @description Who: the operator account's name, or cli:<user>. */
              operator: string;
              /** @description The operator account; null for the CLI. */
              operator_id: string | null;
              /** @enum {string} */
              action:
                | 'merchant.approve'
                | 'merchant.deactivate'
                | 'merchant.reactivate'
                | 'reconciliation.run'
                | 'payout.otp_submit'
                | 'payout.otp_resend'
                | 'hardship.approve'
                | 'hardship.decline';
              /** @enum {string} */
              target_type: 'merchant' | 'ledger';
              target_id: string | null;
              reason: string | null;
              /** @description What changed, e.g. `{ "from": "pending_approval", "to": "active" }`. */
              detail: {
                [key: string]: unknown;
              };
              request_id: string | null;
              ip: string | null;
              /** Format: date-time */
              created_at: string;
            }[];
            has_more: boolean;
            next_cursor: string | null;
          };
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      404: components['responses']['NotFound'];
      409: components['responses']['Conflict'];
      429: components['responses']['TooManyRequests'];
      default: components['responses']['OtherError'];
    };
  };
  adminListPayoutsAwaitingOtp: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "ok": true,
           *       "data": [
           *         {
           *           "id": "po_6tY5rE4wQ3aS2dF1gH0j",
           *           "object": "payout",
           *           "merchant_id": "mer_4fQ2d8LkP0aZ7sVbN1xY",
           *           "business_name": "Ada Stores",
           *           "amount": 2500000,
           *           "currency": "NGN",
           *           "reference": "chg-inst0aA-1",
           *           "transfer_code": "text",
           *           "settlement_account": {
           *             "bank_code": "058",
           *             "account_number": "0123456789"
           *           },
           *           "otp_requested_at": "2026-11-21T10:00:00.000Z",
           *           "deadline_at": "2026-11-21T10:00:00.000Z",
           *           "overdue": false
           *         }
           *       ]
           *     }
           */
          'application/json': {
            /** @enum {boolean} */
            ok: true;
            data: components['schemas']['PayoutAwaitingOtp'][];
          };
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      404: components['responses']['NotFound'];
      409: components['responses']['Conflict'];
      429: components['responses']['TooManyRequests'];
      default: components['responses']['OtherError'];
    };
  };
  adminSubmitPayoutOtp: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        payout_id: components['parameters']['payoutIdPath'];
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "otp": "123456"
         *     }
         */
        'application/json': {
          /** @description The OTP the gateway sent to the business phone (or e-mail) for this transfer. */
          otp: string;
        };
      };
    };
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @enum {boolean} */
            ok: true;
            data: {
              /** @description pending, in_transit, paid, failed, reversed */
              status: string;
            };
          };
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      404: components['responses']['NotFound'];
      409: components['responses']['Conflict'];
      429: components['responses']['TooManyRequests'];
      default: components['responses']['OtherError'];
    };
  };
  adminResendPayoutOtp: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        payout_id: components['parameters']['payoutIdPath'];
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "ok": true,
           *       "data": {
           *         "resent": true
           *       }
           *     }
           */
          'application/json': {
            /** @enum {boolean} */
            ok: true;
            data: {
              /** @enum {boolean} */
              resent: true;
            };
          };
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      404: components['responses']['NotFound'];
      409: components['responses']['Conflict'];
      429: components['responses']['TooManyRequests'];
      default: components['responses']['OtherError'];
    };
  };
  adminListHardshipRequests: {
    parameters: {
      query?: {
        status?: 'requested' | 'approved' | 'declined' | 'expired' | 'cancelled';
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: components['responses']['AdminListHardshipRequestsResponse'];
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      404: components['responses']['NotFound'];
      409: components['responses']['Conflict'];
      429: components['responses']['TooManyRequests'];
      default: components['responses']['OtherError'];
    };
  };
  adminApproveHardshipRequest: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        request_id: components['parameters']['requestIdPath'];
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "note": "text"
         *     }
         */
        'application/json': {
          note?: string;
        };
      };
    };
    responses: {
      200: components['responses']['AdminApproveHardshipRequestResponse'];
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      404: components['responses']['NotFound'];
      409: components['responses']['Conflict'];
      429: components['responses']['TooManyRequests'];
      default: components['responses']['OtherError'];
    };
  };
  adminDeclineHardshipRequest: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        request_id: components['parameters']['requestIdPath'];
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "note": "text"
         *     }
         */
        'application/json': {
          note?: string;
        };
      };
    };
    responses: {
      200: components['responses']['AdminApproveHardshipRequestResponse'];
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      404: components['responses']['NotFound'];
      409: components['responses']['Conflict'];
      429: components['responses']['TooManyRequests'];
      default: components['responses']['OtherError'];
    };
  };
  getWallet: {
    parameters: {
      query?: {
        limit?: components['parameters']['limitQuery'];
        cursor?: string;
      };
      header?: never;
      path: {
        merchant_id: components['parameters']['merchantIdPath'];
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "ok": true,
           *       "data": {
           *         "object": "wallet",
           *         "merchant_id": "mer_4fQ2d8LkP0aZ7sVbN1xY",
           *         "livemode": false,
           *         "currency": "NGN",
           *         "available": 0,
           *         "pending": 0,
           *         "payouts_in_transit": 0,
           *         "refunds_in_transit": 0,
           *         "transactions": [
           *           {
           *             "id": "text",
           *             "object": "wallet_transaction",
           *             "type": "plan_confirmed",
           *             "reference": "chg-inst0aA-1",
           *             "created_at": "2026-11-21T10:00:00.000Z",
           *             "available_change": 0,
           *             "pending_change": 0,
           *             "gross": 0,
           *             "platform_fee": 0,
           *             "plan_id": "plan_3Jd9sKq0LmT2vX7yB1cN",
           *             "charge_reference": "chg-inst0aA-1",
           *             "payout_reference": "trf-5c2d8e1f",
           *             "refund_reference": "rfd-5Qm2xR8v"
           *           }
           *         ],
           *         "has_more": true,
           *         "next_cursor": null
           *       }
           *     }
           */
          'application/json': {
            /** @enum {boolean} */
            ok: true;
            data: components['schemas']['Wallet'];
          };
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      404: components['responses']['NotFound'];
      409: components['responses']['Conflict'];
      429: components['responses']['TooManyRequests'];
      default: components['responses']['OtherError'];
    };
  };
  listPayouts: {
    parameters: {
      query?: {
        limit?: components['parameters']['limitQuery'];
      };
      header?: never;
      path: {
        merchant_id: components['parameters']['merchantIdPath'];
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "ok": true,
           *       "data": [
           *         {
           *           "id": "po_6tY5rE4wQ3aS2dF1gH0j",
           *           "object": "payout",
           *           "merchant_id": "mer_4fQ2d8LkP0aZ7sVbN1xY",
           *           "amount": 2500000,
           *           "currency": "NGN",
           *           "status": "pending",
           *           "trigger": "request",
           *           "reference": "chg-inst0aA-1",
           *           "settlement_account": {
           *             "bank_code": "058",
           *             "account_number": "0123456789"
           *           },
           *           "failure_reason": null,
           *           "created_at": "2026-11-21T10:00:00.000Z",
           *           "updated_at": "2026-11-21T10:00:00.000Z"
           *         }
           *       ]
           *     }
           */
          'application/json': {
            /** @enum {boolean} */
            ok: true;
            data: components['schemas']['Payout'][];
          };
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      404: components['responses']['NotFound'];
      409: components['responses']['Conflict'];
      429: components['responses']['TooManyRequests'];
      default: components['responses']['OtherError'];
    };
  };
  createPayout: {
    parameters: {
      query?: never;
      header?: {
        /** @description A UUID v4. The same key with the same request within 24 hours replays the first answer (header `Idempotent-Replayed: true`) and does nothing again; with another request it is a 409 `idempotency_key_reused` (decisions 0002, 0038). */
        'idempotency-key'?: components['parameters']['idempotencyKeyHeader'];
        /** @description Dashboard callers only (a secret key is not asked): the 6-digit code from the member’s authenticator app, or a recovery code, each good once. Missing or wrong: 403 `step_up_required`; a member without two-factor sign-in: 403 `second_factor_enrolment_required` (decision 0065). */
        'two-factor-code'?: string;
      };
      path: {
        merchant_id: components['parameters']['merchantIdPath'];
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "amount": 2500000
         *     }
         */
        'application/json': {
          /** @description Kobo; leave out (send {}) for the whole available balance. */
          amount?: number;
        };
      };
    };
    responses: {
      /** @description Created */
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @enum {boolean} */
            ok: true;
            data: components['schemas']['Payout'];
          };
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      404: components['responses']['NotFound'];
      409: components['responses']['Conflict'];
      429: components['responses']['TooManyRequests'];
      default: components['responses']['OtherError'];
    };
  };
  exportPaymentPlans: {
    parameters: {
      query?: {
        status?: components['parameters']['statusQuery'];
        customer_id?: components['parameters']['customerIdQuery'];
        order_reference?: components['parameters']['orderReferenceQuery'];
        /** @description The buyer’s e-mail, whole; case is ignored. */
        customer_email?: components['parameters']['customerEmailQuery'];
        /** @description The buyer’s phone in any usual form (0803 123 4567, +2348031234567): its last 10 digits are compared. Fewer than 10 digits: 400. */
        customer_phone?: components['parameters']['customerPhoneQuery'];
        /** @description Part of the plan’s title; case is ignored. */
        title?: components['parameters']['titleQuery'];
        /** @description The plan’s amount is at least this (kobo). */
        amount_min?: components['parameters']['amountMinQuery'];
        /** @description The plan’s amount is at most this (kobo). */
        amount_max?: components['parameters']['amountMaxQuery'];
        /** @description Created at or after. */
        created_from?: components['parameters']['createdFromQuery'];
        /** @description Created before. */
        created_before?: components['parameters']['createdBeforeQuery'];
        /** @description One search box: part of the buyer’s e-mail or name, the title or the order reference, or (4 digits or more) of the buyer’s phone. */
        q?: components['parameters']['qQuery'];
        /** @description Test (false) or live (true). A secret key works in its own mode only (another value: 400); the dashboard token chooses with it. */
        livemode?: components['parameters']['livemodeQuery'];
      };
      header?: never;
      path: {
        merchant_id: components['parameters']['merchantIdPath'];
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The CSV file. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'text/csv': string;
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      404: components['responses']['NotFound'];
      409: components['responses']['Conflict'];
      429: components['responses']['TooManyRequests'];
      default: components['responses']['OtherError'];
    };
  };
  exportCharges: {
    parameters: {
      query?: {
        status?: components['parameters']['statusQuery'];
        customer_id?: components['parameters']['customerIdQuery'];
        order_reference?: components['parameters']['orderReferenceQuery'];
        /** @description The buyer’s e-mail, whole; case is ignored. */
        customer_email?: components['parameters']['customerEmailQuery'];
        /** @description The buyer’s phone in any usual form (0803 123 4567, +2348031234567): its last 10 digits are compared. Fewer than 10 digits: 400. */
        customer_phone?: components['parameters']['customerPhoneQuery'];
        /** @description Part of the plan’s title; case is ignored. */
        title?: components['parameters']['titleQuery'];
        /** @description The plan’s amount is at least this (kobo). */
        amount_min?: components['parameters']['amountMinQuery'];
        /** @description The plan’s amount is at most this (kobo). */
        amount_max?: components['parameters']['amountMaxQuery'];
        /** @description Created at or after. */
        created_from?: components['parameters']['createdFromQuery'];
        /** @description Created before. */
        created_before?: components['parameters']['createdBeforeQuery'];
        /** @description One search box: part of the buyer’s e-mail or name, the title or the order reference, or (4 digits or more) of the buyer’s phone. */
        q?: components['parameters']['qQuery'];
        /** @description Test (false) or live (true). A secret key works in its own mode only (another value: 400); the dashboard token chooses with it. */
        livemode?: components['parameters']['livemodeQuery'];
      };
      header?: never;
      path: {
        merchant_id: components['parameters']['merchantIdPath'];
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The CSV file. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'text/csv': string;
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      404: components['responses']['NotFound'];
      409: components['responses']['Conflict'];
      429: components['responses']['TooManyRequests'];
      default: components['responses']['OtherError'];
    };
  };
  exportRefunds: {
    parameters: {
      query?: {
        status?: components['parameters']['statusQuery'];
        customer_id?: components['parameters']['customerIdQuery'];
        order_reference?: components['parameters']['orderReferenceQuery'];
        /** @description The buyer’s e-mail, whole; case is ignored. */
        customer_email?: components['parameters']['customerEmailQuery'];
        /** @description The buyer’s phone in any usual form (0803 123 4567, +2348031234567): its last 10 digits are compared. Fewer than 10 digits: 400. */
        customer_phone?: components['parameters']['customerPhoneQuery'];
        /** @description Part of the plan’s title; case is ignored. */
        title?: components['parameters']['titleQuery'];
        /** @description The plan’s amount is at least this (kobo). */
        amount_min?: components['parameters']['amountMinQuery'];
        /** @description The plan’s amount is at most this (kobo). */
        amount_max?: components['parameters']['amountMaxQuery'];
        /** @description Created at or after. */
        created_from?: components['parameters']['createdFromQuery'];
        /** @description Created before. */
        created_before?: components['parameters']['createdBeforeQuery'];
        /** @description One search box: part of the buyer’s e-mail or name, the title or the order reference, or (4 digits or more) of the buyer’s phone. */
        q?: components['parameters']['qQuery'];
        /** @description Test (false) or live (true). A secret key works in its own mode only (another value: 400); the dashboard token chooses with it. */
        livemode?: components['parameters']['livemodeQuery'];
      };
      header?: never;
      path: {
        merchant_id: components['parameters']['merchantIdPath'];
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The CSV file. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'text/csv': string;
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      404: components['responses']['NotFound'];
      409: components['responses']['Conflict'];
      429: components['responses']['TooManyRequests'];
      default: components['responses']['OtherError'];
    };
  };
  exportWalletTransactions: {
    parameters: {
      query?: {
        /** @description Created at or after. */
        created_from?: components['parameters']['createdFromQuery'];
        /** @description Created before. */
        created_before?: components['parameters']['createdBeforeQuery'];
      };
      header?: never;
      path: {
        merchant_id: components['parameters']['merchantIdPath'];
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The CSV file. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'text/csv': string;
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      404: components['responses']['NotFound'];
      409: components['responses']['Conflict'];
      429: components['responses']['TooManyRequests'];
      default: components['responses']['OtherError'];
    };
  };
  getPayoutSettlementReport: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        merchant_id: components['parameters']['merchantIdPath'];
        payout_id: components['parameters']['payoutIdPath'];
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "ok": true,
           *       "data": {
           *         "object": "settlement_report",
           *         "payout": {
           *           "id": "po_6tY5rE4wQ3aS2dF1gH0j",
           *           "object": "payout",
           *           "merchant_id": "mer_4fQ2d8LkP0aZ7sVbN1xY",
           *           "amount": 2500000,
           *           "currency": "NGN",
           *           "status": "pending",
           *           "trigger": "request",
           *           "reference": "chg-inst0aA-1",
           *           "settlement_account": {
           *             "bank_code": "058",
           *             "account_number": "0123456789"
           *           },
           *           "failure_reason": null,
           *           "created_at": "2026-11-21T10:00:00.000Z",
           *           "updated_at": "2026-11-21T10:00:00.000Z"
           *         },
           *         "currency": "NGN",
           *         "summary": {
           *           "carried_in": 0,
           *           "collections": 0,
           *           "fees": 0,
           *           "refunds": 0,
           *           "payouts_returned": 0,
           *           "adjustments": 0,
           *           "carried_out": 0,
           *           "total": 0
           *         },
           *         "lines": [
           *           {
           *             "type": "carried_in",
           *             "amount": 2500000,
           *             "created_at": "2026-11-21T10:00:00.000Z",
           *             "ledger_entry_id": "ledger_entry_4fQ2d8LkP0aZ7sVbN1xY",
           *             "ledger_kind": "text",
           *             "reference": "chg-inst0aA-1",
           *             "plan_id": "plan_3Jd9sKq0LmT2vX7yB1cN",
           *             "order_reference": "order-1001"
           *           }
           *         ]
           *       }
           *     }
           */
          'application/json': {
            /** @enum {boolean} */
            ok: true;
            data: components['schemas']['SettlementReport'];
          };
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      404: components['responses']['NotFound'];
      409: components['responses']['Conflict'];
      429: components['responses']['TooManyRequests'];
      default: components['responses']['OtherError'];
    };
  };
  exportPayoutSettlementReport: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        merchant_id: components['parameters']['merchantIdPath'];
        payout_id: components['parameters']['payoutIdPath'];
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The CSV file. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'text/csv': string;
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      404: components['responses']['NotFound'];
      409: components['responses']['Conflict'];
      429: components['responses']['TooManyRequests'];
      default: components['responses']['OtherError'];
    };
  };
  listBanks: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "ok": true,
           *       "data": [
           *         {
           *           "name": "Guaranty Trust Bank",
           *           "code": "invalid_request",
           *           "direct_debit": false
           *         }
           *       ]
           *     }
           */
          'application/json': {
            /** @enum {boolean} */
            ok: true;
            data: {
              name: string;
              /** @description The CBN’s 3-digit bank code. */
              code: string;
              /** @description Whether customers can set up a mandate there. */
              direct_debit: boolean;
            }[];
          };
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      404: components['responses']['NotFound'];
      409: components['responses']['Conflict'];
      429: components['responses']['TooManyRequests'];
      502: components['responses']['BadGateway'];
      default: components['responses']['OtherError'];
    };
  };
  listWebhookEvents: {
    parameters: {
      query?: {
        status?: 'pending' | 'retrying' | 'delivered' | 'dead';
        event?:
          | 'payment.success'
          | 'payment.failed'
          | 'payment.partial'
          | 'payment_plan.installment_paid'
          | 'installment.paid'
          | 'goods.release'
          | 'debit.scheduled'
          | 'transfer.success'
          | 'transfer.failed'
          | 'transfer.reversed'
          | 'payment_plan.completed'
          | 'payment_plan.defaulted'
          | 'payment_plan.cancelled'
          | 'payment_plan.updated'
          | 'payment_method.revoked'
          | 'refund.processed'
          | 'refund.failed'
          | 'dispute.created'
          | 'dispute.reminder'
          | 'dispute.resolved'
          | 'payment.reversed';
        created_from?: string;
        created_before?: string;
        /** @description Only the events about this plan. */
        payment_plan_id?: string;
        /** @description Test (false) or live (true). A secret key works in its own mode only (another value: 400); the dashboard token chooses with it. */
        livemode?: components['parameters']['livemodeQuery'];
        limit?: components['parameters']['limitQuery'];
        /** @description The `next_cursor` of the previous page. */
        cursor?: components['parameters']['cursorQuery'];
      };
      header?: never;
      path: {
        merchant_id: components['parameters']['merchantIdPath'];
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "ok": true,
           *       "data": [
           *         {
           *           "id": "evt_4kQ2nV8sLm0pXc7RtY1a",
           *           "object": "webhook_event",
           *           "event": "payment.success",
           *           "livemode": false,
           *           "created_at": "2026-11-21T10:00:00.000Z",
           *           "status": "pending",
           *           "attempts": 1,
           *           "next_attempt_at": "2026-11-21T10:00:00.000Z",
           *           "delivered_at": "2026-11-21T10:00:00.000Z",
           *           "last_status_code": 0,
           *           "last_error": null,
           *           "payload": {},
           *           "attempt_log": [
           *             {
           *               "attempted_at": "2026-11-21T10:00:00.000Z",
           *               "url": "https://shop.example/webhooks/tranche",
           *               "outcome": "delivered",
           *               "status_code": 0,
           *               "latency_ms": 0,
           *               "error": null
           *             }
           *           ]
           *         }
           *       ],
           *       "has_more": true,
           *       "next_cursor": null
           *     }
           */
          'application/json': {
            /** @enum {boolean} */
            ok: true;
            data: components['schemas']['WebhookEvent'][];
            has_more: boolean;
            next_cursor: string | null;
          };
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      404: components['responses']['NotFound'];
      409: components['responses']['Conflict'];
      429: components['responses']['TooManyRequests'];
      default: components['responses']['OtherError'];
    };
  };
  streamTestWebhookEvents: {
    parameters: {
      query?: {
        /** @description A message `id` or event id to resume after. */
        since?: string;
        /** @description Only these types, comma-separated. */
        events?: string;
      };
      header?: {
        /** @description The `id` of the last message received: resume after it. */
        'Last-Event-ID'?: string;
      };
      path: {
        merchant_id: components['parameters']['merchantIdPath'];
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Messages until the client disconnects. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example id: 7342:evt_4kQ2nV8sLm0pXc7RtY1a
           *     event: payment.success
           *     data: {"id":"evt_4kQ2nV8sLm0pXc7RtY1a","type":"payment.success","headers":{"content-type":"application/json","x-tranche-signature":"5e0c…"},"body":"{\"id\":\"evt_4kQ2nV8sLm0pXc7RtY1a\",…}"}
           */
          'text/event-stream': string;
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      404: components['responses']['NotFound'];
      409: components['responses']['Conflict'];
      429: components['responses']['TooManyRequests'];
      default: components['responses']['OtherError'];
    };
  };
  getWebhookEvent: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        merchant_id: components['parameters']['merchantIdPath'];
        event_id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "ok": true,
           *       "data": {
           *         "id": "evt_4kQ2nV8sLm0pXc7RtY1a",
           *         "object": "webhook_event",
           *         "event": "payment.success",
           *         "livemode": false,
           *         "created_at": "2026-11-21T10:00:00.000Z",
           *         "status": "pending",
           *         "attempts": 1,
           *         "next_attempt_at": "2026-11-21T10:00:00.000Z",
           *         "delivered_at": "2026-11-21T10:00:00.000Z",
           *         "last_status_code": 0,
           *         "last_error": null,
           *         "payload": {},
           *         "attempt_log": [
           *           {
           *             "attempted_at": "2026-11-21T10:00:00.000Z",
           *             "url": "https://shop.example/webhooks/tranche",
           *             "outcome": "delivered",
           *             "status_code": 0,
           *             "latency_ms": 0,
           *             "error": null
           *           }
           *         ]
           *       }
           *     }
           */
          'application/json': {
            /** @enum {boolean} */
            ok: true;
            data: components['schemas']['WebhookEvent'];
          };
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      404: components['responses']['NotFound'];
      409: components['responses']['Conflict'];
      429: components['responses']['TooManyRequests'];
      default: components['responses']['OtherError'];
    };
  };
  resendWebhookEvent: {
    parameters: {
      query?: never;
      header?: {
        /** @description A UUID v4. The same key with the same request within 24 hours replays the first answer (header `Idempotent-Replayed: true`) and does nothing again; with another request it is a 409 `idempotency_key_reused` (decisions 0002, 0038). */
        'idempotency-key'?: components['parameters']['idempotencyKeyHeader'];
      };
      path: {
        merchant_id: components['parameters']['merchantIdPath'];
        event_id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Accepted: queued, done shortly. */
      202: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "ok": true,
           *       "data": {
           *         "id": "evt_4kQ2nV8sLm0pXc7RtY1a",
           *         "object": "webhook_event",
           *         "event": "payment.success",
           *         "livemode": false,
           *         "created_at": "2026-11-21T10:00:00.000Z",
           *         "status": "pending",
           *         "attempts": 1,
           *         "next_attempt_at": "2026-11-21T10:00:00.000Z",
           *         "delivered_at": "2026-11-21T10:00:00.000Z",
           *         "last_status_code": 0,
           *         "last_error": null,
           *         "payload": {},
           *         "attempt_log": [
           *           {
           *             "attempted_at": "2026-11-21T10:00:00.000Z",
           *             "url": "https://shop.example/webhooks/tranche",
           *             "outcome": "delivered",
           *             "status_code": 0,
           *             "latency_ms": 0,
           *             "error": null
           *           }
           *         ]
           *       }
           *     }
           */
          'application/json': {
            /** @enum {boolean} */
            ok: true;
            data: components['schemas']['WebhookEvent'];
          };
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      404: components['responses']['NotFound'];
      409: components['responses']['Conflict'];
      429: components['responses']['TooManyRequests'];
      default: components['responses']['OtherError'];
    };
  };
  resendFailedWebhookEvents: {
    parameters: {
      query?: {
        /** @description Test (false) or live (true). A secret key works in its own mode only (another value: 400); the dashboard token chooses with it. */
        livemode?: components['parameters']['livemodeQuery'];
      };
      header?: {
        /** @description A UUID v4. The same key with the same request within 24 hours replays the first answer (header `Idempotent-Replayed: true`) and does nothing again; with another request it is a 409 `idempotency_key_reused` (decisions 0002, 0038). */
        'idempotency-key'?: components['parameters']['idempotencyKeyHeader'];
      };
      path: {
        merchant_id: components['parameters']['merchantIdPath'];
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "created_from": "2026-11-21T10:00:00.000Z",
         *       "created_before": "2026-11-21T10:00:00.000Z"
         *     }
         */
        'application/json': {
          /** Format: date-time */
          created_from: string;
          /** Format: date-time */
          created_before: string;
        };
      };
    };
    responses: {
      /** @description Accepted: queued, done shortly. */
      202: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @enum {boolean} */
            ok: true;
            data: {
              requeued: number;
            };
          };
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      404: components['responses']['NotFound'];
      409: components['responses']['Conflict'];
      429: components['responses']['TooManyRequests'];
      default: components['responses']['OtherError'];
    };
  };
  sendTestWebhook: {
    parameters: {
      query?: {
        /** @description Test (false) or live (true). A secret key works in its own mode only (another value: 400); the dashboard token chooses with it. */
        livemode?: components['parameters']['livemodeQuery'];
      };
      header?: never;
      path: {
        merchant_id: components['parameters']['merchantIdPath'];
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "ok": true,
           *       "data": {
           *         "delivered": true,
           *         "event_id": "evt_4kQ2nV8sLm0pXc7RtY1a",
           *         "url": "https://shop.example/webhooks/tranche",
           *         "status_code": 0,
           *         "latency_ms": 0,
           *         "error": "text"
           *       }
           *     }
           */
          'application/json': {
            /** @enum {boolean} */
            ok: true;
            data: {
              delivered: boolean;
              event_id: string | null;
              url: string | null;
              status_code: number | null;
              latency_ms: number | null;
              /** @description Present when `delivered` is false: no URL configured, timeout, connection refused, refused address, or the non-2xx status. */
              error?: string;
            };
          };
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      404: components['responses']['NotFound'];
      409: components['responses']['Conflict'];
      429: components['responses']['TooManyRequests'];
      default: components['responses']['OtherError'];
    };
  };
  registerCustomer: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "email": "ada@example.ng",
         *       "password": "a long password",
         *       "first_name": "Ada",
         *       "last_name": "Obi",
         *       "phone": "08031234567"
         *     }
         */
        'application/json': {
          /** Format: email */
          email: string;
          /** @description 8 to 128 characters. */
          password: string;
          first_name: string;
          last_name: string;
          phone: string;
        };
      };
    };
    responses: {
      /** @description Created */
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @enum {boolean} */
            ok: true;
            data: components['schemas']['CustomerSession'];
          };
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      404: components['responses']['NotFound'];
      409: components['responses']['Conflict'];
      429: components['responses']['TooManyRequests'];
      default: components['responses']['OtherError'];
    };
  };
  loginCustomer: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "email": "ada@example.ng",
         *       "password": "a long password"
         *     }
         */
        'application/json': {
          /** Format: email */
          email: string;
          password: string;
        };
      };
    };
    responses: {
      200: components['responses']['CustomerSessionResponse'];
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      404: components['responses']['NotFound'];
      409: components['responses']['Conflict'];
      429: components['responses']['TooManyRequests'];
      default: components['responses']['OtherError'];
    };
  };
  refreshCustomerToken: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "refresh_token": "rt_8Kd2mQ9xL4vB7nP1sT6wZ3yC"
         *     }
         */
        'application/json': {
          refresh_token: string;
        };
      };
    };
    responses: {
      200: components['responses']['CustomerSessionResponse'];
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      404: components['responses']['NotFound'];
      409: components['responses']['Conflict'];
      429: components['responses']['TooManyRequests'];
      default: components['responses']['OtherError'];
    };
  };
  signOutCustomer: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "refresh_token": "rt_8Kd2mQ9xL4vB7nP1sT6wZ3yC"
         *     }
         */
        'application/json': {
          refresh_token: string;
        };
      };
    };
    responses: {
      200: components['responses']['SignOutMerchantResponse'];
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      404: components['responses']['NotFound'];
      409: components['responses']['Conflict'];
      429: components['responses']['TooManyRequests'];
      default: components['responses']['OtherError'];
    };
  };
  requestCustomerPasswordReset: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "email": "ada@example.ng"
         *     }
         */
        'application/json': {
          /** Format: email */
          email: string;
        };
      };
    };
    responses: {
      202: components['responses']['RequestMerchantPasswordResetResponse'];
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      404: components['responses']['NotFound'];
      409: components['responses']['Conflict'];
      429: components['responses']['TooManyRequests'];
      default: components['responses']['OtherError'];
    };
  };
  confirmCustomerPasswordReset: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "token": "cst_Xr4bN8qL2mV7kP1zT9wY3sD6",
         *       "password": "a long password"
         *     }
         */
        'application/json': {
          token: string;
          /** @description 8 to 128 characters. */
          password: string;
        };
      };
    };
    responses: {
      200: components['responses']['CustomerSessionResponse'];
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      404: components['responses']['NotFound'];
      409: components['responses']['Conflict'];
      429: components['responses']['TooManyRequests'];
      default: components['responses']['OtherError'];
    };
  };
  getCurrentCustomer: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: components['responses']['CustomerResponse'];
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      404: components['responses']['NotFound'];
      409: components['responses']['Conflict'];
      429: components['responses']['TooManyRequests'];
      default: components['responses']['OtherError'];
    };
  };
  listCustomerNotifications: {
    parameters: {
      query?: {
        limit?: components['parameters']['limitQuery'];
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "ok": true,
           *       "data": [
           *         {
           *           "id": "text",
           *           "object": "customer_notification",
           *           "kind": "payment_reminder",
           *           "message": "Your installment of ₦8,334.00 is due on 21 December.",
           *           "data": {},
           *           "created_at": "2026-11-21T10:00:00.000Z",
           *           "read_at": "2026-11-21T10:00:00.000Z"
           *         }
           *       ]
           *     }
           */
          'application/json': {
            /** @enum {boolean} */
            ok: true;
            data: {
              id: string;
              /** @enum {string} */
              object: 'customer_notification';
              /**
               * @example payment_reminder
               * @example payment_receipt
               * @example payment_failed
               * @example refund_receipt
               * @example payment_method_revoked
               */
              kind: string;
              message: string;
              data: {
                [key: string]: unknown;
              };
              /** Format: date-time */
              created_at: string;
              /** Format: date-time */
              read_at: string | null;
            }[];
          };
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      404: components['responses']['NotFound'];
      409: components['responses']['Conflict'];
      429: components['responses']['TooManyRequests'];
      default: components['responses']['OtherError'];
    };
  };
  getNotificationPreferences: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "ok": true,
           *       "data": {
           *         "object": "notification_preferences",
           *         "email": {
           *           "reminders": false,
           *           "receipts": false,
           *           "failed_payments": false
           *         },
           *         "in_app": {
           *           "reminders": false,
           *           "receipts": false,
           *           "failed_payments": false
           *         },
           *         "sms": {
           *           "reminders": false,
           *           "receipts": false,
           *           "failed_payments": false
           *         },
           *         "updated_at": "2026-11-21T10:00:00.000Z"
           *       }
           *     }
           */
          'application/json': {
            /** @enum {boolean} */
            ok: true;
            data: components['schemas']['NotificationPreferences'];
          };
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      404: components['responses']['NotFound'];
      409: components['responses']['Conflict'];
      429: components['responses']['TooManyRequests'];
      default: components['responses']['OtherError'];
    };
  };
  updateNotificationPreferences: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "email": {
         *         "reminders": false,
         *         "receipts": false,
         *         "failed_payments": false
         *       },
         *       "in_app": {
         *         "reminders": false,
         *         "receipts": false,
         *         "failed_payments": false
         *       },
         *       "sms": {
         *         "reminders": false,
         *         "receipts": false,
         *         "failed_payments": false
         *       }
         *     }
         */
        'application/json': {
          email?: {
            /** @description A reminder 3 days before each installment is due. */
            reminders?: boolean;
            /** @description A receipt for each payment collected and each refund. */
            receipts?: boolean;
            /** @description A notice when a debit fails, saying what happens next. */
            failed_payments?: boolean;
          };
          in_app?: {
            /** @description A reminder 3 days before each installment is due. */
            reminders?: boolean;
            /** @description A receipt for each payment collected and each refund. */
            receipts?: boolean;
            /** @description A notice when a debit fails, saying what happens next. */
            failed_payments?: boolean;
          };
          sms?: {
            /** @description A reminder 3 days before each installment is due. */
            reminders?: boolean;
            /** @description A receipt for each payment collected and each refund. */
            receipts?: boolean;
            /** @description A notice when a debit fails, saying what happens next. */
            failed_payments?: boolean;
          };
        };
      };
    };
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @enum {boolean} */
            ok: true;
            data: components['schemas']['NotificationPreferences'];
          };
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      404: components['responses']['NotFound'];
      409: components['responses']['Conflict'];
      429: components['responses']['TooManyRequests'];
      default: components['responses']['OtherError'];
    };
  };
  requestSignInCode: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "email": "ada@example.ng",
         *       "phone": "08031234567"
         *     }
         */
        'application/json': {
          /** Format: email */
          email?: string;
          /** @description A Nigerian mobile number, `0803…` or `+234803…`. */
          phone?: string;
        };
      };
    };
    responses: {
      /** @description Accepted: queued, done shortly. */
      202: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @enum {boolean} */
            ok: true;
            data: {
              /** @enum {string} */
              object: 'sign_in_code_request';
              /** @enum {string} */
              channel: 'sms' | 'email';
              code_expires_in_minutes: number;
              resend_after_seconds: number;
            };
          };
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      404: components['responses']['NotFound'];
      409: components['responses']['Conflict'];
      429: components['responses']['TooManyRequests'];
      default: components['responses']['OtherError'];
    };
  };
  verifySignInCode: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "email": "ada@example.ng",
         *       "phone": "08031234567",
         *       "code": "123456"
         *     }
         */
        'application/json': {
          /** Format: email */
          email?: string;
          /** @description A Nigerian mobile number, `0803…` or `+234803…`. */
          phone?: string;
          /**
           * @description The six digits received.
           * @example 123456
           */
          code: string;
        };
      };
    };
    responses: {
      200: components['responses']['CustomerSessionResponse'];
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      404: components['responses']['NotFound'];
      409: components['responses']['Conflict'];
      429: components['responses']['TooManyRequests'];
      default: components['responses']['OtherError'];
    };
  };
  requestPhoneVerification: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: components['responses']['CustomerResponse'];
      /** @description Accepted: queued, done shortly. */
      202: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "ok": true,
           *       "data": {
           *         "object": "phone_verification_request",
           *         "phone_hint": "text",
           *         "code_expires_in_minutes": 0,
           *         "resend_after_seconds": 0
           *       }
           *     }
           */
          'application/json': {
            /** @enum {boolean} */
            ok: true;
            data: {
              /** @enum {string} */
              object: 'phone_verification_request';
              phone_hint: string;
              code_expires_in_minutes: number;
              resend_after_seconds: number;
            };
          };
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      404: components['responses']['NotFound'];
      409: components['responses']['Conflict'];
      429: components['responses']['TooManyRequests'];
      default: components['responses']['OtherError'];
    };
  };
  confirmPhoneVerification: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "code": "123456"
         *     }
         */
        'application/json': {
          /**
           * @description The six digits received.
           * @example 123456
           */
          code: string;
        };
      };
    };
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @enum {boolean} */
            ok: true;
            data: components['schemas']['Customer'];
          };
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      404: components['responses']['NotFound'];
      409: components['responses']['Conflict'];
      429: components['responses']['TooManyRequests'];
      default: components['responses']['OtherError'];
    };
  };
  listRememberedDevices: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "ok": true,
           *       "data": [
           *         {
           *           "id": "rdv_1aB2cD3eF4gH5iJ6kL7m",
           *           "object": "remembered_device",
           *           "merchant_id": "mer_4fQ2d8LkP0aZ7sVbN1xY",
           *           "merchant_name": "Ada Stores",
           *           "label": "Chrome on Android",
           *           "created_at": "2026-11-21T10:00:00.000Z",
           *           "last_used_at": "2026-11-21T10:00:00.000Z",
           *           "expires_at": "2026-11-21T10:00:00.000Z"
           *         }
           *       ]
           *     }
           */
          'application/json': {
            /** @enum {boolean} */
            ok: true;
            data: components['schemas']['RememberedDevice'][];
          };
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      404: components['responses']['NotFound'];
      409: components['responses']['Conflict'];
      429: components['responses']['TooManyRequests'];
      default: components['responses']['OtherError'];
    };
  };
  rememberDevice: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "session_token": "cst_Xr4bN8qL2mV7kP1zT9wY3sD6"
         *     }
         */
        'application/json': {
          /** @description The checkout session token: which shop the device is remembered for. */
          session_token: string;
        };
      };
    };
    responses: {
      /** @description Created */
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @enum {boolean} */
            ok: true;
            data: components['schemas']['RememberedDevice'];
          };
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      404: components['responses']['NotFound'];
      409: components['responses']['Conflict'];
      429: components['responses']['TooManyRequests'];
      default: components['responses']['OtherError'];
    };
  };
  revokeRememberedDevice: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        device_id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "ok": true,
           *       "data": {
           *         "id": "text",
           *         "object": "remembered_device",
           *         "revoked": true
           *       }
           *     }
           */
          'application/json': {
            /** @enum {boolean} */
            ok: true;
            data: {
              id: string;
              /** @enum {string} */
              object: 'remembered_device';
              /** @enum {boolean} */
              revoked: true;
            };
          };
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      404: components['responses']['NotFound'];
      409: components['responses']['Conflict'];
      429: components['responses']['TooManyRequests'];
      default: components['responses']['OtherError'];
    };
  };
  getRememberedDevice: {
    parameters: {
      query: {
        /** @description The checkout session token: which shop the device is remembered for. */
        session_token: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "ok": true,
           *       "data": {
           *         "object": "remembered_device_status",
           *         "remembered": false,
           *         "first_name": "Ada",
           *         "email_hint": "text"
           *       }
           *     }
           */
          'application/json': {
            /** @enum {boolean} */
            ok: true;
            data: {
              /** @enum {string} */
              object: 'remembered_device_status';
              remembered: boolean;
              first_name: string | null;
              email_hint: string | null;
            };
          };
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      404: components['responses']['NotFound'];
      409: components['responses']['Conflict'];
      429: components['responses']['TooManyRequests'];
      default: components['responses']['OtherError'];
    };
  };
  continueOnRememberedDevice: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "session_token": "cst_Xr4bN8qL2mV7kP1zT9wY3sD6"
         *     }
         */
        'application/json': {
          /** @description The checkout session token: which shop the device is remembered for. */
          session_token: string;
        };
      };
    };
    responses: {
      200: components['responses']['CustomerSessionResponse'];
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      404: components['responses']['NotFound'];
      409: components['responses']['Conflict'];
      429: components['responses']['TooManyRequests'];
      default: components['responses']['OtherError'];
    };
  };
  forgetRememberedDevice: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "session_token": "cst_Xr4bN8qL2mV7kP1zT9wY3sD6"
         *     }
         */
        'application/json': {
          /** @description The checkout session token: which shop the device is remembered for. */
          session_token: string;
        };
      };
    };
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @enum {boolean} */
            ok: true;
            data: {
              /** @enum {string} */
              object: 'remembered_device_status';
              /** @enum {boolean} */
              remembered: false;
            };
          };
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      404: components['responses']['NotFound'];
      409: components['responses']['Conflict'];
      429: components['responses']['TooManyRequests'];
      default: components['responses']['OtherError'];
    };
  };
  createCheckoutSession: {
    parameters: {
      query?: never;
      header?: {
        /** @description A UUID v4. The same key with the same request within 24 hours replays the first answer (header `Idempotent-Replayed: true`) and does nothing again; with another request it is a 409 `idempotency_key_reused` (decisions 0002, 0038). */
        'idempotency-key'?: components['parameters']['idempotencyKeyHeader'];
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "merchant_id": "mer_4fQ2d8LkP0aZ7sVbN1xY",
         *       "amount": 2500000,
         *       "currency": "NGN",
         *       "title": "Samsung Galaxy A15",
         *       "order_reference": "order-1001",
         *       "customer_email": "customer_email@example.ng",
         *       "metadata": {
         *         "cart_id": "c-1042",
         *         "channel": "woocommerce"
         *       },
         *       "line_items": [
         *         {
         *           "name": "Samsung Galaxy A15",
         *           "quantity": 1,
         *           "unit_amount": 2500000
         *         }
         *       ]
         *     }
         */
        'application/json': {
          merchant_id: string;
          /** @description Kobo; ₦10,000,000 at most. */
          amount: number;
          /** @enum {string} */
          currency: 'NGN';
          title: string;
          order_reference: string;
          /** Format: email */
          customer_email?: string;
          /**
           * @description Your own keys and values (order ids, a plugin's reference): strings only, at most 20 keys of at most 40 characters, values of at most 500. Returned to your secret key, on the plan and in every plan webhook; never shown to the customer.
           * @example {
           *       "cart_id": "c-1042",
           *       "channel": "woocommerce"
           *     }
           */
          metadata?: {
            [key: string]: string;
          };
          /** @description What was bought, at most 50 items; quantity × unit_amount must sum to amount (else 400). */
          line_items?: {
            /** @example Samsung Galaxy A15 */
            name: string;
            /** @example 1 */
            quantity: number;
            /**
             * @description Kobo, for one.
             * @example 2500000
             */
            unit_amount: number;
          }[];
        };
      };
    };
    responses: {
      /** @description Created */
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @enum {boolean} */
            ok: true;
            data: components['schemas']['CheckoutSession'];
          };
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      404: components['responses']['NotFound'];
      409: components['responses']['Conflict'];
      429: components['responses']['TooManyRequests'];
      default: components['responses']['OtherError'];
    };
  };
  getCheckoutSession: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        token: components['parameters']['tokenPath'];
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: components['responses']['CheckoutSessionResponse'];
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      404: components['responses']['NotFound'];
      409: components['responses']['Conflict'];
      429: components['responses']['TooManyRequests'];
      default: components['responses']['OtherError'];
    };
  };
  cancelCheckoutSession: {
    parameters: {
      query?: never;
      header?: {
        /** @description A UUID v4. The same key with the same request within 24 hours replays the first answer (header `Idempotent-Replayed: true`) and does nothing again; with another request it is a 409 `idempotency_key_reused` (decisions 0002, 0038). */
        'idempotency-key'?: components['parameters']['idempotencyKeyHeader'];
      };
      path: {
        token: components['parameters']['tokenPath'];
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: components['responses']['CheckoutSessionResponse'];
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      404: components['responses']['NotFound'];
      409: components['responses']['Conflict'];
      429: components['responses']['TooManyRequests'];
      default: components['responses']['OtherError'];
    };
  };
  previewSchedule: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "session_token": "cst_Xr4bN8qL2mV7kP1zT9wY3sD6",
         *       "amount": 2500000,
         *       "frequency": "weekly",
         *       "installment_count": 3,
         *       "upfront_pct": 25
         *     }
         */
        'application/json': {
          session_token?: string;
          amount?: number;
          /** @enum {string} */
          frequency: 'weekly' | 'monthly';
          /** @description Installments after the deposit. */
          installment_count: number;
          upfront_pct: number;
        };
      };
    };
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @enum {boolean} */
            ok: true;
            data: components['schemas']['SchedulePreview'];
          };
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      404: components['responses']['NotFound'];
      409: components['responses']['Conflict'];
      429: components['responses']['TooManyRequests'];
      default: components['responses']['OtherError'];
    };
  };
  getMessagingPlans: {
    parameters: {
      query: {
        /** @description The price, in kobo. */
        amount: number;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "ok": true,
           *       "data": {
           *         "object": "messaging_plans",
           *         "livemode": false,
           *         "amount": 2500000,
           *         "currency": "NGN",
           *         "merchant_name": "Ada Stores",
           *         "available": false,
           *         "max_amount": 2500000,
           *         "headline": {
           *           "frequency": "weekly",
           *           "installment_count": 3,
           *           "upfront_pct": 25,
           *           "deposit": 0,
           *           "installment": 0,
           *           "equal_installments": false,
           *           "total": 0,
           *           "deposit_text": "₦12,125",
           *           "installment_text": "₦12,125"
           *         },
           *         "plans": [
           *           {
           *             "frequency": "weekly",
           *             "installment_count": 3,
           *             "upfront_pct": 25,
           *             "deposit": 0,
           *             "installment": 0,
           *             "equal_installments": false,
           *             "total": 0,
           *             "deposit_text": "₦12,125",
           *             "installment_text": "₦12,125"
           *           }
           *         ]
           *       }
           *     }
           */
          'application/json': {
            /** @enum {boolean} */
            ok: true;
            data: components['schemas']['MessagingPlans'];
          };
        };
      };
      /** @description Not modified: the `If-None-Match` ETag is current. */
      304: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      404: components['responses']['NotFound'];
      409: components['responses']['Conflict'];
      429: components['responses']['TooManyRequests'];
      default: components['responses']['OtherError'];
    };
  };
  getRememberedPlanChoice: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        token: components['parameters']['tokenPath'];
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "ok": true,
           *       "data": {
           *         "frequency": "weekly",
           *         "installment_count": 3,
           *         "upfront_pct": 25
           *       }
           *     }
           */
          'application/json': {
            /** @enum {boolean} */
            ok: true;
            data: components['schemas']['PlanChoice'] | null;
          };
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      404: components['responses']['NotFound'];
      409: components['responses']['Conflict'];
      429: components['responses']['TooManyRequests'];
      default: components['responses']['OtherError'];
    };
  };
  rememberPlanChoice: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        token: components['parameters']['tokenPath'];
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "frequency": "weekly",
         *       "installment_count": 3,
         *       "upfront_pct": 25
         *     }
         */
        'application/json': {
          /** @enum {string} */
          frequency: 'weekly' | 'monthly';
          /** @description Installments after the deposit. */
          installment_count: number;
          upfront_pct: number;
        };
      };
    };
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @enum {boolean} */
            ok: true;
            data: components['schemas']['PlanChoice'];
          };
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      404: components['responses']['NotFound'];
      409: components['responses']['Conflict'];
      429: components['responses']['TooManyRequests'];
      default: components['responses']['OtherError'];
    };
  };
  confirmCheckoutSession: {
    parameters: {
      query?: never;
      header?: {
        /** @description A UUID v4. The same key with the same request within 24 hours replays the first answer (header `Idempotent-Replayed: true`) and does nothing again; with another request it is a 409 `idempotency_key_reused` (decisions 0002, 0038). */
        'idempotency-key'?: components['parameters']['idempotencyKeyHeader'];
      };
      path: {
        token: components['parameters']['tokenPath'];
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "frequency": "weekly",
         *       "installment_count": 3,
         *       "upfront_pct": 25,
         *       "payment_method_id": "pm_7bQ1vN4kT9sX2mL0pZcA"
         *     }
         */
        'application/json': {
          /** @enum {string} */
          frequency: 'weekly' | 'monthly';
          installment_count: number;
          upfront_pct: number;
          payment_method_id: string;
        };
      };
    };
    responses: {
      /** @description Created */
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @enum {boolean} */
            ok: true;
            data: {
              payment_plan_id: string;
              plan: components['schemas']['PaymentPlan'];
              /** @description Where to send the customer now: for a payment link’s checkout its `redirect_url`, else the customer dashboard; null for a merchant-created session (the widget calls `onSuccess`). */
              redirect_url: string | null;
            };
          };
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      404: components['responses']['NotFound'];
      409: components['responses']['Conflict'];
      429: components['responses']['TooManyRequests'];
      default: components['responses']['OtherError'];
    };
  };
  getPaymentPlan: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        merchant_id: components['parameters']['merchantIdPath'];
        plan_id: components['parameters']['planIdPath'];
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: components['responses']['PaymentPlanResponse'];
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      404: components['responses']['NotFound'];
      409: components['responses']['Conflict'];
      429: components['responses']['TooManyRequests'];
      default: components['responses']['OtherError'];
    };
  };
  listPlanCharges: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        merchant_id: components['parameters']['merchantIdPath'];
        plan_id: components['parameters']['planIdPath'];
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "ok": true,
           *       "data": [
           *         {
           *           "reference": "chg-inst3Jd9sKq0LmT2vX7yB1cN-1",
           *           "object": "charge",
           *           "installment_id": "installment_4fQ2d8LkP0aZ7sVbN1xY",
           *           "sequence": 1,
           *           "attempt": 1,
           *           "initiated_by": "schedule",
           *           "amount": 2500000,
           *           "fee": 0,
           *           "status": "pending",
           *           "gateway_message": "text",
           *           "requested_amount": 2500000,
           *           "created_at": "2026-11-21T10:00:00.000Z",
           *           "settled_at": "2026-11-21T10:00:00.000Z"
           *         }
           *       ]
           *     }
           */
          'application/json': {
            /** @enum {boolean} */
            ok: true;
            data: components['schemas']['Charge'][];
          };
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      404: components['responses']['NotFound'];
      409: components['responses']['Conflict'];
      429: components['responses']['TooManyRequests'];
      default: components['responses']['OtherError'];
    };
  };
  listPaymentPlans: {
    parameters: {
      query?: {
        status?: components['parameters']['statusQuery'];
        customer_id?: components['parameters']['customerIdQuery'];
        order_reference?: components['parameters']['orderReferenceQuery'];
        /** @description The buyer’s e-mail, whole; case is ignored. */
        customer_email?: components['parameters']['customerEmailQuery'];
        /** @description The buyer’s phone in any usual form (0803 123 4567, +2348031234567): its last 10 digits are compared. Fewer than 10 digits: 400. */
        customer_phone?: components['parameters']['customerPhoneQuery'];
        /** @description Part of the plan’s title; case is ignored. */
        title?: components['parameters']['titleQuery'];
        /** @description The plan’s amount is at least this (kobo). */
        amount_min?: components['parameters']['amountMinQuery'];
        /** @description The plan’s amount is at most this (kobo). */
        amount_max?: components['parameters']['amountMaxQuery'];
        /** @description Created at or after. */
        created_from?: components['parameters']['createdFromQuery'];
        /** @description Created before. */
        created_before?: components['parameters']['createdBeforeQuery'];
        /** @description One search box: part of the buyer’s e-mail or name, the title or the order reference, or (4 digits or more) of the buyer’s phone. */
        q?: components['parameters']['qQuery'];
        /** @description Test (false) or live (true). A secret key works in its own mode only (another value: 400); the dashboard token chooses with it. */
        livemode?: components['parameters']['livemodeQuery'];
        limit?: components['parameters']['limitQuery'];
        /** @description The `next_cursor` of the previous page. */
        cursor?: components['parameters']['cursorQuery'];
      };
      header?: never;
      path: {
        merchant_id: components['parameters']['merchantIdPath'];
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: components['responses']['PaymentPlanListResponse'];
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      404: components['responses']['NotFound'];
      409: components['responses']['Conflict'];
      429: components['responses']['TooManyRequests'];
      default: components['responses']['OtherError'];
    };
  };
  advancePaymentPlan: {
    parameters: {
      query?: never;
      header?: {
        /** @description A UUID v4. The same key with the same request within 24 hours replays the first answer (header `Idempotent-Replayed: true`) and does nothing again; with another request it is a 409 `idempotency_key_reused` (decisions 0002, 0038). */
        'idempotency-key'?: components['parameters']['idempotencyKeyHeader'];
      };
      path: {
        merchant_id: components['parameters']['merchantIdPath'];
        plan_id: components['parameters']['planIdPath'];
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: components['responses']['PaymentPlanResponse'];
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      404: components['responses']['NotFound'];
      409: components['responses']['Conflict'];
      429: components['responses']['TooManyRequests'];
      default: components['responses']['OtherError'];
    };
  };
  advancePaymentPlanClock: {
    parameters: {
      query?: never;
      header?: {
        /** @description A UUID v4. The same key with the same request within 24 hours replays the first answer (header `Idempotent-Replayed: true`) and does nothing again; with another request it is a 409 `idempotency_key_reused` (decisions 0002, 0038). */
        'idempotency-key'?: components['parameters']['idempotencyKeyHeader'];
      };
      path: {
        merchant_id: components['parameters']['merchantIdPath'];
        plan_id: components['parameters']['planIdPath'];
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "days": 1
         *     }
         */
        'application/json': {
          days: number;
        };
      };
    };
    responses: {
      200: components['responses']['PaymentPlanResponse2'];
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      404: components['responses']['NotFound'];
      409: components['responses']['Conflict'];
      429: components['responses']['TooManyRequests'];
      default: components['responses']['OtherError'];
    };
  };
  simulateOnPaymentPlan: {
    parameters: {
      query?: never;
      header?: {
        /** @description A UUID v4. The same key with the same request within 24 hours replays the first answer (header `Idempotent-Replayed: true`) and does nothing again; with another request it is a 409 `idempotency_key_reused` (decisions 0002, 0038). */
        'idempotency-key'?: components['parameters']['idempotencyKeyHeader'];
      };
      path: {
        merchant_id: components['parameters']['merchantIdPath'];
        plan_id: components['parameters']['planIdPath'];
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "action": "decline_debits"
         *     }
         */
        'application/json': {
          /** @enum {string} */
          action:
            | 'decline_debits'
            | 'revoke_payment_method'
            | 'refund_at_gateway'
            | 'partial_funds'
            | 'open_dispute'
            | 'remind_dispute'
            | 'resolve_dispute'
            | 'reverse_payment'
            | 'transfer_exact'
            | 'transfer_short'
            | 'transfer_twice'
            | 'transfer_late';
        };
      };
    };
    responses: {
      200: components['responses']['PaymentPlanResponse2'];
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      404: components['responses']['NotFound'];
      409: components['responses']['Conflict'];
      429: components['responses']['TooManyRequests'];
      502: components['responses']['BadGateway'];
      default: components['responses']['OtherError'];
    };
  };
  listRefunds: {
    parameters: {
      query?: {
        limit?: components['parameters']['limitQuery'];
        /** @description The `next_cursor` of the previous page. */
        cursor?: components['parameters']['cursorQuery'];
      };
      header?: never;
      path: {
        merchant_id: components['parameters']['merchantIdPath'];
        plan_id: components['parameters']['planIdPath'];
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "ok": true,
           *       "data": [
           *         {
           *           "id": "rfd_5Qm2xR8vT1bN4kL7yC3d",
           *           "object": "refund",
           *           "payment_plan_id": "plan_3Jd9sKq0LmT2vX7yB1cN",
           *           "merchant_id": "mer_4fQ2d8LkP0aZ7sVbN1xY",
           *           "livemode": false,
           *           "amount": 2500000,
           *           "balance_reduction": 0,
           *           "cash_amount": 2500000,
           *           "fee_returned": 0,
           *           "reason": "Customer returned the item",
           *           "status": "pending",
           *           "failure_reason": null,
           *           "created_at": "2026-11-21T10:00:00.000Z",
           *           "updated_at": "2026-11-21T10:00:00.000Z"
           *         }
           *       ],
           *       "has_more": true,
           *       "next_cursor": null
           *     }
           */
          'application/json': {
            /** @enum {boolean} */
            ok: true;
            data: components['schemas']['Refund'][];
            has_more: boolean;
            next_cursor: string | null;
          };
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      404: components['responses']['NotFound'];
      409: components['responses']['Conflict'];
      429: components['responses']['TooManyRequests'];
      default: components['responses']['OtherError'];
    };
  };
  createRefund: {
    parameters: {
      query?: never;
      header?: {
        /** @description A UUID v4. The same key with the same request within 24 hours replays the first answer (header `Idempotent-Replayed: true`) and does nothing again; with another request it is a 409 `idempotency_key_reused` (decisions 0002, 0038). */
        'idempotency-key'?: components['parameters']['idempotencyKeyHeader'];
      };
      path: {
        merchant_id: components['parameters']['merchantIdPath'];
        plan_id: components['parameters']['planIdPath'];
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "amount": 2500000,
         *       "reason": "Customer returned the item"
         *     }
         */
        'application/json': {
          amount?: number;
          reason?: string;
        };
      };
    };
    responses: {
      /** @description Created */
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @enum {boolean} */
            ok: true;
            data: components['schemas']['Refund'];
          };
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      404: components['responses']['NotFound'];
      409: components['responses']['Conflict'];
      429: components['responses']['TooManyRequests'];
      default: components['responses']['OtherError'];
    };
  };
  getRefund: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        merchant_id: components['parameters']['merchantIdPath'];
        plan_id: components['parameters']['planIdPath'];
        refund_id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "ok": true,
           *       "data": {
           *         "id": "rfd_5Qm2xR8vT1bN4kL7yC3d",
           *         "object": "refund",
           *         "payment_plan_id": "plan_3Jd9sKq0LmT2vX7yB1cN",
           *         "merchant_id": "mer_4fQ2d8LkP0aZ7sVbN1xY",
           *         "livemode": false,
           *         "amount": 2500000,
           *         "balance_reduction": 0,
           *         "cash_amount": 2500000,
           *         "fee_returned": 0,
           *         "reason": "Customer returned the item",
           *         "status": "pending",
           *         "failure_reason": null,
           *         "created_at": "2026-11-21T10:00:00.000Z",
           *         "updated_at": "2026-11-21T10:00:00.000Z"
           *       }
           *     }
           */
          'application/json': {
            /** @enum {boolean} */
            ok: true;
            data: components['schemas']['Refund'];
          };
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      404: components['responses']['NotFound'];
      409: components['responses']['Conflict'];
      429: components['responses']['TooManyRequests'];
      default: components['responses']['OtherError'];
    };
  };
  cancelPaymentPlan: {
    parameters: {
      query?: never;
      header?: {
        /** @description A UUID v4. The same key with the same request within 24 hours replays the first answer (header `Idempotent-Replayed: true`) and does nothing again; with another request it is a 409 `idempotency_key_reused` (decisions 0002, 0038). */
        'idempotency-key'?: components['parameters']['idempotencyKeyHeader'];
      };
      path: {
        merchant_id: components['parameters']['merchantIdPath'];
        plan_id: components['parameters']['planIdPath'];
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "refund": false,
         *       "reason": "Customer returned the item"
         *     }
         */
        'application/json': {
          refund?: boolean;
          reason?: string;
        };
      };
    };
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @enum {boolean} */
            ok: true;
            data: {
              payment_plan: components['schemas']['PaymentPlan'];
              refund: components['schemas']['Refund'] | null;
            };
          };
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      404: components['responses']['NotFound'];
      409: components['responses']['Conflict'];
      429: components['responses']['TooManyRequests'];
      default: components['responses']['OtherError'];
    };
  };
  getRefundable: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        merchant_id: components['parameters']['merchantIdPath'];
        plan_id: components['parameters']['planIdPath'];
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "ok": true,
           *       "data": {
           *         "object": "refundable",
           *         "plan_id": "plan_3Jd9sKq0LmT2vX7yB1cN",
           *         "amount": 2500000,
           *         "outstanding_reduction": 0,
           *         "cash_refund": 0,
           *         "charge_in_flight": false
           *       }
           *     }
           */
          'application/json': {
            /** @enum {boolean} */
            ok: true;
            data: {
              /** @enum {string} */
              object: 'refundable';
              plan_id: string;
              /** @description Kobo. */
              amount: number;
              /** @description Kobo off what the customer still owes. */
              outstanding_reduction: number;
              /** @description Kobo back to the card or bank account. */
              cash_refund: number;
              charge_in_flight: boolean;
            };
          };
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      404: components['responses']['NotFound'];
      409: components['responses']['Conflict'];
      429: components['responses']['TooManyRequests'];
      default: components['responses']['OtherError'];
    };
  };
  listDisputes: {
    parameters: {
      query?: {
        /** @description One mode only (the dashboard token reaches both; a secret key only its own). */
        livemode?: boolean;
        status?: 'needs_response' | 'under_review' | 'won' | 'lost';
      };
      header?: never;
      path: {
        merchant_id: components['parameters']['merchantIdPath'];
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "ok": true,
           *       "data": [
           *         {
           *           "id": "dsp_4kQ2nV8sLm0pXc7RtY1a",
           *           "object": "dispute",
           *           "merchant_id": "mer_4fQ2d8LkP0aZ7sVbN1xY",
           *           "livemode": false,
           *           "status": "needs_response",
           *           "amount": 2500000,
           *           "fee_share": 0,
           *           "balance_debited": 0,
           *           "returned_amount": 2500000,
           *           "currency": "NGN",
           *           "reason": "Customer returned the item",
           *           "due_at": "2026-11-21T10:00:00.000Z",
           *           "reminders": 0,
           *           "payment_plan_id": "plan_3Jd9sKq0LmT2vX7yB1cN",
           *           "installment_id": "installment_4fQ2d8LkP0aZ7sVbN1xY",
           *           "charge_reference": "chg-inst0aA-1",
           *           "evidence": {
           *             "customer_email": "ada@example.ng",
           *             "customer_name": "text",
           *             "customer_phone": "text",
           *             "service_details": "text",
           *             "delivery_address": "text",
           *             "delivery_date": "1990-01-15"
           *           },
           *           "file_uploaded": false,
           *           "merchant_decision": "accepted",
           *           "merchant_message": "text",
           *           "resolution": "text",
           *           "created_at": "2026-11-21T10:00:00.000Z",
           *           "updated_at": "2026-11-21T10:00:00.000Z",
           *           "resolved_at": "2026-11-21T10:00:00.000Z"
           *         }
           *       ]
           *     }
           */
          'application/json': {
            /** @enum {boolean} */
            ok: true;
            data: components['schemas']['Dispute'][];
          };
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      404: components['responses']['NotFound'];
      409: components['responses']['Conflict'];
      429: components['responses']['TooManyRequests'];
      default: components['responses']['OtherError'];
    };
  };
  getDispute: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        merchant_id: components['parameters']['merchantIdPath'];
        dispute_id: components['parameters']['disputeIdPath'];
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "ok": true,
           *       "data": {
           *         "id": "dsp_4kQ2nV8sLm0pXc7RtY1a",
           *         "object": "dispute",
           *         "merchant_id": "mer_4fQ2d8LkP0aZ7sVbN1xY",
           *         "livemode": false,
           *         "status": "needs_response",
           *         "amount": 2500000,
           *         "fee_share": 0,
           *         "balance_debited": 0,
           *         "returned_amount": 2500000,
           *         "currency": "NGN",
           *         "reason": "Customer returned the item",
           *         "due_at": "2026-11-21T10:00:00.000Z",
           *         "reminders": 0,
           *         "payment_plan_id": "plan_3Jd9sKq0LmT2vX7yB1cN",
           *         "installment_id": "installment_4fQ2d8LkP0aZ7sVbN1xY",
           *         "charge_reference": "chg-inst0aA-1",
           *         "evidence": {
           *           "customer_email": "ada@example.ng",
           *           "customer_name": "text",
           *           "customer_phone": "text",
           *           "service_details": "text",
           *           "delivery_address": "text",
           *           "delivery_date": "1990-01-15"
           *         },
           *         "file_uploaded": false,
           *         "merchant_decision": "accepted",
           *         "merchant_message": "text",
           *         "resolution": "text",
           *         "created_at": "2026-11-21T10:00:00.000Z",
           *         "updated_at": "2026-11-21T10:00:00.000Z",
           *         "resolved_at": "2026-11-21T10:00:00.000Z"
           *       }
           *     }
           */
          'application/json': {
            /** @enum {boolean} */
            ok: true;
            data: components['schemas']['Dispute'];
          };
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      404: components['responses']['NotFound'];
      409: components['responses']['Conflict'];
      429: components['responses']['TooManyRequests'];
      default: components['responses']['OtherError'];
    };
  };
  addDisputeEvidence: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        merchant_id: components['parameters']['merchantIdPath'];
        dispute_id: components['parameters']['disputeIdPath'];
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "customer_email": "customer_email@example.ng",
         *       "customer_name": "text",
         *       "customer_phone": "text",
         *       "service_details": "text",
         *       "delivery_address": "text",
         *       "delivery_date": "1990-01-15"
         *     }
         */
        'application/json': {
          /** Format: email */
          customer_email: string;
          customer_name: string;
          customer_phone: string;
          service_details: string;
          delivery_address?: string;
          /** Format: date */
          delivery_date?: string;
        };
      };
    };
    responses: {
      200: components['responses']['DisputeResponse'];
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      404: components['responses']['NotFound'];
      409: components['responses']['Conflict'];
      429: components['responses']['TooManyRequests'];
      default: components['responses']['OtherError'];
    };
  };
  uploadDisputeFile: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        merchant_id: components['parameters']['merchantIdPath'];
        dispute_id: components['parameters']['disputeIdPath'];
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "filename": "text",
         *       "content_type": "application/pdf",
         *       "content_base64": "text"
         *     }
         */
        'application/json': {
          filename: string;
          /** @enum {string} */
          content_type: 'application/pdf' | 'image/png' | 'image/jpeg';
          content_base64: string;
        };
      };
    };
    responses: {
      200: components['responses']['DisputeResponse'];
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      404: components['responses']['NotFound'];
      409: components['responses']['Conflict'];
      429: components['responses']['TooManyRequests'];
      default: components['responses']['OtherError'];
    };
  };
  acceptDispute: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        merchant_id: components['parameters']['merchantIdPath'];
        dispute_id: components['parameters']['disputeIdPath'];
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "message": "Your installment of ₦8,334.00 is due on 21 December.",
         *       "refund_amount": 2500000
         *     }
         */
        'application/json': {
          message: string;
          refund_amount?: number;
        };
      };
    };
    responses: {
      200: components['responses']['DisputeResponse'];
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      404: components['responses']['NotFound'];
      409: components['responses']['Conflict'];
      429: components['responses']['TooManyRequests'];
      default: components['responses']['OtherError'];
    };
  };
  declineDispute: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        merchant_id: components['parameters']['merchantIdPath'];
        dispute_id: components['parameters']['disputeIdPath'];
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "message": "Your installment of ₦8,334.00 is due on 21 December."
         *     }
         */
        'application/json': {
          message: string;
        };
      };
    };
    responses: {
      200: components['responses']['DisputeResponse'];
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      404: components['responses']['NotFound'];
      409: components['responses']['Conflict'];
      429: components['responses']['TooManyRequests'];
      default: components['responses']['OtherError'];
    };
  };
  getCustomerPlanHardship: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        plan_id: components['parameters']['planIdPath'];
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "ok": true,
           *       "data": {
           *         "max_move_days": 0,
           *         "max_extra_installments": 0,
           *         "auto_approve": false,
           *         "can_request": false,
           *         "movable_installments": [
           *           {
           *             "installment_id": "installment_4fQ2d8LkP0aZ7sVbN1xY",
           *             "sequence": 1,
           *             "due_date": "1990-01-15",
           *             "earliest_due_date": "1990-01-15",
           *             "latest_due_date": "1990-01-15"
           *           }
           *         ],
           *         "requests": [
           *           {
           *             "id": "hsr_6mT1qZ8vKc3LpW0xNb2d",
           *             "object": "hardship_request",
           *             "payment_plan_id": "plan_3Jd9sKq0LmT2vX7yB1cN",
           *             "merchant_id": "mer_4fQ2d8LkP0aZ7sVbN1xY",
           *             "livemode": false,
           *             "kind": "move_due_date",
           *             "status": "requested",
           *             "installment_id": "installment_4fQ2d8LkP0aZ7sVbN1xY",
           *             "new_due_date": "1990-01-15",
           *             "extra_installments": 1,
           *             "reason": "Customer returned the item",
           *             "decided_by": "merchant",
           *             "decision_note": "text",
           *             "expires_at": "2026-11-21T10:00:00.000Z",
           *             "decided_at": "2026-11-21T10:00:00.000Z",
           *             "created_at": "2026-11-21T10:00:00.000Z"
           *           }
           *         ]
           *       }
           *     }
           */
          'application/json': {
            /** @enum {boolean} */
            ok: true;
            data: {
              /** @description The shop's limit on moving one due date. */
              max_move_days: number;
              /** @description The shop's limit on installments a spread adds. */
              max_extra_installments: number;
              /** @description Whether the shop approves at once. */
              auto_approve: boolean;
              /** @description The plan is active, its one request is not used, and something can be asked (a date that may move, or a spread). */
              can_request: boolean;
              /** @description Installments whose due date may move, each with the latest day allowed. */
              movable_installments: {
                installment_id: string;
                sequence: number;
                /** Format: date */
                due_date: string;
                /** Format: date */
                earliest_due_date: string;
                /** Format: date */
                latest_due_date: string;
              }[];
              requests: {
                /** @example hsr_6mT1qZ8vKc3LpW0xNb2d */
                id: string;
                /** @enum {string} */
                object: 'hardship_request';
                payment_plan_id: string;
                merchant_id: string;
                livemode: boolean;
                /**
                 * @description `move_due_date`: one installment falls due later (`installment_id`, `new_due_date`). `spread`: what is still scheduled is split over `extra_installments` more installments.
                 * @enum {string}
                 */
                kind: 'move_due_date' | 'spread';
                /**
                 * @description `requested`: waiting for the merchant (until `expires_at`). `approved`: the schedule changed. `declined`: the schedule stays. `expired`: nobody answered in time. `cancelled`: the customer withdrew it. A plan has one request that is requested, approved or declined.
                 * @enum {string}
                 */
                status: 'requested' | 'approved' | 'declined' | 'expired' | 'cancelled';
                installment_id: string | null;
                /**
                 * Format: date
                 * @description The Lagos day asked for (due at 09:00 Lagos).
                 */
                new_due_date: string | null;
                extra_installments: number | null;
                /** @description The customer's words, if any. */
                reason: string | null;
                /** @enum {string|null} */
                decided_by: 'merchant' | 'operator' | 'automatic' | null;
                decision_note: string | null;
                /** Format: date-time */
                expires_at: string;
                /** Format: date-time */
                decided_at: string | null;
                /** Format: date-time */
                created_at: string;
              }[];
            };
          };
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      404: components['responses']['NotFound'];
      409: components['responses']['Conflict'];
      429: components['responses']['TooManyRequests'];
      default: components['responses']['OtherError'];
    };
  };
  requestCustomerPlanHardship: {
    parameters: {
      query?: never;
      header?: {
        /** @description A UUID v4. The same key with the same request within 24 hours replays the first answer (header `Idempotent-Replayed: true`) and does nothing again; with another request it is a 409 `idempotency_key_reused` (decisions 0002, 0038). */
        'idempotency-key'?: components['parameters']['idempotencyKeyHeader'];
      };
      path: {
        plan_id: components['parameters']['planIdPath'];
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "kind": "move_due_date",
         *       "installment_id": "installment_4fQ2d8LkP0aZ7sVbN1xY",
         *       "new_due_date": "1990-01-15",
         *       "reason": "Customer returned the item"
         *     }
         */
        'application/json':
          | {
              /** @enum {string} */
              kind: 'move_due_date';
              installment_id: string;
              /** Format: date */
              new_due_date: string;
              reason?: string;
            }
          | {
              /** @enum {string} */
              kind: 'spread';
              extra_installments: number;
              reason?: string;
            };
      };
    };
    responses: {
      /** @description Created */
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @enum {boolean} */
            ok: true;
            data: {
              hardship_request: {
                /** @example hsr_6mT1qZ8vKc3LpW0xNb2d */
                id: string;
                /** @enum {string} */
                object: 'hardship_request';
                payment_plan_id: string;
                merchant_id: string;
                livemode: boolean;
                /**
                 * @description `move_due_date`: one installment falls due later (`installment_id`, `new_due_date`). `spread`: what is still scheduled is split over `extra_installments` more installments.
                 * @enum {string}
                 */
                kind: 'move_due_date' | 'spread';
                /**
                 * @description `requested`: waiting for the merchant (until `expires_at`). `approved`: the schedule changed. `declined`: the schedule stays. `expired`: nobody answered in time. `cancelled`: the customer withdrew it. A plan has one request that is requested, approved or declined.
                 * @enum {string}
                 */
                status: 'requested' | 'approved' | 'declined' | 'expired' | 'cancelled';
                installment_id: string | null;
                /**
                 * Format: date
                 * @description The Lagos day asked for (due at 09:00 Lagos).
                 */
                new_due_date: string | null;
                extra_installments: number | null;
                /** @description The customer's words, if any. */
                reason: string | null;
                /** @enum {string|null} */
                decided_by: 'merchant' | 'operator' | 'automatic' | null;
                decision_note: string | null;
                /** Format: date-time */
                expires_at: string;
                /** Format: date-time */
                decided_at: string | null;
                /** Format: date-time */
                created_at: string;
              };
              payment_plan: components['schemas']['PaymentPlan'];
            };
          };
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      404: components['responses']['NotFound'];
      409: components['responses']['Conflict'];
      429: components['responses']['TooManyRequests'];
      default: components['responses']['OtherError'];
    };
  };
  cancelCustomerPlanHardship: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        plan_id: components['parameters']['planIdPath'];
        request_id: components['parameters']['requestIdPath'];
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "ok": true,
           *       "data": {
           *         "hardship_request": {
           *           "id": "hsr_6mT1qZ8vKc3LpW0xNb2d",
           *           "object": "hardship_request",
           *           "payment_plan_id": "plan_3Jd9sKq0LmT2vX7yB1cN",
           *           "merchant_id": "mer_4fQ2d8LkP0aZ7sVbN1xY",
           *           "livemode": false,
           *           "kind": "move_due_date",
           *           "status": "requested",
           *           "installment_id": "installment_4fQ2d8LkP0aZ7sVbN1xY",
           *           "new_due_date": "1990-01-15",
           *           "extra_installments": 1,
           *           "reason": "Customer returned the item",
           *           "decided_by": "merchant",
           *           "decision_note": "text",
           *           "expires_at": "2026-11-21T10:00:00.000Z",
           *           "decided_at": "2026-11-21T10:00:00.000Z",
           *           "created_at": "2026-11-21T10:00:00.000Z"
           *         },
           *         "payment_plan": {
           *           "id": "plan_3Jd9sKq0LmT2vX7yB1cN",
           *           "object": "payment_plan",
           *           "merchant_id": "mer_4fQ2d8LkP0aZ7sVbN1xY",
           *           "customer_id": "cus_1aB2cD3eF4gH5iJ6kL7m",
           *           "checkout_session_id": "cs_9hT3kQ0vZr2mW8yL1pXa",
           *           "order_reference": "order-1001",
           *           "title": "Samsung Galaxy A15",
           *           "merchant_name": "Ada Stores",
           *           "line_items": [
           *             {
           *               "name": "Samsung Galaxy A15",
           *               "quantity": 1,
           *               "unit_amount": 2500000
           *             }
           *           ],
           *           "metadata": {
           *             "cart_id": "c-1042"
           *           },
           *           "customer": {
           *             "id": "cus_1aB2cD3eF4gH5iJ6kL7m",
           *             "name": "Ada Obi",
           *             "email": "ada@example.ng",
           *             "phone": "+2348031234567"
           *           },
           *           "customer_fields": [
           *             {
           *               "key": "delivery_address",
           *               "label": "Delivery address",
           *               "value": "12 Allen Avenue, Ikeja, Lagos"
           *             }
           *           ],
           *           "livemode": false,
           *           "amount": 2500000,
           *           "currency": "NGN",
           *           "frequency": "weekly",
           *           "installment_count": 3,
           *           "upfront_pct": 25,
           *           "status": "pending_deposit",
           *           "payment_method_id": "pm_7bQ1vN4kT9sX2mL0pZcA",
           *           "installments": [
           *             {
           *               "id": "inst_6Rk1pT9wQ2nV5xB8mZ3c",
           *               "sequence": 1,
           *               "amount": 2500000,
           *               "refunded": 0,
           *               "partially_paid": 0,
           *               "due_at": "2026-11-21T10:00:00.000Z",
           *               "status": "scheduled",
           *               "paid_at": "2026-11-21T10:00:00.000Z"
           *             }
           *           ],
           *           "created_at": "2026-11-21T10:00:00.000Z"
           *         }
           *       }
           *     }
           */
          'application/json': {
            /** @enum {boolean} */
            ok: true;
            data: {
              hardship_request: {
                /** @example hsr_6mT1qZ8vKc3LpW0xNb2d */
                id: string;
                /** @enum {string} */
                object: 'hardship_request';
                payment_plan_id: string;
                merchant_id: string;
                livemode: boolean;
                /**
                 * @description `move_due_date`: one installment falls due later (`installment_id`, `new_due_date`). `spread`: what is still scheduled is split over `extra_installments` more installments.
                 * @enum {string}
                 */
                kind: 'move_due_date' | 'spread';
                /**
                 * @description `requested`: waiting for the merchant (until `expires_at`). `approved`: the schedule changed. `declined`: the schedule stays. `expired`: nobody answered in time. `cancelled`: the customer withdrew it. A plan has one request that is requested, approved or declined.
                 * @enum {string}
                 */
                status: 'requested' | 'approved' | 'declined' | 'expired' | 'cancelled';
                installment_id: string | null;
                /**
                 * Format: date
                 * @description The Lagos day asked for (due at 09:00 Lagos).
                 */
                new_due_date: string | null;
                extra_installments: number | null;
                /** @description The customer's words, if any. */
                reason: string | null;
                /** @enum {string|null} */
                decided_by: 'merchant' | 'operator' | 'automatic' | null;
                decision_note: string | null;
                /** Format: date-time */
                expires_at: string;
                /** Format: date-time */
                decided_at: string | null;
                /** Format: date-time */
                created_at: string;
              };
              payment_plan: components['schemas']['PaymentPlan'];
            };
          };
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      404: components['responses']['NotFound'];
      409: components['responses']['Conflict'];
      429: components['responses']['TooManyRequests'];
      default: components['responses']['OtherError'];
    };
  };
  listHardshipRequests: {
    parameters: {
      query?: {
        livemode?: boolean;
        status?: 'requested' | 'approved' | 'declined' | 'expired' | 'cancelled';
      };
      header?: never;
      path: {
        merchant_id: components['parameters']['merchantIdPath'];
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: components['responses']['AdminListHardshipRequestsResponse'];
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      404: components['responses']['NotFound'];
      409: components['responses']['Conflict'];
      429: components['responses']['TooManyRequests'];
      default: components['responses']['OtherError'];
    };
  };
  approveHardshipRequest: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        merchant_id: components['parameters']['merchantIdPath'];
        request_id: components['parameters']['requestIdPath'];
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "note": "text"
         *     }
         */
        'application/json': {
          note?: string;
        };
      };
    };
    responses: {
      200: components['responses']['AdminApproveHardshipRequestResponse'];
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      404: components['responses']['NotFound'];
      409: components['responses']['Conflict'];
      429: components['responses']['TooManyRequests'];
      default: components['responses']['OtherError'];
    };
  };
  declineHardshipRequest: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        merchant_id: components['parameters']['merchantIdPath'];
        request_id: components['parameters']['requestIdPath'];
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "note": "text"
         *     }
         */
        'application/json': {
          note?: string;
        };
      };
    };
    responses: {
      200: components['responses']['AdminApproveHardshipRequestResponse'];
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      404: components['responses']['NotFound'];
      409: components['responses']['Conflict'];
      429: components['responses']['TooManyRequests'];
      default: components['responses']['OtherError'];
    };
  };
  getHardshipSettings: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        merchant_id: components['parameters']['merchantIdPath'];
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "ok": true,
           *       "data": {
           *         "max_move_days": 0,
           *         "max_extra_installments": 0,
           *         "auto_approve": false
           *       }
           *     }
           */
          'application/json': {
            /** @enum {boolean} */
            ok: true;
            data: {
              /** @description How many days later one due date may move (default 14; 0: not offered). */
              max_move_days: number;
              /** @description How many installments a spread may add (default 3; 0: not offered). The plan never exceeds the longest plan Tranche offers (52 weeks, 24 months). */
              max_extra_installments: number;
              /** @description Approve every request within these limits at once, without waiting for you (default false). */
              auto_approve: boolean;
            };
          };
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      404: components['responses']['NotFound'];
      409: components['responses']['Conflict'];
      429: components['responses']['TooManyRequests'];
      default: components['responses']['OtherError'];
    };
  };
  updateHardshipSettings: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        merchant_id: components['parameters']['merchantIdPath'];
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "max_move_days": 0,
         *       "max_extra_installments": 0,
         *       "auto_approve": false
         *     }
         */
        'application/json': {
          /** @description How many days later one due date may move (default 14; 0: not offered). */
          max_move_days: number;
          /** @description How many installments a spread may add (default 3; 0: not offered). The plan never exceeds the longest plan Tranche offers (52 weeks, 24 months). */
          max_extra_installments: number;
          /** @description Approve every request within these limits at once, without waiting for you (default false). */
          auto_approve: boolean;
        };
      };
    };
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @enum {boolean} */
            ok: true;
            data: {
              /** @description How many days later one due date may move (default 14; 0: not offered). */
              max_move_days: number;
              /** @description How many installments a spread may add (default 3; 0: not offered). The plan never exceeds the longest plan Tranche offers (52 weeks, 24 months). */
              max_extra_installments: number;
              /** @description Approve every request within these limits at once, without waiting for you (default false). */
              auto_approve: boolean;
            };
          };
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      404: components['responses']['NotFound'];
      409: components['responses']['Conflict'];
      429: components['responses']['TooManyRequests'];
      default: components['responses']['OtherError'];
    };
  };
  listCustomerPlans: {
    parameters: {
      query?: {
        limit?: components['parameters']['limitQuery'];
        /** @description The `next_cursor` of the previous page. */
        cursor?: components['parameters']['cursorQuery'];
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: components['responses']['PaymentPlanListResponse'];
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      404: components['responses']['NotFound'];
      409: components['responses']['Conflict'];
      429: components['responses']['TooManyRequests'];
      default: components['responses']['OtherError'];
    };
  };
  getCustomerPlan: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        plan_id: components['parameters']['planIdPath'];
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: components['responses']['PaymentPlanResponse'];
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      404: components['responses']['NotFound'];
      409: components['responses']['Conflict'];
      429: components['responses']['TooManyRequests'];
      default: components['responses']['OtherError'];
    };
  };
  changeCustomerPlanMethod: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        plan_id: components['parameters']['planIdPath'];
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "payment_method_id": "pm_7bQ1vN4kT9sX2mL0pZcA"
         *     }
         */
        'application/json': {
          payment_method_id: string;
        };
      };
    };
    responses: {
      200: components['responses']['PaymentPlanResponse2'];
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      404: components['responses']['NotFound'];
      409: components['responses']['Conflict'];
      429: components['responses']['TooManyRequests'];
      default: components['responses']['OtherError'];
    };
  };
  payCustomerPlanNow: {
    parameters: {
      query?: never;
      header?: {
        /** @description A UUID v4. The same key with the same request within 24 hours replays the first answer (header `Idempotent-Replayed: true`) and does nothing again; with another request it is a 409 `idempotency_key_reused` (decisions 0002, 0038). */
        'idempotency-key'?: components['parameters']['idempotencyKeyHeader'];
      };
      path: {
        plan_id: components['parameters']['planIdPath'];
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "payment_method_id": "pm_7bQ1vN4kT9sX2mL0pZcA"
         *     }
         */
        'application/json': {
          payment_method_id?: string;
        };
      };
    };
    responses: {
      200: components['responses']['PayCustomerPlanNowResponse'];
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      404: components['responses']['NotFound'];
      409: components['responses']['Conflict'];
      429: components['responses']['TooManyRequests'];
      default: components['responses']['OtherError'];
    };
  };
  payCustomerPlanOff: {
    parameters: {
      query?: never;
      header?: {
        /** @description A UUID v4. The same key with the same request within 24 hours replays the first answer (header `Idempotent-Replayed: true`) and does nothing again; with another request it is a 409 `idempotency_key_reused` (decisions 0002, 0038). */
        'idempotency-key'?: components['parameters']['idempotencyKeyHeader'];
      };
      path: {
        plan_id: components['parameters']['planIdPath'];
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "payment_method_id": "pm_7bQ1vN4kT9sX2mL0pZcA"
         *     }
         */
        'application/json': {
          payment_method_id?: string;
        };
      };
    };
    responses: {
      200: components['responses']['PayCustomerPlanNowResponse'];
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      404: components['responses']['NotFound'];
      409: components['responses']['Conflict'];
      429: components['responses']['TooManyRequests'];
      default: components['responses']['OtherError'];
    };
  };
  getCustomerPlanTransferAccount: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        plan_id: components['parameters']['planIdPath'];
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "ok": true,
           *       "data": {
           *         "object": "transfer_account",
           *         "plan_id": "plan_3Jd9sKq0LmT2vX7yB1cN",
           *         "account_number": "0123456789",
           *         "account_name": "text",
           *         "bank_name": "GTBank",
           *         "currency": "NGN",
           *         "amount_due_now": 0,
           *         "amount_remaining": 0,
           *         "next_installment": {
           *           "due_at": "2026-11-21T10:00:00.000Z",
           *           "amount": 2500000
           *         }
           *       }
           *     }
           */
          'application/json': {
            /** @enum {boolean} */
            ok: true;
            data: components['schemas']['TransferAccount'];
          };
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      404: components['responses']['NotFound'];
      409: components['responses']['Conflict'];
      429: components['responses']['TooManyRequests'];
      default: components['responses']['OtherError'];
    };
  };
  listPaymentMethods: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        customer_id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "ok": true,
           *       "data": [
           *         {
           *           "id": "pm_7bQ1vN4kT9sX2mL0pZcA",
           *           "object": "payment_method",
           *           "customer_id": "cus_1aB2cD3eF4gH5iJ6kL7m",
           *           "type": "card",
           *           "label": "Visa Card",
           *           "last4": "4081",
           *           "brand": "visa",
           *           "bank_code": "058",
           *           "bank_name": "GTBank",
           *           "exp_month": "12",
           *           "exp_year": "2030",
           *           "is_default": true,
           *           "status": "pending",
           *           "created_at": "2026-11-21T10:00:00.000Z"
           *         }
           *       ],
           *       "total": 0
           *     }
           */
          'application/json': {
            /** @enum {boolean} */
            ok: true;
            data: components['schemas']['PaymentMethod'][];
            total: number;
          };
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      404: components['responses']['NotFound'];
      409: components['responses']['Conflict'];
      429: components['responses']['TooManyRequests'];
      default: components['responses']['OtherError'];
    };
  };
  listMandateBanks: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "ok": true,
           *       "data": [
           *         {
           *           "name": "Guaranty Trust Bank",
           *           "code": "invalid_request"
           *         }
           *       ]
           *     }
           */
          'application/json': {
            /** @enum {boolean} */
            ok: true;
            data: {
              name: string;
              code: string;
            }[];
          };
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      404: components['responses']['NotFound'];
      409: components['responses']['Conflict'];
      429: components['responses']['TooManyRequests'];
      502: components['responses']['BadGateway'];
      default: components['responses']['OtherError'];
    };
  };
  initializeCard: {
    parameters: {
      query?: never;
      header?: {
        /** @description A UUID v4. The same key with the same request within 24 hours replays the first answer (header `Idempotent-Replayed: true`) and does nothing again; with another request it is a 409 `idempotency_key_reused` (decisions 0002, 0038). */
        'idempotency-key'?: components['parameters']['idempotencyKeyHeader'];
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "customer_id": "cus_1aB2cD3eF4gH5iJ6kL7m",
         *       "callback_url": "https://shop.example/payment-methods/done",
         *       "is_default": false
         *     }
         */
        'application/json': {
          customer_id: string;
          callback_url: string;
          /** @default false */
          is_default?: boolean;
        };
      };
    };
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @enum {boolean} */
            ok: true;
            authorization_url: string;
            reference: string;
          };
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      402: components['responses']['PaymentFailed'];
      403: components['responses']['Forbidden'];
      404: components['responses']['NotFound'];
      409: components['responses']['Conflict'];
      429: components['responses']['TooManyRequests'];
      502: components['responses']['BadGateway'];
      default: components['responses']['OtherError'];
    };
  };
  verifyCard: {
    parameters: {
      query?: never;
      header?: {
        /** @description A UUID v4. The same key with the same request within 24 hours replays the first answer (header `Idempotent-Replayed: true`) and does nothing again; with another request it is a 409 `idempotency_key_reused` (decisions 0002, 0038). */
        'idempotency-key'?: components['parameters']['idempotencyKeyHeader'];
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "customer_id": "cus_1aB2cD3eF4gH5iJ6kL7m",
         *       "reference": "chg-inst0aA-1",
         *       "is_default": true
         *     }
         */
        'application/json': {
          customer_id: string;
          reference: string;
          /** @description Left out: the value given at initialize-card. */
          is_default?: boolean;
        };
      };
    };
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @enum {boolean} */
            ok: true;
            data: components['schemas']['PaymentMethod'];
          };
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      402: components['responses']['PaymentFailed'];
      403: components['responses']['Forbidden'];
      404: components['responses']['NotFound'];
      409: components['responses']['Conflict'];
      429: components['responses']['TooManyRequests'];
      502: components['responses']['BadGateway'];
      default: components['responses']['OtherError'];
    };
  };
  initiateBankMandate: {
    parameters: {
      query?: never;
      header?: {
        /** @description A UUID v4. The same key with the same request within 24 hours replays the first answer (header `Idempotent-Replayed: true`) and does nothing again; with another request it is a 409 `idempotency_key_reused` (decisions 0002, 0038). */
        'idempotency-key'?: components['parameters']['idempotencyKeyHeader'];
      };
      path: {
        customer_id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "bank_code": "058",
         *       "account_number": "0123456789",
         *       "is_default": false,
         *       "address": {
         *         "street": "text",
         *         "city": "text",
         *         "state": "text"
         *       }
         *     }
         */
        'application/json': {
          bank_code: string;
          /** @description 10-digit NUBAN */
          account_number: string;
          /** @default false */
          is_default?: boolean;
          address?: {
            street: string;
            city: string;
            state: string;
          };
        };
      };
    };
    responses: {
      200: components['responses']['PaymentMethodResponse'];
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      402: components['responses']['PaymentFailed'];
      403: components['responses']['Forbidden'];
      404: components['responses']['NotFound'];
      409: components['responses']['Conflict'];
      429: components['responses']['TooManyRequests'];
      502: components['responses']['BadGateway'];
      default: components['responses']['OtherError'];
    };
  };
  submitBankMandateOtp: {
    parameters: {
      query?: never;
      header?: {
        /** @description A UUID v4. The same key with the same request within 24 hours replays the first answer (header `Idempotent-Replayed: true`) and does nothing again; with another request it is a 409 `idempotency_key_reused` (decisions 0002, 0038). */
        'idempotency-key'?: components['parameters']['idempotencyKeyHeader'];
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "customer_id": "cus_1aB2cD3eF4gH5iJ6kL7m",
         *       "reference": "chg-inst0aA-1",
         *       "bank_code": "058",
         *       "bank_name": "GTBank",
         *       "account_number": "0123456789",
         *       "is_default": false,
         *       "otp": "123456"
         *     }
         */
        'application/json': {
          customer_id: string;
          reference: string;
          bank_code: string;
          bank_name: string;
          /** @description 10-digit NUBAN */
          account_number: string;
          /** @default false */
          is_default?: boolean;
          otp: string;
        };
      };
    };
    responses: {
      200: components['responses']['PaymentMethodResponse'];
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      402: components['responses']['PaymentFailed'];
      403: components['responses']['Forbidden'];
      404: components['responses']['NotFound'];
      409: components['responses']['Conflict'];
      429: components['responses']['TooManyRequests'];
      502: components['responses']['BadGateway'];
      default: components['responses']['OtherError'];
    };
  };
  submitBankMandateBirthday: {
    parameters: {
      query?: never;
      header?: {
        /** @description A UUID v4. The same key with the same request within 24 hours replays the first answer (header `Idempotent-Replayed: true`) and does nothing again; with another request it is a 409 `idempotency_key_reused` (decisions 0002, 0038). */
        'idempotency-key'?: components['parameters']['idempotencyKeyHeader'];
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "customer_id": "cus_1aB2cD3eF4gH5iJ6kL7m",
         *       "reference": "chg-inst0aA-1",
         *       "bank_code": "058",
         *       "bank_name": "GTBank",
         *       "account_number": "0123456789",
         *       "is_default": false,
         *       "birthday": "1990-01-15"
         *     }
         */
        'application/json': {
          customer_id: string;
          reference: string;
          bank_code: string;
          bank_name: string;
          /** @description 10-digit NUBAN */
          account_number: string;
          /** @default false */
          is_default?: boolean;
          /**
           * Format: date
           * @description YYYY-MM-DD
           */
          birthday: string;
        };
      };
    };
    responses: {
      200: components['responses']['PaymentMethodResponse'];
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      402: components['responses']['PaymentFailed'];
      403: components['responses']['Forbidden'];
      404: components['responses']['NotFound'];
      409: components['responses']['Conflict'];
      429: components['responses']['TooManyRequests'];
      502: components['responses']['BadGateway'];
      default: components['responses']['OtherError'];
    };
  };
  submitBankMandatePhone: {
    parameters: {
      query?: never;
      header?: {
        /** @description A UUID v4. The same key with the same request within 24 hours replays the first answer (header `Idempotent-Replayed: true`) and does nothing again; with another request it is a 409 `idempotency_key_reused` (decisions 0002, 0038). */
        'idempotency-key'?: components['parameters']['idempotencyKeyHeader'];
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "customer_id": "cus_1aB2cD3eF4gH5iJ6kL7m",
         *       "reference": "chg-inst0aA-1",
         *       "bank_code": "058",
         *       "bank_name": "GTBank",
         *       "account_number": "0123456789",
         *       "is_default": false,
         *       "phone": "08031234567"
         *     }
         */
        'application/json': {
          customer_id: string;
          reference: string;
          bank_code: string;
          bank_name: string;
          /** @description 10-digit NUBAN */
          account_number: string;
          /** @default false */
          is_default?: boolean;
          phone: string;
        };
      };
    };
    responses: {
      200: components['responses']['PaymentMethodResponse'];
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      402: components['responses']['PaymentFailed'];
      403: components['responses']['Forbidden'];
      404: components['responses']['NotFound'];
      409: components['responses']['Conflict'];
      429: components['responses']['TooManyRequests'];
      502: components['responses']['BadGateway'];
      default: components['responses']['OtherError'];
    };
  };
  verifyBankMandate: {
    parameters: {
      query?: never;
      header?: {
        /** @description A UUID v4. The same key with the same request within 24 hours replays the first answer (header `Idempotent-Replayed: true`) and does nothing again; with another request it is a 409 `idempotency_key_reused` (decisions 0002, 0038). */
        'idempotency-key'?: components['parameters']['idempotencyKeyHeader'];
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "customer_id": "cus_1aB2cD3eF4gH5iJ6kL7m",
         *       "reference": "chg-inst0aA-1",
         *       "bank_code": "058",
         *       "bank_name": "GTBank",
         *       "account_number": "0123456789",
         *       "is_default": false
         *     }
         */
        'application/json': {
          customer_id: string;
          reference: string;
          bank_code: string;
          bank_name: string;
          /** @description 10-digit NUBAN */
          account_number: string;
          /** @default false */
          is_default?: boolean;
        };
      };
    };
    responses: {
      200: components['responses']['PaymentMethodResponse'];
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      402: components['responses']['PaymentFailed'];
      403: components['responses']['Forbidden'];
      404: components['responses']['NotFound'];
      409: components['responses']['Conflict'];
      429: components['responses']['TooManyRequests'];
      502: components['responses']['BadGateway'];
      default: components['responses']['OtherError'];
    };
  };
  setDefaultPaymentMethod: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        method_id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: components['responses']['RevokeSecretKeyResponse'];
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      404: components['responses']['NotFound'];
      409: components['responses']['Conflict'];
      429: components['responses']['TooManyRequests'];
      default: components['responses']['OtherError'];
    };
  };
  deletePaymentMethod: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        method_id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: components['responses']['RevokeSecretKeyResponse'];
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      404: components['responses']['NotFound'];
      409: components['responses']['Conflict'];
      429: components['responses']['TooManyRequests'];
      default: components['responses']['OtherError'];
    };
  };
  receiveGatewayRevocationWebhook: {
    parameters: {
      query?: never;
      header?: {
        'x-paystack-signature'?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: components['responses']['ReceiveGatewayRevocationWebhookResponse'];
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      404: components['responses']['NotFound'];
      409: components['responses']['Conflict'];
      429: components['responses']['TooManyRequests'];
      default: components['responses']['OtherError'];
    };
  };
  receiveGatewayWebhook: {
    parameters: {
      query?: never;
      header?: {
        'x-paystack-signature'?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: components['responses']['ReceiveGatewayRevocationWebhookResponse'];
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      404: components['responses']['NotFound'];
      409: components['responses']['Conflict'];
      429: components['responses']['TooManyRequests'];
      default: components['responses']['OtherError'];
    };
  };
  getCheckoutEligibility: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        token: components['parameters']['tokenPath'];
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "ok": true,
           *       "data": {
           *         "eligible": true,
           *         "reason": "delinquent",
           *         "customer_score": 0,
           *         "customer_tier": "Tranche Bronze",
           *         "required_tier": "Tranche Bronze",
           *         "explanation": "text"
           *       }
           *     }
           */
          'application/json': {
            /** @enum {boolean} */
            ok: true;
            data: components['schemas']['Eligibility'];
          };
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      404: components['responses']['NotFound'];
      409: components['responses']['Conflict'];
      429: components['responses']['TooManyRequests'];
      default: components['responses']['OtherError'];
    };
  };
  getCustomerTrust: {
    parameters: {
      query?: {
        livemode?: boolean;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "ok": true,
           *       "data": {
           *         "object": "customer_trust",
           *         "livemode": false,
           *         "identity_verified": false,
           *         "score": 0,
           *         "tier": "Tranche Bronze",
           *         "spending_limit": 0,
           *         "open_balance": 0,
           *         "available": 0,
           *         "delinquent": false,
           *         "factors": {
           *           "on_time_installments": 0,
           *           "missed_installments": 0,
           *           "completed_plans": 0,
           *           "defaulted_plans": 0,
           *           "lost_disputes": 0,
           *           "credit_points": 0
           *         }
           *       }
           *     }
           */
          'application/json': {
            /** @enum {boolean} */
            ok: true;
            data: components['schemas']['CustomerTrust'];
          };
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      404: components['responses']['NotFound'];
      409: components['responses']['Conflict'];
      429: components['responses']['TooManyRequests'];
      default: components['responses']['OtherError'];
    };
  };
  getIdentityConsentText: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "ok": true,
           *       "data": {
           *         "object": "identity_consent_text",
           *         "version": "text",
           *         "provider": "text",
           *         "text": "text",
           *         "sha256": "text",
           *         "test_values": {
           *           "bvn_prefix": "text",
           *           "date_of_birth": "1990-01-15",
           *           "phone_code": "text"
           *         }
           *       }
           *     }
           */
          'application/json': {
            /** @enum {boolean} */
            ok: true;
            data: components['schemas']['IdentityConsentText'];
          };
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      404: components['responses']['NotFound'];
      409: components['responses']['Conflict'];
      429: components['responses']['TooManyRequests'];
      default: components['responses']['OtherError'];
    };
  };
  getCustomerIdentity: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "ok": true,
           *       "data": {
           *         "object": "identity_verification",
           *         "status": "verified",
           *         "bvn_last4": "text",
           *         "verified_at": "2026-11-21T10:00:00.000Z",
           *         "phone_hint": "text",
           *         "code_expires_at": "2026-11-21T10:00:00.000Z",
           *         "code_attempts_left": 0
           *       }
           *     }
           */
          'application/json': {
            /** @enum {boolean} */
            ok: true;
            data: components['schemas']['IdentityVerification'];
          };
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      404: components['responses']['NotFound'];
      409: components['responses']['Conflict'];
      429: components['responses']['TooManyRequests'];
      default: components['responses']['OtherError'];
    };
  };
  verifyCustomerIdentity: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "bvn": "22100000001",
         *       "date_of_birth": "1990-01-15",
         *       "first_name": "Ada",
         *       "last_name": "Obi",
         *       "consent": {
         *         "text_version": "text",
         *         "agreed": false
         *       },
         *       "checkout_session_token": "text"
         *     }
         */
        'application/json': {
          /** @description 11 digits. */
          bvn: string;
          /** @description YYYY-MM-DD. */
          date_of_birth: string;
          /** @description As on the BVN record; default: the account’s. */
          first_name?: string;
          last_name?: string;
          consent?: {
            /** @description The `version` of the consent text shown (GET …/identity/consent-text). */
            text_version: string;
            /** @description True: the customer ticked the unticked box themselves. False is refused like a missing consent. */
            agreed: boolean;
          };
          /** @description The checkout in which the consent is given, if any. */
          checkout_session_token?: string;
        };
      };
    };
    responses: {
      200: components['responses']['IdentityVerificationResponse'];
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      404: components['responses']['NotFound'];
      409: components['responses']['Conflict'];
      422: components['responses']['UnprocessableEntity'];
      429: components['responses']['TooManyRequests'];
      503: components['responses']['ServiceUnavailable'];
      default: components['responses']['OtherError'];
    };
  };
  confirmIdentityPhoneCode: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "code": "123456"
         *     }
         */
        'application/json': {
          /**
           * @description The code sent to the phone.
           * @example 123456
           */
          code: string;
        };
      };
    };
    responses: {
      200: components['responses']['IdentityVerificationResponse'];
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      404: components['responses']['NotFound'];
      409: components['responses']['Conflict'];
      422: components['responses']['UnprocessableEntity'];
      429: components['responses']['TooManyRequests'];
      503: components['responses']['ServiceUnavailable'];
      default: components['responses']['OtherError'];
    };
  };
  withdrawIdentityConsent: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "ok": true,
           *       "data": {
           *         "object": "identity_consent_withdrawal",
           *         "withdrawn": 0
           *       }
           *     }
           */
          'application/json': {
            /** @enum {boolean} */
            ok: true;
            data: components['schemas']['IdentityConsentWithdrawal'];
          };
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      404: components['responses']['NotFound'];
      409: components['responses']['Conflict'];
      429: components['responses']['TooManyRequests'];
      default: components['responses']['OtherError'];
    };
  };
  getCustomerCreditCheck: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: components['responses']['CreditCheckResponse'];
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      404: components['responses']['NotFound'];
      409: components['responses']['Conflict'];
      429: components['responses']['TooManyRequests'];
      default: components['responses']['OtherError'];
    };
  };
  runCustomerCreditCheck: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "bvn": "22100000001",
         *       "date_of_birth": "1990-01-15",
         *       "consent_version": "text"
         *     }
         */
        'application/json': {
          /** @description 11 digits: the verified BVN. */
          bvn: string;
          /** @description YYYY-MM-DD. */
          date_of_birth: string;
          /** @description The `consent.version` the customer agreed to. */
          consent_version: string;
        };
      };
    };
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @enum {boolean} */
            ok: true;
            data: components['schemas']['CreditCheck'];
          };
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      404: components['responses']['NotFound'];
      409: components['responses']['Conflict'];
      422: components['responses']['UnprocessableEntity'];
      429: components['responses']['TooManyRequests'];
      503: components['responses']['ServiceUnavailable'];
      default: components['responses']['OtherError'];
    };
  };
  withdrawCustomerCreditConsent: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: components['responses']['CreditCheckResponse'];
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      404: components['responses']['NotFound'];
      409: components['responses']['Conflict'];
      429: components['responses']['TooManyRequests'];
      default: components['responses']['OtherError'];
    };
  };
  listPaymentLinks: {
    parameters: {
      query?: {
        active?: boolean;
        /** @description Test (false) or live (true). A secret key works in its own mode only (another value: 400); the dashboard token chooses with it. */
        livemode?: components['parameters']['livemodeQuery'];
        limit?: components['parameters']['limitQuery'];
        /** @description The `next_cursor` of the previous page. */
        cursor?: components['parameters']['cursorQuery'];
      };
      header?: never;
      path: {
        merchant_id: components['parameters']['merchantIdPath'];
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /**
           * @example {
           *       "ok": true,
           *       "data": [
           *         {
           *           "id": "pl_7Hq2LmN0pX4sV9bC1dRt",
           *           "object": "payment_link",
           *           "url": "https://shop.example/webhooks/tranche",
           *           "merchant_id": "mer_4fQ2d8LkP0aZ7sVbN1xY",
           *           "livemode": false,
           *           "title": "Samsung Galaxy A15",
           *           "currency": "NGN",
           *           "amount": 2500000,
           *           "min_amount": 2500000,
           *           "max_amount": 2500000,
           *           "redirect_url": "https://shop.example/orders/thank-you",
           *           "constraints": {
           *             "allowed_frequencies": [
           *               "weekly"
           *             ],
           *             "max_weekly_duration": 1,
           *             "max_monthly_duration": 1,
           *             "min_upfront_pct": 25,
           *             "allowed_schedule_types": [
           *               "installment"
           *             ]
           *           },
           *           "customer_fields": [
           *             {
           *               "key": "delivery_address",
           *               "label": "Delivery address",
           *               "type": "text",
           *               "required": false
           *             }
           *           ],
           *           "active": true,
           *           "deactivated_at": null,
           *           "created_at": "2026-11-21T10:00:00.000Z",
           *           "updated_at": "2026-11-21T10:00:00.000Z"
           *         }
           *       ],
           *       "has_more": true,
           *       "next_cursor": null
           *     }
           */
          'application/json': {
            /** @enum {boolean} */
            ok: true;
            data: components['schemas']['PaymentLink'][];
            has_more: boolean;
            next_cursor: string | null;
          };
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      404: components['responses']['NotFound'];
      409: components['responses']['Conflict'];
      429: components['responses']['TooManyRequests'];
      default: components['responses']['OtherError'];
    };
  };
  createPaymentLink: {
    parameters: {
      query?: never;
      header?: {
        /** @description A UUID v4. The same key with the same request within 24 hours replays the first answer (header `Idempotent-Replayed: true`) and does nothing again; with another request it is a 409 `idempotency_key_reused` (decisions 0002, 0038). */
        'idempotency-key'?: components['parameters']['idempotencyKeyHeader'];
      };
      path: {
        merchant_id: components['parameters']['merchantIdPath'];
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "title": "Samsung Galaxy A15",
         *       "amount": 2500000,
         *       "min_amount": 2500000,
         *       "max_amount": 2500000,
         *       "redirect_url": "https://shop.example/orders/thank-you",
         *       "constraints": {
         *         "allowed_frequencies": [
         *           "weekly"
         *         ],
         *         "max_weekly_duration": 1,
         *         "max_monthly_duration": 1,
         *         "min_upfront_pct": 25,
         *         "allowed_schedule_types": [
         *           "installment"
         *         ]
         *       },
         *       "customer_fields": [
         *         {
         *           "key": "delivery_address",
         *           "label": "Delivery address",
         *           "type": "text",
         *           "required": false
         *         }
         *       ],
         *       "livemode": false
         *     }
         */
        'application/json': {
          title: string;
          amount?: number;
          min_amount?: number;
          max_amount?: number;
          redirect_url?: string | null;
          constraints?: components['schemas']['SessionConstraints'] | null;
          /** @description Questions the link's page asks before the checkout (a delivery address, a phone, a size…), at most 5; keys unique. The answers come back on the plan as `customer_fields` and in its webhooks. Empty: the page goes straight to the checkout. */
          customer_fields?: {
            /**
             * @description Names the answer on the plan and in webhooks: lower case, digits and `_`, up to 40 characters.
             * @example delivery_address
             */
            key: string;
            /**
             * @description What the buyer reads above the field.
             * @example Delivery address
             */
            label: string;
            /**
             * @description `address`: several lines, up to 300 characters; `phone`: a phone number; `text`: one line, up to 300 characters.
             * @enum {string}
             */
            type: 'text' | 'address' | 'phone';
            required: boolean;
          }[];
          livemode?: boolean;
        };
      };
    };
    responses: {
      /** @description Created */
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @enum {boolean} */
            ok: true;
            data: components['schemas']['PaymentLink'];
          };
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      404: components['responses']['NotFound'];
      409: components['responses']['Conflict'];
      429: components['responses']['TooManyRequests'];
      default: components['responses']['OtherError'];
    };
  };
  getPaymentLink: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        merchant_id: components['parameters']['merchantIdPath'];
        link_id: components['parameters']['linkIdPath'];
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: components['responses']['PaymentLinkResponse'];
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      404: components['responses']['NotFound'];
      409: components['responses']['Conflict'];
      429: components['responses']['TooManyRequests'];
      default: components['responses']['OtherError'];
    };
  };
  updatePaymentLink: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        merchant_id: components['parameters']['merchantIdPath'];
        link_id: components['parameters']['linkIdPath'];
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "title": "Samsung Galaxy A15",
         *       "amount": 2500000,
         *       "min_amount": 2500000,
         *       "max_amount": 2500000,
         *       "redirect_url": "https://shop.example/orders/thank-you",
         *       "constraints": {
         *         "allowed_frequencies": [
         *           "weekly"
         *         ],
         *         "max_weekly_duration": 1,
         *         "max_monthly_duration": 1,
         *         "min_upfront_pct": 25,
         *         "allowed_schedule_types": [
         *           "installment"
         *         ]
         *       },
         *       "customer_fields": [
         *         {
         *           "key": "delivery_address",
         *           "label": "Delivery address",
         *           "type": "text",
         *           "required": false
         *         }
         *       ]
         *     }
         */
        'application/json': {
          title?: string;
          amount?: number;
          min_amount?: number;
          max_amount?: number;
          redirect_url?: string | null;
          constraints?: components['schemas']['SessionConstraints'] | null;
          /** @description Questions the link's page asks before the checkout (a delivery address, a phone, a size…), at most 5; keys unique. The answers come back on the plan as `customer_fields` and in its webhooks. Empty: the page goes straight to the checkout. */
          customer_fields?: {
            /**
             * @description Names the answer on the plan and in webhooks: lower case, digits and `_`, up to 40 characters.
             * @example delivery_address
             */
            key: string;
            /**
             * @description What the buyer reads above the field.
             * @example Delivery address
             */
            label: string;
            /**
             * @description `address`: several lines, up to 300 characters; `phone`: a phone number; `text`: one line, up to 300 characters.
             * @enum {string}
             */
            type: 'text' | 'address' | 'phone';
            required: boolean;
          }[];
        };
      };
    };
    responses: {
      /** @description OK */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @enum {boolean} */
            ok: true;
            data: components['schemas']['PaymentLink'];
          };
        };
      };
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      404: components['responses']['NotFound'];
      409: components['responses']['Conflict'];
      429: components['responses']['TooManyRequests'];
      default: components['responses']['OtherError'];
    };
  };
  deactivatePaymentLink: {
    parameters: {
      query?: never;
      header?: {
        /** @description A UUID v4. The same key with the same request within 24 hours replays the first answer (header `Idempotent-Replayed: true`) and does nothing again; with another request it is a 409 `idempotency_key_reused` (decisions 0002, 0038). */
        'idempotency-key'?: components['parameters']['idempotencyKeyHeader'];
      };
      path: {
        merchant_id: components['parameters']['merchantIdPath'];
        link_id: components['parameters']['linkIdPath'];
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: components['responses']['PaymentLinkResponse'];
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      404: components['responses']['NotFound'];
      409: components['responses']['Conflict'];
      429: components['responses']['TooManyRequests'];
      default: components['responses']['OtherError'];
    };
  };
  activatePaymentLink: {
    parameters: {
      query?: never;
      header?: {
        /** @description A UUID v4. The same key with the same request within 24 hours replays the first answer (header `Idempotent-Replayed: true`) and does nothing again; with another request it is a 409 `idempotency_key_reused` (decisions 0002, 0038). */
        'idempotency-key'?: components['parameters']['idempotencyKeyHeader'];
      };
      path: {
        merchant_id: components['parameters']['merchantIdPath'];
        link_id: components['parameters']['linkIdPath'];
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      200: components['responses']['PaymentLinkResponse'];
      400: components['responses']['BadRequest'];
      401: components['responses']['Unauthorized'];
      403: components['responses']['Forbidden'];
      404: components['responses']['NotFound'];
      409: components['responses']['Conflict'];
      429: components['responses']['TooManyRequests'];
      default: components['responses']['OtherError'];
    };
  };
  openPaymentLinkPage: {
    parameters: {
      query?: {
        amount?: string;
      };
      header?: never;
      path: {
        link_id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The amount form (links where the customer enters the amount). */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /** @example <!doctype html><title>Pay Ada Stores</title><form method="get">…</form> */
          'text/html': string;
        };
      };
      /** @description A checkout session was created for this visit: follow `Location`. */
      303: {
        headers: {
          /** @description The session’s `checkout_url`. */
          Location?: string;
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description The address is malformed. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /** @example <h1>This address is not valid</h1> */
          'text/html': string;
        };
      };
      /** @description The merchant cannot take payments now. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /** @example <h1>Payments are paused</h1> */
          'text/html': string;
        };
      };
      /** @description No such link. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /** @example <h1>This link does not exist</h1> */
          'text/html': string;
        };
      };
      /** @description The link was deactivated. */
      410: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /** @example <h1>This link is no longer available</h1> */
          'text/html': string;
        };
      };
    };
  };
  submitPaymentLinkForm: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        link_id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "field_delivery_address": "12 Allen Avenue, Ikeja, Lagos",
         *       "field_delivery_phone": "0803 123 4567"
         *     }
         */
        'application/x-www-form-urlencoded': {
          amount?: string;
        } & {
          [key: string]: string;
        };
      };
    };
    responses: {
      /** @description The answers were accepted and a checkout session was created with them: follow `Location`. */
      303: {
        headers: {
          /** @description The session’s `checkout_url`. */
          Location?: string;
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description An answer is missing or wrong (the form again, each problem beside its field), or the body could not be read. */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /** @example <p class="problem" id="f-delivery_address-problem">Please fill in “Delivery address”.</p> */
          'text/html': string;
        };
      };
      /** @description The merchant cannot take payments now. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /** @example <h1>Payments are paused</h1> */
          'text/html': string;
        };
      };
      /** @description No such link. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /** @example <h1>This link does not exist</h1> */
          'text/html': string;
        };
      };
      /** @description The link was deactivated. */
      410: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          /** @example <h1>This link is no longer available</h1> */
          'text/html': string;
        };
      };
    };
  };
  paymentSuccessWebhook: {
    parameters: {
      query?: never;
      header: {
        /**
         * @description Lowercase hex HMAC-SHA512 of the exact raw body bytes, keyed with the webhook secret of the event’s mode. Verify before parsing, in constant time.
         * @example 5e0c9d…
         */
        'X-Tranche-Signature': components['parameters']['TrancheSignature'];
        /**
         * @description During the 24 hours after a secret roll: the same HMAC with the previous secret.
         * @example 91ab4f…
         */
        'X-Tranche-Signature-Previous'?: components['parameters']['TrancheSignaturePrevious'];
        /**
         * @description The body’s `id`: de-duplicate on it.
         * @example evt_4kQ2nV8sLm0pXc7RtY1a
         */
        'X-Tranche-Event-Id': components['parameters']['TrancheEventId'];
        /**
         * @description The body’s `event`.
         * @example payment.success
         */
        'X-Tranche-Event': components['parameters']['TrancheEvent'];
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "id": "evt_4kQ2nV8sLm0pXc7RtY1a",
         *       "event": "payment.success",
         *       "created_at": "2026-11-21T10:00:00.000Z",
         *       "data": {
         *         "payment_plan": {
         *           "id": "plan_3Jd9sKq0LmT2vX7yB1cN",
         *           "object": "payment_plan",
         *           "merchant_id": "mer_4fQ2d8LkP0aZ7sVbN1xY",
         *           "customer_id": "cus_1aB2cD3eF4gH5iJ6kL7m",
         *           "checkout_session_id": "cs_9hT3kQ0vZr2mW8yL1pXa",
         *           "order_reference": "order-1001",
         *           "title": "Samsung Galaxy A15",
         *           "merchant_name": "Ada Stores",
         *           "line_items": [
         *             {
         *               "name": "Samsung Galaxy A15",
         *               "quantity": 1,
         *               "unit_amount": 2500000
         *             }
         *           ],
         *           "metadata": {
         *             "cart_id": "c-1042"
         *           },
         *           "customer": {
         *             "id": "cus_1aB2cD3eF4gH5iJ6kL7m",
         *             "name": "Ada Obi",
         *             "email": "ada@example.ng",
         *             "phone": "+2348031234567"
         *           },
         *           "customer_fields": [
         *             {
         *               "key": "delivery_address",
         *               "label": "Delivery address",
         *               "value": "12 Allen Avenue, Ikeja, Lagos"
         *             }
         *           ],
         *           "livemode": false,
         *           "amount": 2500000,
         *           "currency": "NGN",
         *           "frequency": "weekly",
         *           "installment_count": 3,
         *           "upfront_pct": 25,
         *           "status": "pending_deposit",
         *           "payment_method_id": "pm_7bQ1vN4kT9sX2mL0pZcA",
         *           "installments": [
         *             {
         *               "id": "inst_6Rk1pT9wQ2nV5xB8mZ3c",
         *               "sequence": 1,
         *               "amount": 2500000,
         *               "refunded": 0,
         *               "partially_paid": 0,
         *               "due_at": "2026-11-21T10:00:00.000Z",
         *               "status": "scheduled",
         *               "paid_at": "2026-11-21T10:00:00.000Z"
         *             }
         *           ],
         *           "created_at": "2026-11-21T10:00:00.000Z"
         *         },
         *         "installment": {
         *           "id": "inst_6Rk1pT9wQ2nV5xB8mZ3c",
         *           "sequence": 1,
         *           "amount": 2500000,
         *           "refunded": 0,
         *           "partially_paid": 0,
         *           "due_at": "2026-11-21T10:00:00.000Z",
         *           "status": "scheduled",
         *           "paid_at": "2026-11-21T10:00:00.000Z"
         *         },
         *         "payment": {
         *           "reference": "chg-inst0aA-1",
         *           "attempt": 1,
         *           "amount": 25000,
         *           "fee": 625,
         *           "net": 24375,
         *           "currency": "NGN",
         *           "paid_at": "2026-11-21T10:00:00.000Z"
         *         }
         *       }
         *     }
         */
        'application/json': {
          /** @example evt_4kQ2nV8sLm0pXc7RtY1a */
          id: string;
          /** @enum {string} */
          event: 'payment.success';
          /** Format: date-time */
          created_at: string;
          data: components['schemas']['PaymentEventData'];
        };
      };
    };
    responses: {
      410: components['responses']['WebhookGone'];
      '2XX': components['responses']['WebhookAcknowledged'];
    };
  };
  paymentFailedWebhook: {
    parameters: {
      query?: never;
      header: {
        /**
         * @description Lowercase hex HMAC-SHA512 of the exact raw body bytes, keyed with the webhook secret of the event’s mode. Verify before parsing, in constant time.
         * @example 5e0c9d…
         */
        'X-Tranche-Signature': components['parameters']['TrancheSignature'];
        /**
         * @description During the 24 hours after a secret roll: the same HMAC with the previous secret.
         * @example 91ab4f…
         */
        'X-Tranche-Signature-Previous'?: components['parameters']['TrancheSignaturePrevious'];
        /**
         * @description The body’s `id`: de-duplicate on it.
         * @example evt_4kQ2nV8sLm0pXc7RtY1a
         */
        'X-Tranche-Event-Id': components['parameters']['TrancheEventId'];
        /**
         * @description The body’s `event`.
         * @example payment.success
         */
        'X-Tranche-Event': components['parameters']['TrancheEvent'];
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "id": "evt_4kQ2nV8sLm0pXc7RtY1a",
         *       "event": "payment.failed",
         *       "created_at": "2026-11-21T10:00:00.000Z",
         *       "data": {
         *         "payment_plan": {
         *           "id": "plan_3Jd9sKq0LmT2vX7yB1cN",
         *           "object": "payment_plan",
         *           "merchant_id": "mer_4fQ2d8LkP0aZ7sVbN1xY",
         *           "customer_id": "cus_1aB2cD3eF4gH5iJ6kL7m",
         *           "checkout_session_id": "cs_9hT3kQ0vZr2mW8yL1pXa",
         *           "order_reference": "order-1001",
         *           "title": "Samsung Galaxy A15",
         *           "merchant_name": "Ada Stores",
         *           "line_items": [
         *             {
         *               "name": "Samsung Galaxy A15",
         *               "quantity": 1,
         *               "unit_amount": 2500000
         *             }
         *           ],
         *           "metadata": {
         *             "cart_id": "c-1042"
         *           },
         *           "customer": {
         *             "id": "cus_1aB2cD3eF4gH5iJ6kL7m",
         *             "name": "Ada Obi",
         *             "email": "ada@example.ng",
         *             "phone": "+2348031234567"
         *           },
         *           "customer_fields": [
         *             {
         *               "key": "delivery_address",
         *               "label": "Delivery address",
         *               "value": "12 Allen Avenue, Ikeja, Lagos"
         *             }
         *           ],
         *           "livemode": false,
         *           "amount": 2500000,
         *           "currency": "NGN",
         *           "frequency": "weekly",
         *           "installment_count": 3,
         *           "upfront_pct": 25,
         *           "status": "pending_deposit",
         *           "payment_method_id": "pm_7bQ1vN4kT9sX2mL0pZcA",
         *           "installments": [
         *             {
         *               "id": "inst_6Rk1pT9wQ2nV5xB8mZ3c",
         *               "sequence": 1,
         *               "amount": 2500000,
         *               "refunded": 0,
         *               "partially_paid": 0,
         *               "due_at": "2026-11-21T10:00:00.000Z",
         *               "status": "scheduled",
         *               "paid_at": "2026-11-21T10:00:00.000Z"
         *             }
         *           ],
         *           "created_at": "2026-11-21T10:00:00.000Z"
         *         },
         *         "installment": {
         *           "id": "inst_6Rk1pT9wQ2nV5xB8mZ3c",
         *           "sequence": 1,
         *           "amount": 2500000,
         *           "refunded": 0,
         *           "partially_paid": 0,
         *           "due_at": "2026-11-21T10:00:00.000Z",
         *           "status": "scheduled",
         *           "paid_at": "2026-11-21T10:00:00.000Z"
         *         },
         *         "payment": {
         *           "reference": "chg-inst0aA-1",
         *           "attempt": 1,
         *           "amount": 25000,
         *           "fee": 625,
         *           "net": 24375,
         *           "currency": "NGN",
         *           "paid_at": "2026-11-21T10:00:00.000Z",
         *           "failure_message": "Insufficient Funds"
         *         },
         *         "next_retry_at": "2026-11-21T10:00:00.000Z",
         *         "final_attempt": false
         *       }
         *     }
         */
        'application/json': {
          /** @example evt_4kQ2nV8sLm0pXc7RtY1a */
          id: string;
          /** @enum {string} */
          event: 'payment.failed';
          /** Format: date-time */
          created_at: string;
          data: components['schemas']['PaymentFailedEventData'];
        };
      };
    };
    responses: {
      410: components['responses']['WebhookGone'];
      '2XX': components['responses']['WebhookAcknowledged'];
    };
  };
  paymentPartialWebhook: {
    parameters: {
      query?: never;
      header: {
        /**
         * @description Lowercase hex HMAC-SHA512 of the exact raw body bytes, keyed with the webhook secret of the event’s mode. Verify before parsing, in constant time.
         * @example 5e0c9d…
         */
        'X-Tranche-Signature': components['parameters']['TrancheSignature'];
        /**
         * @description During the 24 hours after a secret roll: the same HMAC with the previous secret.
         * @example 91ab4f…
         */
        'X-Tranche-Signature-Previous'?: components['parameters']['TrancheSignaturePrevious'];
        /**
         * @description The body’s `id`: de-duplicate on it.
         * @example evt_4kQ2nV8sLm0pXc7RtY1a
         */
        'X-Tranche-Event-Id': components['parameters']['TrancheEventId'];
        /**
         * @description The body’s `event`.
         * @example payment.success
         */
        'X-Tranche-Event': components['parameters']['TrancheEvent'];
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "id": "evt_4kQ2nV8sLm0pXc7RtY1a",
         *       "event": "payment.partial",
         *       "created_at": "2026-11-21T10:00:00.000Z",
         *       "data": {
         *         "payment_plan": {
         *           "id": "plan_3Jd9sKq0LmT2vX7yB1cN",
         *           "object": "payment_plan",
         *           "merchant_id": "mer_4fQ2d8LkP0aZ7sVbN1xY",
         *           "customer_id": "cus_1aB2cD3eF4gH5iJ6kL7m",
         *           "checkout_session_id": "cs_9hT3kQ0vZr2mW8yL1pXa",
         *           "order_reference": "order-1001",
         *           "title": "Samsung Galaxy A15",
         *           "merchant_name": "Ada Stores",
         *           "line_items": [
         *             {
         *               "name": "Samsung Galaxy A15",
         *               "quantity": 1,
         *               "unit_amount": 2500000
         *             }
         *           ],
         *           "metadata": {
         *             "cart_id": "c-1042"
         *           },
         *           "customer": {
         *             "id": "cus_1aB2cD3eF4gH5iJ6kL7m",
         *             "name": "Ada Obi",
         *             "email": "ada@example.ng",
         *             "phone": "+2348031234567"
         *           },
         *           "customer_fields": [
         *             {
         *               "key": "delivery_address",
         *               "label": "Delivery address",
         *               "value": "12 Allen Avenue, Ikeja, Lagos"
         *             }
         *           ],
         *           "livemode": false,
         *           "amount": 2500000,
         *           "currency": "NGN",
         *           "frequency": "weekly",
         *           "installment_count": 3,
         *           "upfront_pct": 25,
         *           "status": "pending_deposit",
         *           "payment_method_id": "pm_7bQ1vN4kT9sX2mL0pZcA",
         *           "installments": [
         *             {
         *               "id": "inst_6Rk1pT9wQ2nV5xB8mZ3c",
         *               "sequence": 1,
         *               "amount": 2500000,
         *               "refunded": 0,
         *               "partially_paid": 0,
         *               "due_at": "2026-11-21T10:00:00.000Z",
         *               "status": "scheduled",
         *               "paid_at": "2026-11-21T10:00:00.000Z"
         *             }
         *           ],
         *           "created_at": "2026-11-21T10:00:00.000Z"
         *         },
         *         "installment": {
         *           "id": "inst_6Rk1pT9wQ2nV5xB8mZ3c",
         *           "sequence": 1,
         *           "amount": 2500000,
         *           "refunded": 0,
         *           "partially_paid": 0,
         *           "due_at": "2026-11-21T10:00:00.000Z",
         *           "status": "scheduled",
         *           "paid_at": "2026-11-21T10:00:00.000Z"
         *         },
         *         "payment": {
         *           "reference": "chg-inst0aA-1",
         *           "attempt": 1,
         *           "amount": 409013,
         *           "fee": 625,
         *           "net": 24375,
         *           "currency": "NGN",
         *           "paid_at": "2026-11-21T10:00:00.000Z",
         *           "requested_amount": 625000,
         *           "gateway_message": "Approved"
         *         },
         *         "amount_remaining": 215987,
         *         "next_retry_at": "2026-11-21T10:00:00.000Z",
         *         "final_attempt": false
         *       }
         *     }
         */
        'application/json': {
          /** @example evt_4kQ2nV8sLm0pXc7RtY1a */
          id: string;
          /** @enum {string} */
          event: 'payment.partial';
          /** Format: date-time */
          created_at: string;
          data: components['schemas']['PaymentPartialEventData'];
        };
      };
    };
    responses: {
      410: components['responses']['WebhookGone'];
      '2XX': components['responses']['WebhookAcknowledged'];
    };
  };
  paymentPlanInstallmentPaidWebhook: {
    parameters: {
      query?: never;
      header: {
        /**
         * @description Lowercase hex HMAC-SHA512 of the exact raw body bytes, keyed with the webhook secret of the event’s mode. Verify before parsing, in constant time.
         * @example 5e0c9d…
         */
        'X-Tranche-Signature': components['parameters']['TrancheSignature'];
        /**
         * @description During the 24 hours after a secret roll: the same HMAC with the previous secret.
         * @example 91ab4f…
         */
        'X-Tranche-Signature-Previous'?: components['parameters']['TrancheSignaturePrevious'];
        /**
         * @description The body’s `id`: de-duplicate on it.
         * @example evt_4kQ2nV8sLm0pXc7RtY1a
         */
        'X-Tranche-Event-Id': components['parameters']['TrancheEventId'];
        /**
         * @description The body’s `event`.
         * @example payment.success
         */
        'X-Tranche-Event': components['parameters']['TrancheEvent'];
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "id": "evt_4kQ2nV8sLm0pXc7RtY1a",
         *       "event": "payment_plan.installment_paid",
         *       "created_at": "2026-11-21T10:00:00.000Z",
         *       "data": {
         *         "payment_plan": {
         *           "id": "plan_3Jd9sKq0LmT2vX7yB1cN",
         *           "object": "payment_plan",
         *           "merchant_id": "mer_4fQ2d8LkP0aZ7sVbN1xY",
         *           "customer_id": "cus_1aB2cD3eF4gH5iJ6kL7m",
         *           "checkout_session_id": "cs_9hT3kQ0vZr2mW8yL1pXa",
         *           "order_reference": "order-1001",
         *           "title": "Samsung Galaxy A15",
         *           "merchant_name": "Ada Stores",
         *           "line_items": [
         *             {
         *               "name": "Samsung Galaxy A15",
         *               "quantity": 1,
         *               "unit_amount": 2500000
         *             }
         *           ],
         *           "metadata": {
         *             "cart_id": "c-1042"
         *           },
         *           "customer": {
         *             "id": "cus_1aB2cD3eF4gH5iJ6kL7m",
         *             "name": "Ada Obi",
         *             "email": "ada@example.ng",
         *             "phone": "+2348031234567"
         *           },
         *           "customer_fields": [
         *             {
         *               "key": "delivery_address",
         *               "label": "Delivery address",
         *               "value": "12 Allen Avenue, Ikeja, Lagos"
         *             }
         *           ],
         *           "livemode": false,
         *           "amount": 2500000,
         *           "currency": "NGN",
         *           "frequency": "weekly",
         *           "installment_count": 3,
         *           "upfront_pct": 25,
         *           "status": "pending_deposit",
         *           "payment_method_id": "pm_7bQ1vN4kT9sX2mL0pZcA",
         *           "installments": [
         *             {
         *               "id": "inst_6Rk1pT9wQ2nV5xB8mZ3c",
         *               "sequence": 1,
         *               "amount": 2500000,
         *               "refunded": 0,
         *               "partially_paid": 0,
         *               "due_at": "2026-11-21T10:00:00.000Z",
         *               "status": "scheduled",
         *               "paid_at": "2026-11-21T10:00:00.000Z"
         *             }
         *           ],
         *           "created_at": "2026-11-21T10:00:00.000Z"
         *         },
         *         "installment": {
         *           "id": "inst_6Rk1pT9wQ2nV5xB8mZ3c",
         *           "sequence": 1,
         *           "amount": 2500000,
         *           "refunded": 0,
         *           "partially_paid": 0,
         *           "due_at": "2026-11-21T10:00:00.000Z",
         *           "status": "scheduled",
         *           "paid_at": "2026-11-21T10:00:00.000Z"
         *         },
         *         "payment": {
         *           "reference": "chg-inst0aA-1",
         *           "attempt": 1,
         *           "amount": 25000,
         *           "fee": 625,
         *           "net": 24375,
         *           "currency": "NGN",
         *           "paid_at": "2026-11-21T10:00:00.000Z"
         *         }
         *       }
         *     }
         */
        'application/json': {
          /** @example evt_4kQ2nV8sLm0pXc7RtY1a */
          id: string;
          /** @enum {string} */
          event: 'payment_plan.installment_paid';
          /** Format: date-time */
          created_at: string;
          data: components['schemas']['PaymentEventData'];
        };
      };
    };
    responses: {
      410: components['responses']['WebhookGone'];
      '2XX': components['responses']['WebhookAcknowledged'];
    };
  };
  installmentPaidWebhook: {
    parameters: {
      query?: never;
      header: {
        /**
         * @description Lowercase hex HMAC-SHA512 of the exact raw body bytes, keyed with the webhook secret of the event’s mode. Verify before parsing, in constant time.
         * @example 5e0c9d…
         */
        'X-Tranche-Signature': components['parameters']['TrancheSignature'];
        /**
         * @description During the 24 hours after a secret roll: the same HMAC with the previous secret.
         * @example 91ab4f…
         */
        'X-Tranche-Signature-Previous'?: components['parameters']['TrancheSignaturePrevious'];
        /**
         * @description The body’s `id`: de-duplicate on it.
         * @example evt_4kQ2nV8sLm0pXc7RtY1a
         */
        'X-Tranche-Event-Id': components['parameters']['TrancheEventId'];
        /**
         * @description The body’s `event`.
         * @example payment.success
         */
        'X-Tranche-Event': components['parameters']['TrancheEvent'];
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "id": "evt_4kQ2nV8sLm0pXc7RtY1a",
         *       "event": "installment.paid",
         *       "created_at": "2026-11-21T10:00:00.000Z",
         *       "data": {
         *         "payment_plan": {
         *           "id": "plan_3Jd9sKq0LmT2vX7yB1cN",
         *           "object": "payment_plan",
         *           "merchant_id": "mer_4fQ2d8LkP0aZ7sVbN1xY",
         *           "customer_id": "cus_1aB2cD3eF4gH5iJ6kL7m",
         *           "checkout_session_id": "cs_9hT3kQ0vZr2mW8yL1pXa",
         *           "order_reference": "order-1001",
         *           "title": "Samsung Galaxy A15",
         *           "merchant_name": "Ada Stores",
         *           "line_items": [
         *             {
         *               "name": "Samsung Galaxy A15",
         *               "quantity": 1,
         *               "unit_amount": 2500000
         *             }
         *           ],
         *           "metadata": {
         *             "cart_id": "c-1042"
         *           },
         *           "customer": {
         *             "id": "cus_1aB2cD3eF4gH5iJ6kL7m",
         *             "name": "Ada Obi",
         *             "email": "ada@example.ng",
         *             "phone": "+2348031234567"
         *           },
         *           "customer_fields": [
         *             {
         *               "key": "delivery_address",
         *               "label": "Delivery address",
         *               "value": "12 Allen Avenue, Ikeja, Lagos"
         *             }
         *           ],
         *           "livemode": false,
         *           "amount": 2500000,
         *           "currency": "NGN",
         *           "frequency": "weekly",
         *           "installment_count": 3,
         *           "upfront_pct": 25,
         *           "status": "pending_deposit",
         *           "payment_method_id": "pm_7bQ1vN4kT9sX2mL0pZcA",
         *           "installments": [
         *             {
         *               "id": "inst_6Rk1pT9wQ2nV5xB8mZ3c",
         *               "sequence": 1,
         *               "amount": 2500000,
         *               "refunded": 0,
         *               "partially_paid": 0,
         *               "due_at": "2026-11-21T10:00:00.000Z",
         *               "status": "scheduled",
         *               "paid_at": "2026-11-21T10:00:00.000Z"
         *             }
         *           ],
         *           "created_at": "2026-11-21T10:00:00.000Z"
         *         },
         *         "installment": {
         *           "id": "inst_6Rk1pT9wQ2nV5xB8mZ3c",
         *           "sequence": 1,
         *           "amount": 2500000,
         *           "refunded": 0,
         *           "partially_paid": 0,
         *           "due_at": "2026-11-21T10:00:00.000Z",
         *           "status": "scheduled",
         *           "paid_at": "2026-11-21T10:00:00.000Z"
         *         },
         *         "payment": {
         *           "reference": "chg-inst0aA-1",
         *           "attempt": 1,
         *           "amount": 25000,
         *           "fee": 625,
         *           "net": 24375,
         *           "currency": "NGN",
         *           "paid_at": "2026-11-21T10:00:00.000Z"
         *         }
         *       }
         *     }
         */
        'application/json': {
          /** @example evt_4kQ2nV8sLm0pXc7RtY1a */
          id: string;
          /** @enum {string} */
          event: 'installment.paid';
          /** Format: date-time */
          created_at: string;
          data: components['schemas']['PaymentEventData'];
        };
      };
    };
    responses: {
      410: components['responses']['WebhookGone'];
      '2XX': components['responses']['WebhookAcknowledged'];
    };
  };
  goodsReleaseWebhook: {
    parameters: {
      query?: never;
      header: {
        /**
         * @description Lowercase hex HMAC-SHA512 of the exact raw body bytes, keyed with the webhook secret of the event’s mode. Verify before parsing, in constant time.
         * @example 5e0c9d…
         */
        'X-Tranche-Signature': components['parameters']['TrancheSignature'];
        /**
         * @description During the 24 hours after a secret roll: the same HMAC with the previous secret.
         * @example 91ab4f…
         */
        'X-Tranche-Signature-Previous'?: components['parameters']['TrancheSignaturePrevious'];
        /**
         * @description The body’s `id`: de-duplicate on it.
         * @example evt_4kQ2nV8sLm0pXc7RtY1a
         */
        'X-Tranche-Event-Id': components['parameters']['TrancheEventId'];
        /**
         * @description The body’s `event`.
         * @example payment.success
         */
        'X-Tranche-Event': components['parameters']['TrancheEvent'];
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "id": "evt_4kQ2nV8sLm0pXc7RtY1a",
         *       "event": "goods.release",
         *       "created_at": "2026-11-21T10:00:00.000Z",
         *       "data": {
         *         "payment_plan": {
         *           "id": "plan_3Jd9sKq0LmT2vX7yB1cN",
         *           "object": "payment_plan",
         *           "merchant_id": "mer_4fQ2d8LkP0aZ7sVbN1xY",
         *           "customer_id": "cus_1aB2cD3eF4gH5iJ6kL7m",
         *           "checkout_session_id": "cs_9hT3kQ0vZr2mW8yL1pXa",
         *           "order_reference": "order-1001",
         *           "title": "Samsung Galaxy A15",
         *           "merchant_name": "Ada Stores",
         *           "line_items": [
         *             {
         *               "name": "Samsung Galaxy A15",
         *               "quantity": 1,
         *               "unit_amount": 2500000
         *             }
         *           ],
         *           "metadata": {
         *             "cart_id": "c-1042"
         *           },
         *           "customer": {
         *             "id": "cus_1aB2cD3eF4gH5iJ6kL7m",
         *             "name": "Ada Obi",
         *             "email": "ada@example.ng",
         *             "phone": "+2348031234567"
         *           },
         *           "customer_fields": [
         *             {
         *               "key": "delivery_address",
         *               "label": "Delivery address",
         *               "value": "12 Allen Avenue, Ikeja, Lagos"
         *             }
         *           ],
         *           "livemode": false,
         *           "amount": 2500000,
         *           "currency": "NGN",
         *           "frequency": "weekly",
         *           "installment_count": 3,
         *           "upfront_pct": 25,
         *           "status": "pending_deposit",
         *           "payment_method_id": "pm_7bQ1vN4kT9sX2mL0pZcA",
         *           "installments": [
         *             {
         *               "id": "inst_6Rk1pT9wQ2nV5xB8mZ3c",
         *               "sequence": 1,
         *               "amount": 2500000,
         *               "refunded": 0,
         *               "partially_paid": 0,
         *               "due_at": "2026-11-21T10:00:00.000Z",
         *               "status": "scheduled",
         *               "paid_at": "2026-11-21T10:00:00.000Z"
         *             }
         *           ],
         *           "created_at": "2026-11-21T10:00:00.000Z"
         *         },
         *         "order_reference": "order-1001",
         *         "release_rule": {
         *           "type": "deposit_paid"
         *         },
         *         "amount_paid": 0,
         *         "amount_outstanding": 0
         *       }
         *     }
         */
        'application/json': {
          /** @example evt_4kQ2nV8sLm0pXc7RtY1a */
          id: string;
          /** @enum {string} */
          event: 'goods.release';
          /** Format: date-time */
          created_at: string;
          data: components['schemas']['GoodsReleaseEventData'];
        };
      };
    };
    responses: {
      410: components['responses']['WebhookGone'];
      '2XX': components['responses']['WebhookAcknowledged'];
    };
  };
  debitScheduledWebhook: {
    parameters: {
      query?: never;
      header: {
        /**
         * @description Lowercase hex HMAC-SHA512 of the exact raw body bytes, keyed with the webhook secret of the event’s mode. Verify before parsing, in constant time.
         * @example 5e0c9d…
         */
        'X-Tranche-Signature': components['parameters']['TrancheSignature'];
        /**
         * @description During the 24 hours after a secret roll: the same HMAC with the previous secret.
         * @example 91ab4f…
         */
        'X-Tranche-Signature-Previous'?: components['parameters']['TrancheSignaturePrevious'];
        /**
         * @description The body’s `id`: de-duplicate on it.
         * @example evt_4kQ2nV8sLm0pXc7RtY1a
         */
        'X-Tranche-Event-Id': components['parameters']['TrancheEventId'];
        /**
         * @description The body’s `event`.
         * @example payment.success
         */
        'X-Tranche-Event': components['parameters']['TrancheEvent'];
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "id": "evt_4kQ2nV8sLm0pXc7RtY1a",
         *       "event": "debit.scheduled",
         *       "created_at": "2026-11-21T10:00:00.000Z",
         *       "data": {
         *         "payment_plan": {
         *           "id": "plan_3Jd9sKq0LmT2vX7yB1cN",
         *           "object": "payment_plan",
         *           "merchant_id": "mer_4fQ2d8LkP0aZ7sVbN1xY",
         *           "customer_id": "cus_1aB2cD3eF4gH5iJ6kL7m",
         *           "checkout_session_id": "cs_9hT3kQ0vZr2mW8yL1pXa",
         *           "order_reference": "order-1001",
         *           "title": "Samsung Galaxy A15",
         *           "merchant_name": "Ada Stores",
         *           "line_items": [
         *             {
         *               "name": "Samsung Galaxy A15",
         *               "quantity": 1,
         *               "unit_amount": 2500000
         *             }
         *           ],
         *           "metadata": {
         *             "cart_id": "c-1042"
         *           },
         *           "customer": {
         *             "id": "cus_1aB2cD3eF4gH5iJ6kL7m",
         *             "name": "Ada Obi",
         *             "email": "ada@example.ng",
         *             "phone": "+2348031234567"
         *           },
         *           "customer_fields": [
         *             {
         *               "key": "delivery_address",
         *               "label": "Delivery address",
         *               "value": "12 Allen Avenue, Ikeja, Lagos"
         *             }
         *           ],
         *           "livemode": false,
         *           "amount": 2500000,
         *           "currency": "NGN",
         *           "frequency": "weekly",
         *           "installment_count": 3,
         *           "upfront_pct": 25,
         *           "status": "pending_deposit",
         *           "payment_method_id": "pm_7bQ1vN4kT9sX2mL0pZcA",
         *           "installments": [
         *             {
         *               "id": "inst_6Rk1pT9wQ2nV5xB8mZ3c",
         *               "sequence": 1,
         *               "amount": 2500000,
         *               "refunded": 0,
         *               "partially_paid": 0,
         *               "due_at": "2026-11-21T10:00:00.000Z",
         *               "status": "scheduled",
         *               "paid_at": "2026-11-21T10:00:00.000Z"
         *             }
         *           ],
         *           "created_at": "2026-11-21T10:00:00.000Z"
         *         },
         *         "installment": {
         *           "id": "inst_6Rk1pT9wQ2nV5xB8mZ3c",
         *           "sequence": 1,
         *           "amount": 2500000,
         *           "refunded": 0,
         *           "partially_paid": 0,
         *           "due_at": "2026-11-21T10:00:00.000Z",
         *           "status": "scheduled",
         *           "paid_at": "2026-11-21T10:00:00.000Z"
         *         },
         *         "attempt": 1,
         *         "scheduled_for": "2026-11-21T10:00:00.000Z",
         *         "payment_method_id": "pm_7bQ1vN4kT9sX2mL0pZcA"
         *       }
         *     }
         */
        'application/json': {
          /** @example evt_4kQ2nV8sLm0pXc7RtY1a */
          id: string;
          /** @enum {string} */
          event: 'debit.scheduled';
          /** Format: date-time */
          created_at: string;
          data: components['schemas']['DebitScheduledEventData'];
        };
      };
    };
    responses: {
      410: components['responses']['WebhookGone'];
      '2XX': components['responses']['WebhookAcknowledged'];
    };
  };
  transferSuccessWebhook: {
    parameters: {
      query?: never;
      header: {
        /**
         * @description Lowercase hex HMAC-SHA512 of the exact raw body bytes, keyed with the webhook secret of the event’s mode. Verify before parsing, in constant time.
         * @example 5e0c9d…
         */
        'X-Tranche-Signature': components['parameters']['TrancheSignature'];
        /**
         * @description During the 24 hours after a secret roll: the same HMAC with the previous secret.
         * @example 91ab4f…
         */
        'X-Tranche-Signature-Previous'?: components['parameters']['TrancheSignaturePrevious'];
        /**
         * @description The body’s `id`: de-duplicate on it.
         * @example evt_4kQ2nV8sLm0pXc7RtY1a
         */
        'X-Tranche-Event-Id': components['parameters']['TrancheEventId'];
        /**
         * @description The body’s `event`.
         * @example payment.success
         */
        'X-Tranche-Event': components['parameters']['TrancheEvent'];
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "id": "evt_4kQ2nV8sLm0pXc7RtY1a",
         *       "event": "transfer.success",
         *       "created_at": "2026-11-21T10:00:00.000Z",
         *       "data": {
         *         "payout": {
         *           "id": "po_6tY5rE4wQ3aS2dF1gH0j",
         *           "object": "payout",
         *           "merchant_id": "mer_4fQ2d8LkP0aZ7sVbN1xY",
         *           "amount": 2500000,
         *           "currency": "NGN",
         *           "status": "pending",
         *           "trigger": "request",
         *           "reference": "chg-inst0aA-1",
         *           "settlement_account": {
         *             "bank_code": "058",
         *             "account_number": "0123456789"
         *           },
         *           "failure_reason": null,
         *           "created_at": "2026-11-21T10:00:00.000Z",
         *           "updated_at": "2026-11-21T10:00:00.000Z"
         *         }
         *       }
         *     }
         */
        'application/json': {
          /** @example evt_4kQ2nV8sLm0pXc7RtY1a */
          id: string;
          /** @enum {string} */
          event: 'transfer.success';
          /** Format: date-time */
          created_at: string;
          data: components['schemas']['PayoutEventData'];
        };
      };
    };
    responses: {
      410: components['responses']['WebhookGone'];
      '2XX': components['responses']['WebhookAcknowledged'];
    };
  };
  transferFailedWebhook: {
    parameters: {
      query?: never;
      header: {
        /**
         * @description Lowercase hex HMAC-SHA512 of the exact raw body bytes, keyed with the webhook secret of the event’s mode. Verify before parsing, in constant time.
         * @example 5e0c9d…
         */
        'X-Tranche-Signature': components['parameters']['TrancheSignature'];
        /**
         * @description During the 24 hours after a secret roll: the same HMAC with the previous secret.
         * @example 91ab4f…
         */
        'X-Tranche-Signature-Previous'?: components['parameters']['TrancheSignaturePrevious'];
        /**
         * @description The body’s `id`: de-duplicate on it.
         * @example evt_4kQ2nV8sLm0pXc7RtY1a
         */
        'X-Tranche-Event-Id': components['parameters']['TrancheEventId'];
        /**
         * @description The body’s `event`.
         * @example payment.success
         */
        'X-Tranche-Event': components['parameters']['TrancheEvent'];
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "id": "evt_4kQ2nV8sLm0pXc7RtY1a",
         *       "event": "transfer.failed",
         *       "created_at": "2026-11-21T10:00:00.000Z",
         *       "data": {
         *         "payout": {
         *           "id": "po_6tY5rE4wQ3aS2dF1gH0j",
         *           "object": "payout",
         *           "merchant_id": "mer_4fQ2d8LkP0aZ7sVbN1xY",
         *           "amount": 2500000,
         *           "currency": "NGN",
         *           "status": "pending",
         *           "trigger": "request",
         *           "reference": "chg-inst0aA-1",
         *           "settlement_account": {
         *             "bank_code": "058",
         *             "account_number": "0123456789"
         *           },
         *           "failure_reason": null,
         *           "created_at": "2026-11-21T10:00:00.000Z",
         *           "updated_at": "2026-11-21T10:00:00.000Z"
         *         }
         *       }
         *     }
         */
        'application/json': {
          /** @example evt_4kQ2nV8sLm0pXc7RtY1a */
          id: string;
          /** @enum {string} */
          event: 'transfer.failed';
          /** Format: date-time */
          created_at: string;
          data: components['schemas']['PayoutEventData'];
        };
      };
    };
    responses: {
      410: components['responses']['WebhookGone'];
      '2XX': components['responses']['WebhookAcknowledged'];
    };
  };
  transferReversedWebhook: {
    parameters: {
      query?: never;
      header: {
        /**
         * @description Lowercase hex HMAC-SHA512 of the exact raw body bytes, keyed with the webhook secret of the event’s mode. Verify before parsing, in constant time.
         * @example 5e0c9d…
         */
        'X-Tranche-Signature': components['parameters']['TrancheSignature'];
        /**
         * @description During the 24 hours after a secret roll: the same HMAC with the previous secret.
         * @example 91ab4f…
         */
        'X-Tranche-Signature-Previous'?: components['parameters']['TrancheSignaturePrevious'];
        /**
         * @description The body’s `id`: de-duplicate on it.
         * @example evt_4kQ2nV8sLm0pXc7RtY1a
         */
        'X-Tranche-Event-Id': components['parameters']['TrancheEventId'];
        /**
         * @description The body’s `event`.
         * @example payment.success
         */
        'X-Tranche-Event': components['parameters']['TrancheEvent'];
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "id": "evt_4kQ2nV8sLm0pXc7RtY1a",
         *       "event": "transfer.reversed",
         *       "created_at": "2026-11-21T10:00:00.000Z",
         *       "data": {
         *         "payout": {
         *           "id": "po_6tY5rE4wQ3aS2dF1gH0j",
         *           "object": "payout",
         *           "merchant_id": "mer_4fQ2d8LkP0aZ7sVbN1xY",
         *           "amount": 2500000,
         *           "currency": "NGN",
         *           "status": "pending",
         *           "trigger": "request",
         *           "reference": "chg-inst0aA-1",
         *           "settlement_account": {
         *             "bank_code": "058",
         *             "account_number": "0123456789"
         *           },
         *           "failure_reason": null,
         *           "created_at": "2026-11-21T10:00:00.000Z",
         *           "updated_at": "2026-11-21T10:00:00.000Z"
         *         }
         *       }
         *     }
         */
        'application/json': {
          /** @example evt_4kQ2nV8sLm0pXc7RtY1a */
          id: string;
          /** @enum {string} */
          event: 'transfer.reversed';
          /** Format: date-time */
          created_at: string;
          data: components['schemas']['PayoutEventData'];
        };
      };
    };
    responses: {
      410: components['responses']['WebhookGone'];
      '2XX': components['responses']['WebhookAcknowledged'];
    };
  };
  paymentPlanCompletedWebhook: {
    parameters: {
      query?: never;
      header: {
        /**
         * @description Lowercase hex HMAC-SHA512 of the exact raw body bytes, keyed with the webhook secret of the event’s mode. Verify before parsing, in constant time.
         * @example 5e0c9d…
         */
        'X-Tranche-Signature': components['parameters']['TrancheSignature'];
        /**
         * @description During the 24 hours after a secret roll: the same HMAC with the previous secret.
         * @example 91ab4f…
         */
        'X-Tranche-Signature-Previous'?: components['parameters']['TrancheSignaturePrevious'];
        /**
         * @description The body’s `id`: de-duplicate on it.
         * @example evt_4kQ2nV8sLm0pXc7RtY1a
         */
        'X-Tranche-Event-Id': components['parameters']['TrancheEventId'];
        /**
         * @description The body’s `event`.
         * @example payment.success
         */
        'X-Tranche-Event': components['parameters']['TrancheEvent'];
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "id": "evt_4kQ2nV8sLm0pXc7RtY1a",
         *       "event": "payment_plan.completed",
         *       "created_at": "2026-11-21T10:00:00.000Z",
         *       "data": {
         *         "payment_plan": {
         *           "id": "plan_3Jd9sKq0LmT2vX7yB1cN",
         *           "object": "payment_plan",
         *           "merchant_id": "mer_4fQ2d8LkP0aZ7sVbN1xY",
         *           "customer_id": "cus_1aB2cD3eF4gH5iJ6kL7m",
         *           "checkout_session_id": "cs_9hT3kQ0vZr2mW8yL1pXa",
         *           "order_reference": "order-1001",
         *           "title": "Samsung Galaxy A15",
         *           "merchant_name": "Ada Stores",
         *           "line_items": [
         *             {
         *               "name": "Samsung Galaxy A15",
         *               "quantity": 1,
         *               "unit_amount": 2500000
         *             }
         *           ],
         *           "metadata": {
         *             "cart_id": "c-1042"
         *           },
         *           "customer": {
         *             "id": "cus_1aB2cD3eF4gH5iJ6kL7m",
         *             "name": "Ada Obi",
         *             "email": "ada@example.ng",
         *             "phone": "+2348031234567"
         *           },
         *           "customer_fields": [
         *             {
         *               "key": "delivery_address",
         *               "label": "Delivery address",
         *               "value": "12 Allen Avenue, Ikeja, Lagos"
         *             }
         *           ],
         *           "livemode": false,
         *           "amount": 2500000,
         *           "currency": "NGN",
         *           "frequency": "weekly",
         *           "installment_count": 3,
         *           "upfront_pct": 25,
         *           "status": "pending_deposit",
         *           "payment_method_id": "pm_7bQ1vN4kT9sX2mL0pZcA",
         *           "installments": [
         *             {
         *               "id": "inst_6Rk1pT9wQ2nV5xB8mZ3c",
         *               "sequence": 1,
         *               "amount": 2500000,
         *               "refunded": 0,
         *               "partially_paid": 0,
         *               "due_at": "2026-11-21T10:00:00.000Z",
         *               "status": "scheduled",
         *               "paid_at": "2026-11-21T10:00:00.000Z"
         *             }
         *           ],
         *           "created_at": "2026-11-21T10:00:00.000Z"
         *         }
         *       }
         *     }
         */
        'application/json': {
          /** @example evt_4kQ2nV8sLm0pXc7RtY1a */
          id: string;
          /** @enum {string} */
          event: 'payment_plan.completed';
          /** Format: date-time */
          created_at: string;
          data: components['schemas']['PlanEventData'];
        };
      };
    };
    responses: {
      410: components['responses']['WebhookGone'];
      '2XX': components['responses']['WebhookAcknowledged'];
    };
  };
  paymentPlanDefaultedWebhook: {
    parameters: {
      query?: never;
      header: {
        /**
         * @description Lowercase hex HMAC-SHA512 of the exact raw body bytes, keyed with the webhook secret of the event’s mode. Verify before parsing, in constant time.
         * @example 5e0c9d…
         */
        'X-Tranche-Signature': components['parameters']['TrancheSignature'];
        /**
         * @description During the 24 hours after a secret roll: the same HMAC with the previous secret.
         * @example 91ab4f…
         */
        'X-Tranche-Signature-Previous'?: components['parameters']['TrancheSignaturePrevious'];
        /**
         * @description The body’s `id`: de-duplicate on it.
         * @example evt_4kQ2nV8sLm0pXc7RtY1a
         */
        'X-Tranche-Event-Id': components['parameters']['TrancheEventId'];
        /**
         * @description The body’s `event`.
         * @example payment.success
         */
        'X-Tranche-Event': components['parameters']['TrancheEvent'];
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "id": "evt_4kQ2nV8sLm0pXc7RtY1a",
         *       "event": "payment_plan.defaulted",
         *       "created_at": "2026-11-21T10:00:00.000Z",
         *       "data": {
         *         "payment_plan": {
         *           "id": "plan_3Jd9sKq0LmT2vX7yB1cN",
         *           "object": "payment_plan",
         *           "merchant_id": "mer_4fQ2d8LkP0aZ7sVbN1xY",
         *           "customer_id": "cus_1aB2cD3eF4gH5iJ6kL7m",
         *           "checkout_session_id": "cs_9hT3kQ0vZr2mW8yL1pXa",
         *           "order_reference": "order-1001",
         *           "title": "Samsung Galaxy A15",
         *           "merchant_name": "Ada Stores",
         *           "line_items": [
         *             {
         *               "name": "Samsung Galaxy A15",
         *               "quantity": 1,
         *               "unit_amount": 2500000
         *             }
         *           ],
         *           "metadata": {
         *             "cart_id": "c-1042"
         *           },
         *           "customer": {
         *             "id": "cus_1aB2cD3eF4gH5iJ6kL7m",
         *             "name": "Ada Obi",
         *             "email": "ada@example.ng",
         *             "phone": "+2348031234567"
         *           },
         *           "customer_fields": [
         *             {
         *               "key": "delivery_address",
         *               "label": "Delivery address",
         *               "value": "12 Allen Avenue, Ikeja, Lagos"
         *             }
         *           ],
         *           "livemode": false,
         *           "amount": 2500000,
         *           "currency": "NGN",
         *           "frequency": "weekly",
         *           "installment_count": 3,
         *           "upfront_pct": 25,
         *           "status": "pending_deposit",
         *           "payment_method_id": "pm_7bQ1vN4kT9sX2mL0pZcA",
         *           "installments": [
         *             {
         *               "id": "inst_6Rk1pT9wQ2nV5xB8mZ3c",
         *               "sequence": 1,
         *               "amount": 2500000,
         *               "refunded": 0,
         *               "partially_paid": 0,
         *               "due_at": "2026-11-21T10:00:00.000Z",
         *               "status": "scheduled",
         *               "paid_at": "2026-11-21T10:00:00.000Z"
         *             }
         *           ],
         *           "created_at": "2026-11-21T10:00:00.000Z"
         *         }
         *       }
         *     }
         */
        'application/json': {
          /** @example evt_4kQ2nV8sLm0pXc7RtY1a */
          id: string;
          /** @enum {string} */
          event: 'payment_plan.defaulted';
          /** Format: date-time */
          created_at: string;
          data: components['schemas']['PlanEventData'];
        };
      };
    };
    responses: {
      410: components['responses']['WebhookGone'];
      '2XX': components['responses']['WebhookAcknowledged'];
    };
  };
  paymentPlanCancelledWebhook: {
    parameters: {
      query?: never;
      header: {
        /**
         * @description Lowercase hex HMAC-SHA512 of the exact raw body bytes, keyed with the webhook secret of the event’s mode. Verify before parsing, in constant time.
         * @example 5e0c9d…
         */
        'X-Tranche-Signature': components['parameters']['TrancheSignature'];
        /**
         * @description During the 24 hours after a secret roll: the same HMAC with the previous secret.
         * @example 91ab4f…
         */
        'X-Tranche-Signature-Previous'?: components['parameters']['TrancheSignaturePrevious'];
        /**
         * @description The body’s `id`: de-duplicate on it.
         * @example evt_4kQ2nV8sLm0pXc7RtY1a
         */
        'X-Tranche-Event-Id': components['parameters']['TrancheEventId'];
        /**
         * @description The body’s `event`.
         * @example payment.success
         */
        'X-Tranche-Event': components['parameters']['TrancheEvent'];
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "id": "evt_4kQ2nV8sLm0pXc7RtY1a",
         *       "event": "payment_plan.cancelled",
         *       "created_at": "2026-11-21T10:00:00.000Z",
         *       "data": {
         *         "payment_plan": {
         *           "id": "plan_3Jd9sKq0LmT2vX7yB1cN",
         *           "object": "payment_plan",
         *           "merchant_id": "mer_4fQ2d8LkP0aZ7sVbN1xY",
         *           "customer_id": "cus_1aB2cD3eF4gH5iJ6kL7m",
         *           "checkout_session_id": "cs_9hT3kQ0vZr2mW8yL1pXa",
         *           "order_reference": "order-1001",
         *           "title": "Samsung Galaxy A15",
         *           "merchant_name": "Ada Stores",
         *           "line_items": [
         *             {
         *               "name": "Samsung Galaxy A15",
         *               "quantity": 1,
         *               "unit_amount": 2500000
         *             }
         *           ],
         *           "metadata": {
         *             "cart_id": "c-1042"
         *           },
         *           "customer": {
         *             "id": "cus_1aB2cD3eF4gH5iJ6kL7m",
         *             "name": "Ada Obi",
         *             "email": "ada@example.ng",
         *             "phone": "+2348031234567"
         *           },
         *           "customer_fields": [
         *             {
         *               "key": "delivery_address",
         *               "label": "Delivery address",
         *               "value": "12 Allen Avenue, Ikeja, Lagos"
         *             }
         *           ],
         *           "livemode": false,
         *           "amount": 2500000,
         *           "currency": "NGN",
         *           "frequency": "weekly",
         *           "installment_count": 3,
         *           "upfront_pct": 25,
         *           "status": "pending_deposit",
         *           "payment_method_id": "pm_7bQ1vN4kT9sX2mL0pZcA",
         *           "installments": [
         *             {
         *               "id": "inst_6Rk1pT9wQ2nV5xB8mZ3c",
         *               "sequence": 1,
         *               "amount": 2500000,
         *               "refunded": 0,
         *               "partially_paid": 0,
         *               "due_at": "2026-11-21T10:00:00.000Z",
         *               "status": "scheduled",
         *               "paid_at": "2026-11-21T10:00:00.000Z"
         *             }
         *           ],
         *           "created_at": "2026-11-21T10:00:00.000Z"
         *         }
         *       }
         *     }
         */
        'application/json': {
          /** @example evt_4kQ2nV8sLm0pXc7RtY1a */
          id: string;
          /** @enum {string} */
          event: 'payment_plan.cancelled';
          /** Format: date-time */
          created_at: string;
          data: components['schemas']['PlanEventData'];
        };
      };
    };
    responses: {
      410: components['responses']['WebhookGone'];
      '2XX': components['responses']['WebhookAcknowledged'];
    };
  };
  paymentPlanUpdatedWebhook: {
    parameters: {
      query?: never;
      header: {
        /**
         * @description Lowercase hex HMAC-SHA512 of the exact raw body bytes, keyed with the webhook secret of the event’s mode. Verify before parsing, in constant time.
         * @example 5e0c9d…
         */
        'X-Tranche-Signature': components['parameters']['TrancheSignature'];
        /**
         * @description During the 24 hours after a secret roll: the same HMAC with the previous secret.
         * @example 91ab4f…
         */
        'X-Tranche-Signature-Previous'?: components['parameters']['TrancheSignaturePrevious'];
        /**
         * @description The body’s `id`: de-duplicate on it.
         * @example evt_4kQ2nV8sLm0pXc7RtY1a
         */
        'X-Tranche-Event-Id': components['parameters']['TrancheEventId'];
        /**
         * @description The body’s `event`.
         * @example payment.success
         */
        'X-Tranche-Event': components['parameters']['TrancheEvent'];
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "id": "evt_4kQ2nV8sLm0pXc7RtY1a",
         *       "event": "payment_plan.updated",
         *       "created_at": "2026-11-21T10:00:00.000Z",
         *       "data": {
         *         "payment_plan": {
         *           "id": "plan_3Jd9sKq0LmT2vX7yB1cN",
         *           "object": "payment_plan",
         *           "merchant_id": "mer_4fQ2d8LkP0aZ7sVbN1xY",
         *           "customer_id": "cus_1aB2cD3eF4gH5iJ6kL7m",
         *           "checkout_session_id": "cs_9hT3kQ0vZr2mW8yL1pXa",
         *           "order_reference": "order-1001",
         *           "title": "Samsung Galaxy A15",
         *           "merchant_name": "Ada Stores",
         *           "line_items": [
         *             {
         *               "name": "Samsung Galaxy A15",
         *               "quantity": 1,
         *               "unit_amount": 2500000
         *             }
         *           ],
         *           "metadata": {
         *             "cart_id": "c-1042"
         *           },
         *           "customer": {
         *             "id": "cus_1aB2cD3eF4gH5iJ6kL7m",
         *             "name": "Ada Obi",
         *             "email": "ada@example.ng",
         *             "phone": "+2348031234567"
         *           },
         *           "customer_fields": [
         *             {
         *               "key": "delivery_address",
         *               "label": "Delivery address",
         *               "value": "12 Allen Avenue, Ikeja, Lagos"
         *             }
         *           ],
         *           "livemode": false,
         *           "amount": 2500000,
         *           "currency": "NGN",
         *           "frequency": "weekly",
         *           "installment_count": 3,
         *           "upfront_pct": 25,
         *           "status": "pending_deposit",
         *           "payment_method_id": "pm_7bQ1vN4kT9sX2mL0pZcA",
         *           "installments": [
         *             {
         *               "id": "inst_6Rk1pT9wQ2nV5xB8mZ3c",
         *               "sequence": 1,
         *               "amount": 2500000,
         *               "refunded": 0,
         *               "partially_paid": 0,
         *               "due_at": "2026-11-21T10:00:00.000Z",
         *               "status": "scheduled",
         *               "paid_at": "2026-11-21T10:00:00.000Z"
         *             }
         *           ],
         *           "created_at": "2026-11-21T10:00:00.000Z"
         *         },
         *         "reason": "refund",
         *         "refund": {
         *           "id": "rfd_5Qm2xR8vT1bN4kL7yC3d",
         *           "object": "refund",
         *           "payment_plan_id": "plan_3Jd9sKq0LmT2vX7yB1cN",
         *           "merchant_id": "mer_4fQ2d8LkP0aZ7sVbN1xY",
         *           "livemode": false,
         *           "amount": 2500000,
         *           "balance_reduction": 0,
         *           "cash_amount": 2500000,
         *           "fee_returned": 0,
         *           "reason": "Customer returned the item",
         *           "status": "pending",
         *           "failure_reason": null,
         *           "created_at": "2026-11-21T10:00:00.000Z",
         *           "updated_at": "2026-11-21T10:00:00.000Z"
         *         },
         *         "hardship_request": {
         *           "id": "hsr_6mT1qZ8vKc3LpW0xNb2d",
         *           "object": "hardship_request",
         *           "payment_plan_id": "plan_3Jd9sKq0LmT2vX7yB1cN",
         *           "merchant_id": "mer_4fQ2d8LkP0aZ7sVbN1xY",
         *           "livemode": false,
         *           "kind": "move_due_date",
         *           "status": "requested",
         *           "installment_id": "installment_4fQ2d8LkP0aZ7sVbN1xY",
         *           "new_due_date": "1990-01-15",
         *           "extra_installments": 1,
         *           "reason": "Customer returned the item",
         *           "decided_by": "merchant",
         *           "decision_note": "text",
         *           "expires_at": "2026-11-21T10:00:00.000Z",
         *           "decided_at": "2026-11-21T10:00:00.000Z",
         *           "created_at": "2026-11-21T10:00:00.000Z"
         *         }
         *       }
         *     }
         */
        'application/json': {
          /** @example evt_4kQ2nV8sLm0pXc7RtY1a */
          id: string;
          /** @enum {string} */
          event: 'payment_plan.updated';
          /** Format: date-time */
          created_at: string;
          data: components['schemas']['PlanUpdatedEventData'];
        };
      };
    };
    responses: {
      410: components['responses']['WebhookGone'];
      '2XX': components['responses']['WebhookAcknowledged'];
    };
  };
  paymentMethodRevokedWebhook: {
    parameters: {
      query?: never;
      header: {
        /**
         * @description Lowercase hex HMAC-SHA512 of the exact raw body bytes, keyed with the webhook secret of the event’s mode. Verify before parsing, in constant time.
         * @example 5e0c9d…
         */
        'X-Tranche-Signature': components['parameters']['TrancheSignature'];
        /**
         * @description During the 24 hours after a secret roll: the same HMAC with the previous secret.
         * @example 91ab4f…
         */
        'X-Tranche-Signature-Previous'?: components['parameters']['TrancheSignaturePrevious'];
        /**
         * @description The body’s `id`: de-duplicate on it.
         * @example evt_4kQ2nV8sLm0pXc7RtY1a
         */
        'X-Tranche-Event-Id': components['parameters']['TrancheEventId'];
        /**
         * @description The body’s `event`.
         * @example payment.success
         */
        'X-Tranche-Event': components['parameters']['TrancheEvent'];
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "id": "evt_4kQ2nV8sLm0pXc7RtY1a",
         *       "event": "payment_method.revoked",
         *       "created_at": "2026-11-21T10:00:00.000Z",
         *       "data": {
         *         "payment_method": {
         *           "id": "pm_7bQ1vN4kT9sX2mL0pZcA",
         *           "type": "card",
         *           "label": "Visa Card",
         *           "status": "revoked",
         *           "revoked_reason": "authorization.revoked",
         *           "revoked_at": null
         *         },
         *         "customer_id": "cus_1aB2cD3eF4gH5iJ6kL7m",
         *         "payment_plan_ids": [
         *           "plan_3Jd9sKq0LmT2vX7yB1cN"
         *         ],
         *         "replacement_payment_method_id": "replacement_payment_method_4fQ2d8LkP0aZ7sVbN1xY"
         *       }
         *     }
         */
        'application/json': {
          /** @example evt_4kQ2nV8sLm0pXc7RtY1a */
          id: string;
          /** @enum {string} */
          event: 'payment_method.revoked';
          /** Format: date-time */
          created_at: string;
          data: components['schemas']['PaymentMethodRevokedEventData'];
        };
      };
    };
    responses: {
      410: components['responses']['WebhookGone'];
      '2XX': components['responses']['WebhookAcknowledged'];
    };
  };
  refundProcessedWebhook: {
    parameters: {
      query?: never;
      header: {
        /**
         * @description Lowercase hex HMAC-SHA512 of the exact raw body bytes, keyed with the webhook secret of the event’s mode. Verify before parsing, in constant time.
         * @example 5e0c9d…
         */
        'X-Tranche-Signature': components['parameters']['TrancheSignature'];
        /**
         * @description During the 24 hours after a secret roll: the same HMAC with the previous secret.
         * @example 91ab4f…
         */
        'X-Tranche-Signature-Previous'?: components['parameters']['TrancheSignaturePrevious'];
        /**
         * @description The body’s `id`: de-duplicate on it.
         * @example evt_4kQ2nV8sLm0pXc7RtY1a
         */
        'X-Tranche-Event-Id': components['parameters']['TrancheEventId'];
        /**
         * @description The body’s `event`.
         * @example payment.success
         */
        'X-Tranche-Event': components['parameters']['TrancheEvent'];
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "id": "evt_4kQ2nV8sLm0pXc7RtY1a",
         *       "event": "refund.processed",
         *       "created_at": "2026-11-21T10:00:00.000Z",
         *       "data": {
         *         "refund": {
         *           "id": "rfd_5Qm2xR8vT1bN4kL7yC3d",
         *           "object": "refund",
         *           "payment_plan_id": "plan_3Jd9sKq0LmT2vX7yB1cN",
         *           "merchant_id": "mer_4fQ2d8LkP0aZ7sVbN1xY",
         *           "livemode": false,
         *           "amount": 2500000,
         *           "balance_reduction": 0,
         *           "cash_amount": 2500000,
         *           "fee_returned": 0,
         *           "reason": "Customer returned the item",
         *           "status": "pending",
         *           "failure_reason": null,
         *           "created_at": "2026-11-21T10:00:00.000Z",
         *           "updated_at": "2026-11-21T10:00:00.000Z"
         *         },
         *         "payment_plan": {
         *           "id": "plan_3Jd9sKq0LmT2vX7yB1cN",
         *           "object": "payment_plan",
         *           "merchant_id": "mer_4fQ2d8LkP0aZ7sVbN1xY",
         *           "customer_id": "cus_1aB2cD3eF4gH5iJ6kL7m",
         *           "checkout_session_id": "cs_9hT3kQ0vZr2mW8yL1pXa",
         *           "order_reference": "order-1001",
         *           "title": "Samsung Galaxy A15",
         *           "merchant_name": "Ada Stores",
         *           "line_items": [
         *             {
         *               "name": "Samsung Galaxy A15",
         *               "quantity": 1,
         *               "unit_amount": 2500000
         *             }
         *           ],
         *           "metadata": {
         *             "cart_id": "c-1042"
         *           },
         *           "customer": {
         *             "id": "cus_1aB2cD3eF4gH5iJ6kL7m",
         *             "name": "Ada Obi",
         *             "email": "ada@example.ng",
         *             "phone": "+2348031234567"
         *           },
         *           "customer_fields": [
         *             {
         *               "key": "delivery_address",
         *               "label": "Delivery address",
         *               "value": "12 Allen Avenue, Ikeja, Lagos"
         *             }
         *           ],
         *           "livemode": false,
         *           "amount": 2500000,
         *           "currency": "NGN",
         *           "frequency": "weekly",
         *           "installment_count": 3,
         *           "upfront_pct": 25,
         *           "status": "pending_deposit",
         *           "payment_method_id": "pm_7bQ1vN4kT9sX2mL0pZcA",
         *           "installments": [
         *             {
         *               "id": "inst_6Rk1pT9wQ2nV5xB8mZ3c",
         *               "sequence": 1,
         *               "amount": 2500000,
         *               "refunded": 0,
         *               "partially_paid": 0,
         *               "due_at": "2026-11-21T10:00:00.000Z",
         *               "status": "scheduled",
         *               "paid_at": "2026-11-21T10:00:00.000Z"
         *             }
         *           ],
         *           "created_at": "2026-11-21T10:00:00.000Z"
         *         }
         *       }
         *     }
         */
        'application/json': {
          /** @example evt_4kQ2nV8sLm0pXc7RtY1a */
          id: string;
          /** @enum {string} */
          event: 'refund.processed';
          /** Format: date-time */
          created_at: string;
          data: components['schemas']['RefundEventData'];
        };
      };
    };
    responses: {
      410: components['responses']['WebhookGone'];
      '2XX': components['responses']['WebhookAcknowledged'];
    };
  };
  refundFailedWebhook: {
    parameters: {
      query?: never;
      header: {
        /**
         * @description Lowercase hex HMAC-SHA512 of the exact raw body bytes, keyed with the webhook secret of the event’s mode. Verify before parsing, in constant time.
         * @example 5e0c9d…
         */
        'X-Tranche-Signature': components['parameters']['TrancheSignature'];
        /**
         * @description During the 24 hours after a secret roll: the same HMAC with the previous secret.
         * @example 91ab4f…
         */
        'X-Tranche-Signature-Previous'?: components['parameters']['TrancheSignaturePrevious'];
        /**
         * @description The body’s `id`: de-duplicate on it.
         * @example evt_4kQ2nV8sLm0pXc7RtY1a
         */
        'X-Tranche-Event-Id': components['parameters']['TrancheEventId'];
        /**
         * @description The body’s `event`.
         * @example payment.success
         */
        'X-Tranche-Event': components['parameters']['TrancheEvent'];
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "id": "evt_4kQ2nV8sLm0pXc7RtY1a",
         *       "event": "refund.failed",
         *       "created_at": "2026-11-21T10:00:00.000Z",
         *       "data": {
         *         "refund": {
         *           "id": "rfd_5Qm2xR8vT1bN4kL7yC3d",
         *           "object": "refund",
         *           "payment_plan_id": "plan_3Jd9sKq0LmT2vX7yB1cN",
         *           "merchant_id": "mer_4fQ2d8LkP0aZ7sVbN1xY",
         *           "livemode": false,
         *           "amount": 2500000,
         *           "balance_reduction": 0,
         *           "cash_amount": 2500000,
         *           "fee_returned": 0,
         *           "reason": "Customer returned the item",
         *           "status": "pending",
         *           "failure_reason": null,
         *           "created_at": "2026-11-21T10:00:00.000Z",
         *           "updated_at": "2026-11-21T10:00:00.000Z"
         *         },
         *         "payment_plan": {
         *           "id": "plan_3Jd9sKq0LmT2vX7yB1cN",
         *           "object": "payment_plan",
         *           "merchant_id": "mer_4fQ2d8LkP0aZ7sVbN1xY",
         *           "customer_id": "cus_1aB2cD3eF4gH5iJ6kL7m",
         *           "checkout_session_id": "cs_9hT3kQ0vZr2mW8yL1pXa",
         *           "order_reference": "order-1001",
         *           "title": "Samsung Galaxy A15",
         *           "merchant_name": "Ada Stores",
         *           "line_items": [
         *             {
         *               "name": "Samsung Galaxy A15",
         *               "quantity": 1,
         *               "unit_amount": 2500000
         *             }
         *           ],
         *           "metadata": {
         *             "cart_id": "c-1042"
         *           },
         *           "customer": {
         *             "id": "cus_1aB2cD3eF4gH5iJ6kL7m",
         *             "name": "Ada Obi",
         *             "email": "ada@example.ng",
         *             "phone": "+2348031234567"
         *           },
         *           "customer_fields": [
         *             {
         *               "key": "delivery_address",
         *               "label": "Delivery address",
         *               "value": "12 Allen Avenue, Ikeja, Lagos"
         *             }
         *           ],
         *           "livemode": false,
         *           "amount": 2500000,
         *           "currency": "NGN",
         *           "frequency": "weekly",
         *           "installment_count": 3,
         *           "upfront_pct": 25,
         *           "status": "pending_deposit",
         *           "payment_method_id": "pm_7bQ1vN4kT9sX2mL0pZcA",
         *           "installments": [
         *             {
         *               "id": "inst_6Rk1pT9wQ2nV5xB8mZ3c",
         *               "sequence": 1,
         *               "amount": 2500000,
         *               "refunded": 0,
         *               "partially_paid": 0,
         *               "due_at": "2026-11-21T10:00:00.000Z",
         *               "status": "scheduled",
         *               "paid_at": "2026-11-21T10:00:00.000Z"
         *             }
         *           ],
         *           "created_at": "2026-11-21T10:00:00.000Z"
         *         }
         *       }
         *     }
         */
        'application/json': {
          /** @example evt_4kQ2nV8sLm0pXc7RtY1a */
          id: string;
          /** @enum {string} */
          event: 'refund.failed';
          /** Format: date-time */
          created_at: string;
          data: components['schemas']['RefundEventData'];
        };
      };
    };
    responses: {
      410: components['responses']['WebhookGone'];
      '2XX': components['responses']['WebhookAcknowledged'];
    };
  };
  disputeCreatedWebhook: {
    parameters: {
      query?: never;
      header: {
        /**
         * @description Lowercase hex HMAC-SHA512 of the exact raw body bytes, keyed with the webhook secret of the event’s mode. Verify before parsing, in constant time.
         * @example 5e0c9d…
         */
        'X-Tranche-Signature': components['parameters']['TrancheSignature'];
        /**
         * @description During the 24 hours after a secret roll: the same HMAC with the previous secret.
         * @example 91ab4f…
         */
        'X-Tranche-Signature-Previous'?: components['parameters']['TrancheSignaturePrevious'];
        /**
         * @description The body’s `id`: de-duplicate on it.
         * @example evt_4kQ2nV8sLm0pXc7RtY1a
         */
        'X-Tranche-Event-Id': components['parameters']['TrancheEventId'];
        /**
         * @description The body’s `event`.
         * @example payment.success
         */
        'X-Tranche-Event': components['parameters']['TrancheEvent'];
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "id": "evt_4kQ2nV8sLm0pXc7RtY1a",
         *       "event": "dispute.created",
         *       "created_at": "2026-11-21T10:00:00.000Z",
         *       "data": {
         *         "dispute": {
         *           "id": "dsp_4kQ2nV8sLm0pXc7RtY1a",
         *           "object": "dispute",
         *           "merchant_id": "mer_4fQ2d8LkP0aZ7sVbN1xY",
         *           "livemode": false,
         *           "status": "needs_response",
         *           "amount": 2500000,
         *           "fee_share": 0,
         *           "balance_debited": 0,
         *           "returned_amount": 2500000,
         *           "currency": "NGN",
         *           "reason": "Customer returned the item",
         *           "due_at": "2026-11-21T10:00:00.000Z",
         *           "reminders": 0,
         *           "payment_plan_id": "plan_3Jd9sKq0LmT2vX7yB1cN",
         *           "installment_id": "installment_4fQ2d8LkP0aZ7sVbN1xY",
         *           "charge_reference": "chg-inst0aA-1",
         *           "evidence": {
         *             "customer_email": "ada@example.ng",
         *             "customer_name": "text",
         *             "customer_phone": "text",
         *             "service_details": "text",
         *             "delivery_address": "text",
         *             "delivery_date": "1990-01-15"
         *           },
         *           "file_uploaded": false,
         *           "merchant_decision": "accepted",
         *           "merchant_message": "text",
         *           "resolution": "text",
         *           "created_at": "2026-11-21T10:00:00.000Z",
         *           "updated_at": "2026-11-21T10:00:00.000Z",
         *           "resolved_at": "2026-11-21T10:00:00.000Z"
         *         }
         *       }
         *     }
         */
        'application/json': {
          /** @example evt_4kQ2nV8sLm0pXc7RtY1a */
          id: string;
          /** @enum {string} */
          event: 'dispute.created';
          /** Format: date-time */
          created_at: string;
          data: components['schemas']['DisputeEventData'];
        };
      };
    };
    responses: {
      410: components['responses']['WebhookGone'];
      '2XX': components['responses']['WebhookAcknowledged'];
    };
  };
  disputeReminderWebhook: {
    parameters: {
      query?: never;
      header: {
        /**
         * @description Lowercase hex HMAC-SHA512 of the exact raw body bytes, keyed with the webhook secret of the event’s mode. Verify before parsing, in constant time.
         * @example 5e0c9d…
         */
        'X-Tranche-Signature': components['parameters']['TrancheSignature'];
        /**
         * @description During the 24 hours after a secret roll: the same HMAC with the previous secret.
         * @example 91ab4f…
         */
        'X-Tranche-Signature-Previous'?: components['parameters']['TrancheSignaturePrevious'];
        /**
         * @description The body’s `id`: de-duplicate on it.
         * @example evt_4kQ2nV8sLm0pXc7RtY1a
         */
        'X-Tranche-Event-Id': components['parameters']['TrancheEventId'];
        /**
         * @description The body’s `event`.
         * @example payment.success
         */
        'X-Tranche-Event': components['parameters']['TrancheEvent'];
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "id": "evt_4kQ2nV8sLm0pXc7RtY1a",
         *       "event": "dispute.reminder",
         *       "created_at": "2026-11-21T10:00:00.000Z",
         *       "data": {
         *         "dispute": {
         *           "id": "dsp_4kQ2nV8sLm0pXc7RtY1a",
         *           "object": "dispute",
         *           "merchant_id": "mer_4fQ2d8LkP0aZ7sVbN1xY",
         *           "livemode": false,
         *           "status": "needs_response",
         *           "amount": 2500000,
         *           "fee_share": 0,
         *           "balance_debited": 0,
         *           "returned_amount": 2500000,
         *           "currency": "NGN",
         *           "reason": "Customer returned the item",
         *           "due_at": "2026-11-21T10:00:00.000Z",
         *           "reminders": 0,
         *           "payment_plan_id": "plan_3Jd9sKq0LmT2vX7yB1cN",
         *           "installment_id": "installment_4fQ2d8LkP0aZ7sVbN1xY",
         *           "charge_reference": "chg-inst0aA-1",
         *           "evidence": {
         *             "customer_email": "ada@example.ng",
         *             "customer_name": "text",
         *             "customer_phone": "text",
         *             "service_details": "text",
         *             "delivery_address": "text",
         *             "delivery_date": "1990-01-15"
         *           },
         *           "file_uploaded": false,
         *           "merchant_decision": "accepted",
         *           "merchant_message": "text",
         *           "resolution": "text",
         *           "created_at": "2026-11-21T10:00:00.000Z",
         *           "updated_at": "2026-11-21T10:00:00.000Z",
         *           "resolved_at": "2026-11-21T10:00:00.000Z"
         *         }
         *       }
         *     }
         */
        'application/json': {
          /** @example evt_4kQ2nV8sLm0pXc7RtY1a */
          id: string;
          /** @enum {string} */
          event: 'dispute.reminder';
          /** Format: date-time */
          created_at: string;
          data: components['schemas']['DisputeEventData'];
        };
      };
    };
    responses: {
      410: components['responses']['WebhookGone'];
      '2XX': components['responses']['WebhookAcknowledged'];
    };
  };
  disputeResolvedWebhook: {
    parameters: {
      query?: never;
      header: {
        /**
         * @description Lowercase hex HMAC-SHA512 of the exact raw body bytes, keyed with the webhook secret of the event’s mode. Verify before parsing, in constant time.
         * @example 5e0c9d…
         */
        'X-Tranche-Signature': components['parameters']['TrancheSignature'];
        /**
         * @description During the 24 hours after a secret roll: the same HMAC with the previous secret.
         * @example 91ab4f…
         */
        'X-Tranche-Signature-Previous'?: components['parameters']['TrancheSignaturePrevious'];
        /**
         * @description The body’s `id`: de-duplicate on it.
         * @example evt_4kQ2nV8sLm0pXc7RtY1a
         */
        'X-Tranche-Event-Id': components['parameters']['TrancheEventId'];
        /**
         * @description The body’s `event`.
         * @example payment.success
         */
        'X-Tranche-Event': components['parameters']['TrancheEvent'];
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "id": "evt_4kQ2nV8sLm0pXc7RtY1a",
         *       "event": "dispute.resolved",
         *       "created_at": "2026-11-21T10:00:00.000Z",
         *       "data": {
         *         "dispute": {
         *           "id": "dsp_4kQ2nV8sLm0pXc7RtY1a",
         *           "object": "dispute",
         *           "merchant_id": "mer_4fQ2d8LkP0aZ7sVbN1xY",
         *           "livemode": false,
         *           "status": "needs_response",
         *           "amount": 2500000,
         *           "fee_share": 0,
         *           "balance_debited": 0,
         *           "returned_amount": 2500000,
         *           "currency": "NGN",
         *           "reason": "Customer returned the item",
         *           "due_at": "2026-11-21T10:00:00.000Z",
         *           "reminders": 0,
         *           "payment_plan_id": "plan_3Jd9sKq0LmT2vX7yB1cN",
         *           "installment_id": "installment_4fQ2d8LkP0aZ7sVbN1xY",
         *           "charge_reference": "chg-inst0aA-1",
         *           "evidence": {
         *             "customer_email": "ada@example.ng",
         *             "customer_name": "text",
         *             "customer_phone": "text",
         *             "service_details": "text",
         *             "delivery_address": "text",
         *             "delivery_date": "1990-01-15"
         *           },
         *           "file_uploaded": false,
         *           "merchant_decision": "accepted",
         *           "merchant_message": "text",
         *           "resolution": "text",
         *           "created_at": "2026-11-21T10:00:00.000Z",
         *           "updated_at": "2026-11-21T10:00:00.000Z",
         *           "resolved_at": "2026-11-21T10:00:00.000Z"
         *         }
         *       }
         *     }
         */
        'application/json': {
          /** @example evt_4kQ2nV8sLm0pXc7RtY1a */
          id: string;
          /** @enum {string} */
          event: 'dispute.resolved';
          /** Format: date-time */
          created_at: string;
          data: components['schemas']['DisputeEventData'];
        };
      };
    };
    responses: {
      410: components['responses']['WebhookGone'];
      '2XX': components['responses']['WebhookAcknowledged'];
    };
  };
  paymentReversedWebhook: {
    parameters: {
      query?: never;
      header: {
        /**
         * @description Lowercase hex HMAC-SHA512 of the exact raw body bytes, keyed with the webhook secret of the event’s mode. Verify before parsing, in constant time.
         * @example 5e0c9d…
         */
        'X-Tranche-Signature': components['parameters']['TrancheSignature'];
        /**
         * @description During the 24 hours after a secret roll: the same HMAC with the previous secret.
         * @example 91ab4f…
         */
        'X-Tranche-Signature-Previous'?: components['parameters']['TrancheSignaturePrevious'];
        /**
         * @description The body’s `id`: de-duplicate on it.
         * @example evt_4kQ2nV8sLm0pXc7RtY1a
         */
        'X-Tranche-Event-Id': components['parameters']['TrancheEventId'];
        /**
         * @description The body’s `event`.
         * @example payment.success
         */
        'X-Tranche-Event': components['parameters']['TrancheEvent'];
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "id": "evt_4kQ2nV8sLm0pXc7RtY1a",
         *       "event": "payment.reversed",
         *       "created_at": "2026-11-21T10:00:00.000Z",
         *       "data": {
         *         "reversal": {
         *           "id": "rvs_4kQ2nV8sLm0pXc7RtY1a",
         *           "object": "reversal",
         *           "merchant_id": "mer_4fQ2d8LkP0aZ7sVbN1xY",
         *           "livemode": false,
         *           "amount": 2500000,
         *           "fee_share": 0,
         *           "balance_debited": 0,
         *           "currency": "NGN",
         *           "payment_plan_id": "plan_3Jd9sKq0LmT2vX7yB1cN",
         *           "installment_id": "installment_4fQ2d8LkP0aZ7sVbN1xY",
         *           "charge_reference": "chg-inst0aA-1",
         *           "superseded_by_dispute_id": "superseded_by_dispute_4fQ2d8LkP0aZ7sVbN1xY",
         *           "created_at": "2026-11-21T10:00:00.000Z"
         *         }
         *       }
         *     }
         */
        'application/json': {
          /** @example evt_4kQ2nV8sLm0pXc7RtY1a */
          id: string;
          /** @enum {string} */
          event: 'payment.reversed';
          /** Format: date-time */
          created_at: string;
          data: components['schemas']['ReversalEventData'];
        };
      };
    };
    responses: {
      410: components['responses']['WebhookGone'];
      '2XX': components['responses']['WebhookAcknowledged'];
    };
  };
}
