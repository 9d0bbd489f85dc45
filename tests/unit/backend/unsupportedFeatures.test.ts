// What `site backend` says at start about what config.toml turns on that the embedded backend lacks.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseToml } from '../../../generator/backend/parseToml.ts';
import { supabaseConfigFromText } from '../../../generator/backend/readSupabaseConfig.ts';
import { unsupportedFeatures } from '../../../generator/backend/unsupportedFeatures.ts';

describe('unsupportedFeatures', () => {
  it('names each feature turned on that the backend lacks, with its table and what happens instead', () => {
    const said = unsupportedFeatures(
      parseToml(`
[auth.sms]
enable_signup = true
[auth.mfa.phone]
enroll_enabled = true
[auth.external.google]
enabled = true
[auth.external.github]
enabled = false
[auth.web3.solana]
enabled = true
[auth.hook.custom_access_token]
enabled = true
[auth.oauth_server]
enabled = true
[realtime]
enabled = true
`),
    );
    expect(said).toEqual([
      expect.stringMatching(/^config\.toml enables phone sign-ups \(\[auth\.sms\] enable_signup\), which is not supported by the embedded backend: /),
      expect.stringContaining('phone MFA ([auth.mfa.phone])'),
      expect.stringContaining('sign-in with google ([auth.external.google])'),
      expect.stringContaining('Web3 sign-in with solana ([auth.web3.solana])'),
      expect.stringContaining('the custom_access_token auth hook ([auth.hook.custom_access_token])'),
      expect.stringContaining('the OAuth 2.1 server ([auth.oauth_server])'),
      expect.stringContaining('Realtime ([realtime])'),
    ]);
  });

  it("says nothing of this site's config.toml, nor of passkeys and WebAuthn MFA, which the backend has", () => {
    expect(supabaseConfigFromText(readFileSync('supabase/config.toml', 'utf8')).unsupported).toEqual([]);
    expect(unsupportedFeatures(parseToml('[auth.passkey]\nenabled = true\n[auth.mfa.web_authn]\nenroll_enabled = true\nverify_enabled = true'))).toEqual([]);
  });
});
