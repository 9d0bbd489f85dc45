import { createHash, randomBytes } from 'node:crypto';
import bcrypt from './passwordHashing.ts';
import type { BackendContext } from '../BackendContext.ts';
import type { Queryable } from '../Database.ts';
import { AuthError } from './authError.ts';
import { checkPassword, MAX_PASSWORD_BYTES } from './checkPassword.ts';
import { parseGoDuration } from './goDuration.ts';
import { listFactors } from './listFactors.ts';
import { USER_COLUMNS, userJson, type AuthUserRow } from './userJson.ts';
import { validateEmail } from './validateEmail.ts';
import { validatePhone } from './validatePhone.ts';

/** GoTrue's DuplicateEmailMsg. */
export const DUPLICATE_EMAIL = 'A user with this email address has already been registered';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const DEFAULT_PER_PAGE = 50;

type Body = Record<string, unknown>;

/** Pure: a JSON object of the body, or null when the key is absent or not an object. */
function objectParam(value: unknown): Record<string, unknown> | null {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
}

/**
 * SQL of GoTrue's UpdateUserMetaData / UpdateAppMetaData: the keys of `$n` merged into `column`
 * at the top level, a key set to null removed.
 */
function mergedMetadata(column: string, param: string): string {
  return `(select coalesce(jsonb_object_agg(key, value), '{}'::jsonb) from jsonb_each(${column} || ${param}::jsonb) where value <> 'null'::jsonb)`;
}

/**
 * Pure: ban_duration as GoTrue reads it: '' leaves the ban as is (undefined), "none" or 0 lifts it
 * (null), a Go duration bans until now + duration.
 */
export function banUntil(value: unknown, now = Date.now()): Date | null | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  const text = String(value);
  if (text === 'none') return null;
  const ms = parseGoDuration(text);
  if (ms === null) throw new AuthError(400, 'validation_failed', `invalid format for ban duration: time: invalid duration ${JSON.stringify(text)}`);
  return ms === 0 ? null : new Date(now + ms);
}

/** Phone numbers: checked as GoTrue checks them, then refused, since the embedded server keeps no phone. */
function refusePhone(phone: unknown): void {
  if (phone === undefined || phone === null || phone === '') return;
  validatePhone(String(phone));
  throw new AuthError(400, 'validation_failed', 'Phone numbers are not supported by the embedded auth server');
}

/**
 * The users part of GoTrue's admin API (internal/api/admin.go), for the service role only (the caller
 * checks that): GET and POST /admin/users, GET, PUT and DELETE /admin/users/{id}, and the user's
 * MFA factors (GET /admin/users/{id}/factors, PUT and DELETE /admin/users/{id}/factors/{factorId}).
 */
export function adminUsers(ctx: BackendContext) {
  const minimumLength = ctx.config.auth.minimumPasswordLength;

  /** GoTrue's loadUser. */
  async function loadUser(db: Queryable, id: string): Promise<AuthUserRow> {
    if (!UUID.test(id)) throw new AuthError(404, 'validation_failed', 'user_id must be an UUID');
    const found = await db.query<AuthUserRow>(`select ${USER_COLUMNS} from auth.users where id = $1`, [id]);
    if (!found.rows[0]) throw new AuthError(404, 'user_not_found', 'User not found');
    return found.rows[0];
  }

  async function withFactors(row: AuthUserRow): Promise<Record<string, unknown>> {
    return userJson(row, await listFactors(ctx.db, row.id));
  }

  /** GET /admin/users?page=&per_page=: newest first, with GoTrue's Link and X-Total-Count headers. */
  async function list(url: URL): Promise<{ body: Record<string, unknown>; headers: Record<string, string> }> {
    const number = (name: string, fallback: number) => {
      const text = url.searchParams.get(name) ?? '';
      if (text === '') return fallback;
      if (!/^\d+$/.test(text)) throw new AuthError(400, 'validation_failed', `Bad Pagination Parameters: strconv.ParseUint: parsing ${JSON.stringify(text)}: invalid syntax`);
      return Number(text);
    };
    const page = number('page', 1);
    const perPage = number('per_page', DEFAULT_PER_PAGE);
    // pop's paginator: a page below 1 is page 1, a page size below 1 is 20.
    const limit = perPage < 1 ? 20 : perPage;
    const offset = (Math.max(page, 1) - 1) * limit;
    const filter = url.searchParams.get('filter') ?? '';
    const where = filter ? `where email ilike $3 or raw_user_meta_data->>'full_name' ilike $3` : '';
    const params: unknown[] = [limit, offset, ...(filter ? [`%${filter}%`] : [])];
    const rows = await ctx.db.query<AuthUserRow>(`select ${USER_COLUMNS} from auth.users ${where} order by created_at desc, id limit $1 offset $2`, params);
    const count = await ctx.db.query<{ n: number }>(`select count(*)::int as n from auth.users ${where}`, filter ? [`%${filter}%`] : []);
    const total = count.rows[0].n;
    const users = [];
    for (const row of rows.rows) users.push(await withFactors(row));
    return { body: { users, aud: 'authenticated' }, headers: paginationHeaders(url, Math.max(page, 1), limit, total) };
  }

  /** POST /admin/users */
  async function create(body: Body): Promise<Record<string, unknown>> {
    const hasEmail = body.email !== undefined && body.email !== null && body.email !== '';
    if (!hasEmail && (body.phone === undefined || body.phone === null || body.phone === '')) {
      throw new AuthError(400, 'validation_failed', 'Cannot create a user without either an email or phone');
    }
    const email = hasEmail ? validateEmail(body.email) : null;
    if (email) {
      const taken = await ctx.db.query(`select 1 from auth.users where lower(email) = $1`, [email]);
      if (taken.rows.length) throw new AuthError(422, 'email_exists', DUPLICATE_EMAIL);
    }
    refusePhone(body.phone);
    if (body.password_hash !== undefined && body.password_hash !== '') {
      if (body.password !== undefined && body.password !== null) throw new AuthError(400, 'validation_failed', 'Only a password or a password hash should be provided');
      throw new AuthError(400, 'validation_failed', 'password_hash is not supported by the embedded auth server');
    }
    // No password: a random one nobody knows, as GoTrue generates (the user signs in by link or is given one later).
    const password = typeof body.password === 'string' && body.password !== '' ? body.password : randomBytes(48).toString('base64');
    if (Buffer.byteLength(password, 'utf8') > MAX_PASSWORD_BYTES) throw new AuthError(400, 'validation_failed', 'bcrypt: password length exceeds 72 bytes');
    let id: string | null = null;
    if (body.id !== undefined && body.id !== '') {
      if (typeof body.id !== 'string' || !UUID.test(body.id)) throw new AuthError(400, 'validation_failed', 'ID must conform to the uuid v4 format');
      if (/^[0-]+$/.test(body.id)) throw new AuthError(400, 'validation_failed', 'ID cannot be a nil uuid');
      id = body.id;
    }
    const banned = banUntil(body.ban_duration);
    const userMeta = objectParam(body.user_metadata) ?? {};
    const appMeta = objectParam(body.app_metadata) ?? {};
    const hash = await bcrypt.hash(password, ctx.bcryptCost);
    try {
      const inserted = await ctx.db.query<AuthUserRow>(
        `insert into auth.users (id, email, encrypted_password, raw_user_meta_data, raw_app_meta_data, email_confirmed_at, banned_until)
         values (coalesce($1::uuid, gen_random_uuid()), $2, $3, $4::jsonb,
                 ${mergedMetadata(`'{"provider":"email","providers":["email"]}'::jsonb`, '$5')},
                 case when $6 then now() end, $7)
         returning ${USER_COLUMNS}`,
        [id, email, hash, JSON.stringify(userMeta), JSON.stringify(appMeta), body.email_confirm === true, banned ?? null],
      );
      return userJson(inserted.rows[0]);
    } catch (error) {
      if ((error as { code?: string }).code === '23505') throw new AuthError(422, 'email_exists', DUPLICATE_EMAIL);
      throw error;
    }
  }

  /** PUT /admin/users/{id}: email (applied at once), password, email_confirm, metadata, ban_duration. */
  async function update(id: string, body: Body): Promise<Record<string, unknown>> {
    const user = await loadUser(ctx.db, id);
    const email = body.email !== undefined && body.email !== null && body.email !== '' ? validateEmail(body.email) : null;
    refusePhone(body.phone);
    const banned = banUntil(body.ban_duration);
    const password = body.password !== undefined && body.password !== null ? checkPassword(body.password, minimumLength) : null;
    const hash = password !== null ? await bcrypt.hash(password, ctx.bcryptCost) : null;
    const userMeta = objectParam(body.user_metadata);
    const appMeta = objectParam(body.app_metadata);
    try {
      const row = await ctx.db.transaction(async (tx) => {
        let current = user;
        const set = async (sql: string, params: unknown[]) =>
          (current = (await tx.query<AuthUserRow>(`update auth.users set ${sql}, updated_at = now() where id = $1 returning ${USER_COLUMNS}`, [user.id, ...params])).rows[0]);
        if (body.email_confirm === true) await set(`email_confirmed_at = coalesce(email_confirmed_at, now()), confirmation_token = ''`, []);
        if (hash) await set('encrypted_password = $2', [hash]);
        if (email) {
          // An anonymous user confirmed by the admin becomes a permanent one (GoTrue's adminUserUpdate).
          await set(`email = $2, is_anonymous = is_anonymous and not $3`, [email, body.email_confirm === true]);
        }
        if (appMeta) await set(`raw_app_meta_data = ${mergedMetadata('raw_app_meta_data', '$2')}`, [JSON.stringify(appMeta)]);
        if (userMeta) await set(`raw_user_meta_data = ${mergedMetadata('raw_user_meta_data', '$2')}`, [JSON.stringify(userMeta)]);
        if (banned !== undefined) await set('banned_until = $2', [banned]);
        return current;
      });
      return withFactors(row);
    } catch (error) {
      if ((error as { code?: string }).code === '23505') throw new AuthError(422, 'email_exists', DUPLICATE_EMAIL);
      throw error;
    }
  }

  /**
   * DELETE /admin/users/{id}: the row and all it owns, or with should_soft_delete GoTrue's soft
   * delete: email obfuscated, password, tokens and user_metadata cleared, factors and sessions gone,
   * deleted_at set; the row stays.
   */
  async function remove(id: string, body: Body): Promise<Record<string, unknown>> {
    const user = await loadUser(ctx.db, id);
    if (body.should_soft_delete !== true) {
      await ctx.db.query(`delete from auth.users where id = $1`, [user.id]);
      return {};
    }
    if (user.deleted_at) return {};
    const obfuscated = (value: string) => createHash('sha256').update(user.id + value).digest('base64url');
    await ctx.db.transaction(async (tx) => {
      await tx.query(
        `update auth.users set email = $2, email_change = $3, encrypted_password = null, confirmation_token = '', recovery_token = '',
                email_change_token_current = '', email_change_token_new = '', raw_user_meta_data = '{}', deleted_at = now(), updated_at = now()
          where id = $1`,
        [user.id, user.email ? obfuscated(user.email) : null, obfuscated(user.email_change ?? '')],
      );
      await tx.query(`delete from auth.mfa_factors where user_id = $1`, [user.id]);
      await tx.query(`delete from auth.sessions where user_id = $1`, [user.id]);
    });
    return {};
  }

  /** GoTrue's loadFactor, of the user `userId`. */
  async function loadFactor(userId: string, factorId: string): Promise<Record<string, unknown>> {
    if (!UUID.test(factorId)) throw new AuthError(404, 'validation_failed', 'factor_id must be an UUID');
    const factor = (await listFactors(ctx.db, userId)).find((f) => f.id === factorId.toLowerCase());
    if (!factor) throw new AuthError(404, 'mfa_factor_not_found', 'Factor not found');
    return factor;
  }

  /** DELETE /admin/users/{id}/factors/{factorId}: the factor goes; sign-ins it raised fall back to aal1. */
  async function deleteFactor(userId: string, factorId: string): Promise<Record<string, unknown>> {
    const user = await loadUser(ctx.db, userId);
    const factor = await loadFactor(user.id, factorId);
    await ctx.db.transaction(async (tx) => {
      await tx.query(`delete from auth.mfa_amr_claims where authentication_method = $2 and session_id in (select id from auth.sessions where factor_id = $1)`, [
        factor.id,
        factor.factor_type,
      ]);
      await tx.query(`update auth.sessions set aal = 'aal1', factor_id = null, updated_at = now() where factor_id = $1`, [factor.id]);
      await tx.query(`delete from auth.mfa_factors where id = $1`, [factor.id]);
    });
    return factor;
  }

  /** PUT /admin/users/{id}/factors/{factorId}: a new friendly_name. */
  async function updateFactor(userId: string, factorId: string, body: Body): Promise<Record<string, unknown>> {
    const user = await loadUser(ctx.db, userId);
    const factor = await loadFactor(user.id, factorId);
    if (typeof body.friendly_name === 'string' && body.friendly_name !== '') {
      await ctx.db.query(`update auth.mfa_factors set friendly_name = $2, updated_at = now() where id = $1`, [factor.id, body.friendly_name]);
    }
    return loadFactor(user.id, factorId);
  }

  return {
    list,
    create,
    update,
    remove,
    get: async (id: string) => withFactors(await loadUser(ctx.db, id)),
    factors: async (id: string) => listFactors(ctx.db, (await loadUser(ctx.db, id)).id),
    /** GoTrue's loadUser: 404 for an id that is not a UUID or names no user. */
    load: (id: string) => loadUser(ctx.db, id),
    deleteFactor,
    updateFactor,
  };
}

/** Pure: GoTrue's addPaginationHeaders: Link with rel="next" (when there is a next page) and rel="last", and X-Total-Count. */
export function paginationHeaders(url: URL, page: number, perPage: number, total: number): Record<string, string> {
  const totalPages = Math.ceil(total / perPage);
  const at = (p: number) => {
    const next = new URL(url);
    next.searchParams.set('page', String(p));
    // GoTrue writes the request's path and query (Go's url.Values.Encode sorts the keys).
    const query = [...next.searchParams.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    // The path GoTrue sees behind the gateway: without the /auth/v1 prefix.
    return `<${next.pathname.replace(/^.*?\/auth\/v1(?=\/)/, '')}?${new URLSearchParams(query).toString()}>`;
  };
  const link = (totalPages > page ? `${at(page + 1)}; rel="next", ` : '') + `${at(totalPages)}; rel="last"`;
  return { Link: link, 'X-Total-Count': String(total) };
}
