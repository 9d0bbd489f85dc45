import type { BackendContext } from '../BackendContext.ts';
import type { Queryable } from '../Database.ts';
import { AuthError } from './authError.ts';
import { validatePhone } from './validatePhone.ts';
import type { authSessions } from './authSessions.ts';
import { applyEmailChange, SINGLE_CONFIRMATION_ACCEPTED, type EmailChangeTokens } from './emailChange.ts';
import { otpExpired, storedToken, tokenHash } from './otpTokens.ts';
import { USER_COLUMNS, type AuthUserRow } from './userJson.ts';

type Sessions = ReturnType<typeof authSessions>;
type TokenRow = AuthUserRow &
  EmailChangeTokens & { confirmation_token: string | null; recovery_token: string | null; email_change_sent_at: Date | null };
const TOKEN_COLUMNS = `${USER_COLUMNS}, confirmation_token, recovery_token, email_change_token_current, email_change_token_new, email_change_confirm_status`;

const LINK_INVALID = () => new AuthError(403, 'otp_expired', 'Email link is invalid or has expired');
const CODE_INVALID = () => new AuthError(403, 'otp_expired', 'Token has expired or is invalid');
/** GoTrue's `error` of a failed link, by status (api/errors.go oauthErrorMap). */
const OAUTH_ERROR: Record<number, string> = { 400: 'invalid_request', 401: 'unauthorized_client', 403: 'access_denied', 500: 'server_error', 503: 'temporarily_unavailable' };
const PKCE_PREFIX = 'pkce_';

export type VerifyOutcome = { session: Record<string, unknown>; type: string; user: AuthUserRow } | { single: true };

/** Where PKCE plugs in: a link whose token starts with pkce_ gets `?code=` from this instead of tokens in the fragment. */
export interface PkceHook {
  issueAuthCode(db: Queryable, user: AuthUserRow, type: string): Promise<string>;
}

/**
 * GET and POST /verify for every mailed type (signup, invite, magiclink,
 * recovery, email_change, and email for a code of either of the first
 * four), as GoTrue's api/verify.go: by the link's token hash, or by email +
 * code; a used or expired one is 403 otp_expired; success signs the user in.
 */
export function verifyEmail(ctx: BackendContext, sessions: Sessions, pkce: PkceHook | null = null) {
  const expiry = () => ctx.config.auth.email.otpExpiry;

  /** Finds the user of a link's token hash (GoTrue's verifyTokenHash); `type` email resolves to signup or magiclink. */
  async function byTokenHash(tx: Queryable, type: string, hash: string): Promise<{ user: TokenRow; type: string }> {
    const stored = storedToken(hash);
    const where: Record<string, string> = {
      email: 'confirmation_token = $1 or recovery_token = $1',
      signup: 'confirmation_token = $1',
      invite: 'confirmation_token = $1',
      recovery: 'recovery_token = $1',
      magiclink: 'recovery_token = $1',
      email_change: 'email_change_token_current = $1 or email_change_token_new = $1',
    };
    if (!where[type]) throw new AuthError(400, 'validation_failed', 'Invalid email verification type');
    const user = (await tx.query<TokenRow>(`select ${TOKEN_COLUMNS} from auth.users where ${where[type]} limit 1 for update`, [stored])).rows[0];
    if (!user) throw LINK_INVALID();
    let resolved = type;
    let sentAt: Date | null = user.confirmation_sent_at;
    if (type === 'email') resolved = user.recovery_token === stored ? 'magiclink' : 'signup';
    if (resolved === 'recovery' || resolved === 'magiclink') sentAt = user.recovery_sent_at;
    if (resolved === 'email_change') sentAt = user.email_change_sent_at;
    if (otpExpired(sentAt, expiry())) throw LINK_INVALID();
    return { user, type: resolved };
  }

  /** Finds the user of an email + code (GoTrue's verifyUserAndToken). */
  async function byEmailAndCode(tx: Queryable, type: string, email: string, code: string): Promise<{ user: TokenRow; type: string; stored: string }> {
    const hash = tokenHash(email, code);
    const candidates = [storedToken(hash), storedToken(PKCE_PREFIX + hash)];
    const user =
      type === 'email_change'
        ? (
            await tx.query<TokenRow>(
              `select ${TOKEN_COLUMNS} from auth.users
                where (lower(email) = $1 and email_change_token_current = any($2)) or (lower(email_change) = $1 and email_change_token_new = any($2))
                limit 1 for update`,
              [email, candidates],
            )
          ).rows[0]
        : (await tx.query<TokenRow>(`select ${TOKEN_COLUMNS} from auth.users where lower(email) = $1 for update`, [email])).rows[0];
    if (!user) throw CODE_INVALID();
    const valid = (token: string | null, sentAt: Date | null) => !!token && candidates.includes(token) && !otpExpired(sentAt, expiry());
    let resolved: string | null = null;
    if (type === 'email') resolved = valid(user.confirmation_token, user.confirmation_sent_at) ? 'signup' : valid(user.recovery_token, user.recovery_sent_at) ? 'magiclink' : null;
    else if (type === 'signup' || type === 'invite') resolved = valid(user.confirmation_token, user.confirmation_sent_at) ? type : null;
    else if (type === 'recovery' || type === 'magiclink') resolved = valid(user.recovery_token, user.recovery_sent_at) ? type : null;
    else if (type === 'email_change')
      resolved = valid(user.email_change_token_current, user.email_change_sent_at) || valid(user.email_change_token_new, user.email_change_sent_at) ? type : null;
    if (!resolved) throw CODE_INVALID();
    const stored = [user.confirmation_token, user.recovery_token, user.email_change_token_current, user.email_change_token_new].find((t) => t && candidates.includes(t))!;
    return { user, type: resolved, stored };
  }

  /** Applies a verified token of `type` and signs the user in, in `tx`. */
  async function apply(tx: Queryable, user: TokenRow, type: string, stored: string): Promise<VerifyOutcome> {
    let row: AuthUserRow | null;
    if (type === 'signup' || type === 'invite') {
      row = (await tx.query<AuthUserRow>(`update auth.users set email_confirmed_at = now(), confirmation_token = '', updated_at = now() where id = $1 returning ${USER_COLUMNS}`, [user.id])).rows[0];
    } else if (type === 'recovery' || type === 'magiclink') {
      row = (
        await tx.query<AuthUserRow>(
          `update auth.users set recovery_token = '', email_confirmed_at = coalesce(email_confirmed_at, now()), updated_at = now() where id = $1 returning ${USER_COLUMNS}`,
          [user.id],
        )
      ).rows[0];
    } else if (type === 'email_change') {
      row = await applyEmailChange(tx, user, stored, ctx.config.auth.email);
      if (!row) return { single: true };
    } else {
      throw new AuthError(400, 'validation_failed', 'Unsupported verification type');
    }
    row = (await tx.query<AuthUserRow>(`update auth.users set last_sign_in_at = now() where id = $1 returning ${USER_COLUMNS}`, [row.id])).rows[0];
    return { session: await sessions.start(tx, row, 'otp'), type, user: row };
  }

  /** POST /verify: `{ type, token_hash }` or `{ type, email, token }`; the session, or GoTrue's single-confirmation message. */
  async function verifyPost(body: Record<string, unknown>): Promise<Record<string, unknown>> {
    const str = (v: unknown) => (typeof v === 'string' ? v : '');
    const type = str(body.type);
    const token = str(body.token);
    const hash = str(body.token_hash);
    const email = str(body.email);
    const phone = str(body.phone);
    if (type === '') throw new AuthError(400, 'validation_failed', 'Verify requires a verification type');
    if ((token === '' && hash === '') || (token !== '' && hash !== '')) throw new AuthError(400, 'validation_failed', 'Verify requires either a token or a token hash');
    if (token !== '' && phone !== '' && email === '') {
      validatePhone(phone);
      throw CODE_INVALID(); // no user has a phone here
    }
    if (token !== '' && !(email !== '' && phone === '')) throw new AuthError(400, 'validation_failed', 'Only an email address or phone number should be provided on verify');
    if (hash !== '' && (email !== '' || phone !== '' || str(body.redirect_to) !== '')) throw new AuthError(400, 'validation_failed', 'Only the token_hash and type should be provided');
    const address = email.trim().toLowerCase();
    if (token !== '' && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(address)) throw new AuthError(422, 'validation_failed', 'Invalid email format');
    const outcome = await ctx.db.transaction(async (tx) => {
      const found = hash !== '' ? { ...(await byTokenHash(tx, type, hash)), stored: storedToken(hash) } : await byEmailAndCode(tx, type, address, token);
      return apply(tx, found.user, found.type, found.stored);
    });
    if ('single' in outcome) return { msg: SINGLE_CONFIRMATION_ACCEPTED, code: '200' };
    return outcome.session;
  }

  /** GET /verify?token=&type=&redirect_to=: a 303 to `target` with the session (or the error) in the fragment. */
  async function verifyGet(url: URL, target: string): Promise<Response> {
    const token = url.searchParams.get('token') ?? '';
    const type = url.searchParams.get('type') ?? '';
    if (type === '') throw new AuthError(400, 'validation_failed', 'Verify requires a verification type');
    if (token === '') throw new AuthError(400, 'validation_failed', 'Verify requires a token or a token hash');
    const base = target.split('#')[0];
    let location: string;
    try {
      // The Location is written inside the transaction: should it fail, the token stays unused.
      location = await ctx.db.transaction(async (tx) => {
        const found = await byTokenHash(tx, type, token);
        const applied = await apply(tx, found.user, found.type, storedToken(token));
        if ('single' in applied) return headerSafe(`${base}#${new URLSearchParams({ message: SINGLE_CONFIRMATION_ACCEPTED, sb: '' })}`);
        if (pkce && token.startsWith(PKCE_PREFIX)) return headerSafe(withQuery(base, [['code', await pkce.issueAuthCode(tx, applied.user, found.type)]]));
        return headerSafe(`${base}#${sessionFragment(applied.session, applied.type)}`);
      });
    } catch (error) {
      if (!(error instanceof AuthError)) throw error;
      const fragment = new URLSearchParams({
        ...(OAUTH_ERROR[error.status] ? { error: OAUTH_ERROR[error.status] } : {}),
        error_code: error.errorCode,
        error_description: error.message,
        sb: '',
      });
      // A PKCE client reads the error from the query (GoTrue puts it in both).
      location = headerSafe(`${pkce && token.startsWith(PKCE_PREFIX) ? withQuery(base, [...fragment]) : base}#${fragment}`);
    }
    return new Response(null, { status: 303, headers: { Location: location } });
  }

  return { verifyPost, verifyGet };
}

/** Pure: GoTrue's fragment of a session (AsRedirectURL: keys sorted as Go's url.Values encodes them). */
export function sessionFragment(session: Record<string, unknown>, type: string): string {
  const params: Record<string, string> = {
    access_token: String(session.access_token),
    expires_at: String(session.expires_at),
    expires_in: String(session.expires_in),
    refresh_token: String(session.refresh_token),
    sb: '',
    token_type: String(session.token_type ?? 'bearer'),
    type,
  };
  return new URLSearchParams(Object.keys(params).sort().map((k) => [k, params[k]])).toString();
}

/** Pure: `base` with `params` set in its query (replacing any of the same name); a base no URL parser reads gets them appended. */
export function withQuery(base: string, params: [string, string][]): string {
  try {
    const url = new URL(base);
    for (const [key, value] of params) url.searchParams.set(key, value);
    return url.href;
  } catch {
    return `${base}${base.includes('?') ? '&' : '?'}${new URLSearchParams(params)}`;
  }
}

/** Pure: a Location header value: control and non-ASCII characters percent-encoded (UTF-8), as a browser sends the URL. */
export function headerSafe(location: string): string {
  // A lone surrogate has no UTF-8 form: it goes as U+FFFD, as a URL parser writes it.
  return location.replace(/[\x00-\x20\x7f-\u{10ffff}]/gu, (c) => (/^[\ud800-\udfff]$/u.test(c) ? '%EF%BF%BD' : encodeURIComponent(c)));
}
