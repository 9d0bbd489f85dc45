import type { TomlTable, TomlValue } from './parseToml.ts';

/**
 * Pure: what a config.toml turns on that the embedded backend does not have, one sentence each, so that
 * `site backend` and `site dev` say so at start instead of leaving the developer to find out from an
 * error. A feature counts as turned on only where the file says so (`enabled = true`, or the key named).
 */
export function unsupportedFeatures(toml: TomlTable): string[] {
  const table = (dotted: string): TomlTable | null => {
    let node: TomlValue | undefined = toml;
    for (const part of dotted.split('.')) node = isTable(node) ? node[part] : undefined;
    return isTable(node) ? node : null;
  };
  const on = (dotted: string, key = 'enabled') => table(dotted)?.[key] === true;
  const said: string[] = [];
  const say = (what: string, where: string, instead: string) =>
    said.push(`config.toml enables ${what} (${where}), which is not supported by the embedded backend: ${instead}.`);

  if (on('auth.sms', 'enable_signup')) say('phone sign-ups', '[auth.sms] enable_signup', 'signUp({ phone }) answers 400 phone_provider_disabled');
  if (on('auth.mfa.phone', 'enroll_enabled') || on('auth.mfa.phone', 'verify_enabled')) {
    say('phone MFA', '[auth.mfa.phone]', 'mfa.enroll({ factorType: "phone" }) answers 422 mfa_phone_enroll_not_enabled');
  }
  for (const [name] of subTables(table('auth.external'))) {
    if (on(`auth.external.${name}`)) say(`sign-in with ${name}`, `[auth.external.${name}]`, 'signInWithOAuth and signInWithIdToken answer as with the provider off');
  }
  for (const [name] of subTables(table('auth.web3'))) {
    if (on(`auth.web3.${name}`)) say(`Web3 sign-in with ${name}`, `[auth.web3.${name}]`, 'signInWithWeb3 answers 422 web3_provider_disabled');
  }
  for (const [name] of subTables(table('auth.third_party'))) {
    if (on(`auth.third_party.${name}`)) say(`third-party auth with ${name}`, `[auth.third_party.${name}]`, "that provider's tokens are refused as invalid JWTs");
  }
  for (const [name] of subTables(table('auth.hook'))) {
    if (on(`auth.hook.${name}`)) say(`the ${name} auth hook`, `[auth.hook.${name}]`, 'it is never called');
  }
  if (on('auth.captcha')) say('CAPTCHA protection', '[auth.captcha]', 'captcha tokens are not checked');
  if (on('auth.oauth_server')) {
    say('the OAuth 2.1 server', '[auth.oauth_server]', 'only its client registry (auth.admin.oauth.*) is served; /oauth/* answers 404');
  }
  if (on('auth.email.smtp')) say('sending mail through SMTP', '[auth.email.smtp]', 'mail lands in the local inbox instead');
  if (on('realtime')) say('Realtime', '[realtime]', 'there is no /realtime/v1');
  return said;
}

function isTable(value: TomlValue | undefined): value is TomlTable {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function subTables(node: TomlTable | null): [string, TomlTable][] {
  return node ? Object.entries(node).filter((entry): entry is [string, TomlTable] => isTable(entry[1])) : [];
}
