import { describe, expect, it } from 'vitest';
import { blockedHostText, hostAllowed } from '../../../generator/dev/hostCheck.ts';

describe('hostAllowed (Vite’s allowedHosts rules)', () => {
  it('allows IP addresses, localhost and names under .localhost, with or without a port', () => {
    for (const host of ['127.0.0.1:4321', '127.0.0.1', '192.168.1.20:4321', '[::1]:4321', '[::1]', '[fe80::1]:80', 'localhost:4321', 'localhost', 'app.localhost:4321']) {
      expect(hostAllowed(host, {}), host).toBe(true);
    }
  });

  it('refuses any other name, a missing Host, and malformed brackets', () => {
    for (const host of ['attacker.example:4321', 'attacker.example', 'localhost.attacker.example', '127.0.0.1.nip.io:4321', '[::1', '[not-ip]:80', '', undefined]) {
      expect(hostAllowed(host, {}), String(host)).toBe(false);
    }
  });

  it('allows the host it listens on, and allowedHosts: a name, or .name for it and the names under it', () => {
    expect(hostAllowed('devbox.lan:4321', { host: 'devbox.lan' })).toBe(true);
    expect(hostAllowed('other.lan:4321', { host: 'devbox.lan' })).toBe(false);
    const rule = { allowedHosts: ['preview.example.com', '.tailnet.example'] };
    expect(hostAllowed('preview.example.com:443', rule)).toBe(true);
    expect(hostAllowed('www.preview.example.com', rule)).toBe(false);
    expect(hostAllowed('tailnet.example', rule)).toBe(true);
    expect(hostAllowed('box.tailnet.example:4321', rule)).toBe(true);
    expect(hostAllowed('a.b.tailnet.example', rule)).toBe(true);
    expect(hostAllowed('eviltailnet.example', rule)).toBe(false);
    expect(hostAllowed('attacker.example', { allowedHosts: true })).toBe(true);
    expect(hostAllowed(undefined, { allowedHosts: true })).toBe(true);
  });

  it('says which host was refused and how to allow it', () => {
    expect(blockedHostText('attacker.example:4321')).toBe('Blocked request. This host ("attacker.example") is not allowed.\nTo allow this host, add "attacker.example" to `allowedHosts` in site.config.ts.\n');
  });
});
