// @vitest-environment happy-dom
/**
 * widgets/lib/forms.ts: the form rules of spec section 5, every one at its
 * exact limit, plus trimming and the order of the messages.
 */
import { describe, expect, it } from 'vitest';
import { authSchema, check, contactSchema, limits, waitlistSchema } from '../../../../../widgets/lib/forms.ts';

const s = (n: number, ch = 'a') => ch.repeat(n);
/** A valid address exactly `n` characters long. */
const emailOf = (n: number) => `${s(n - '@example.com'.length)}@example.com`;

const contact = (over: Partial<Record<'name' | 'email' | 'company' | 'message', string>> = {}) => ({
  name: 'Ann',
  email: 'ann@example.com',
  company: '',
  message: 'Hello',
  ...over,
});

const waitlist = (over: Record<string, unknown> = {}) => ({
  name: 'Ann',
  email: 'ann@example.com',
  favorite_part: 'Brand fidelity',
  desired_features: 'More themes',
  willing_to_give_feedback: false,
  ...over,
});

describe('limits (spec section 9)', () => {
  it('holds the spec constants', () => {
    expect(limits).toEqual({
      contact: { name: 100, email: 255, company: 200, message: 2000 },
      waitlist: { name: 100, email: 255, favorite_part: 500, desired_features: 1000 },
      passwordMin: 6,
    });
  });
});

describe('contactSchema', () => {
  it('accepts valid values and returns them trimmed', () => {
    const r = check(contactSchema, contact({ name: '  Ann  ', email: '  ann@example.com ', company: ' Acme ', message: '\n Hi \t' }));
    expect(r.errors).toEqual({});
    expect(r.first).toBeUndefined();
    expect(r.values).toEqual({ name: 'Ann', email: 'ann@example.com', company: 'Acme', message: 'Hi' });
  });

  describe('name', () => {
    it('accepts 100 characters', () => {
      expect(check(contactSchema, contact({ name: s(100) })).values?.name).toBe(s(100));
    });
    it('rejects 101 characters', () => {
      const r = check(contactSchema, contact({ name: s(101) }));
      expect(r.values).toBeUndefined();
      expect(r.errors).toEqual({ name: 'Name must be less than 100 characters' });
      expect(r.first).toBe('Name must be less than 100 characters');
    });
    it('measures the length after trimming', () => {
      expect(check(contactSchema, contact({ name: `  ${s(100)}  ` })).values?.name).toBe(s(100));
    });
    it('is required', () => {
      expect(check(contactSchema, contact({ name: '' })).errors).toEqual({ name: 'Name is required' });
    });
    it('treats whitespace only as empty', () => {
      expect(check(contactSchema, contact({ name: ' \t\n ' })).errors).toEqual({ name: 'Name is required' });
    });
    it.each(['\u00A0', '\u200B', '\uFEFF', '\u200B\u2060\u00AD', '\u3000\u200D'])('treats invisible characters only (%j) as empty', (name) => {
      expect(check(contactSchema, contact({ name })).errors).toEqual({ name: 'Name is required' });
    });
    it('keeps invisible characters next to visible ones', () => {
      expect(check(contactSchema, contact({ name: '\u200BAnn\u200B' })).values?.name).toBe('\u200BAnn\u200B');
    });
  });

  describe('email', () => {
    it('accepts a 255-character address', () => {
      expect(emailOf(255)).toHaveLength(255);
      expect(check(contactSchema, contact({ email: emailOf(255) })).values?.email).toBe(emailOf(255));
    });
    it('rejects a 256-character address', () => {
      expect(check(contactSchema, contact({ email: emailOf(256) })).errors).toEqual({
        email: 'Email must be less than 255 characters',
      });
    });
    it.each(['', '   ', 'ann', 'ann@', '@example.com', 'ann@example', 'ann example@x.com', 'sales@victim.co?bcc=attacker%40evil.example'])('rejects %j as invalid', (email) => {
      expect(check(contactSchema, contact({ email })).errors).toEqual({ email: 'Invalid email address' });
    });
    it('trims the address', () => {
      expect(check(contactSchema, contact({ email: '  ann@example.com  ' })).values?.email).toBe('ann@example.com');
    });
  });

  describe('company', () => {
    it('is optional (empty or whitespace only gives an empty string)', () => {
      expect(check(contactSchema, contact({ company: '' })).values?.company).toBe('');
      expect(check(contactSchema, contact({ company: '   ' })).values?.company).toBe('');
      expect(check(contactSchema, contact({ company: ' \u200B\uFEFF ' })).values?.company).toBe('');
    });
    it('accepts 200 characters', () => {
      expect(check(contactSchema, contact({ company: s(200) })).values?.company).toBe(s(200));
    });
    it('rejects 201 characters', () => {
      expect(check(contactSchema, contact({ company: s(201) })).errors).toEqual({
        company: 'Company name must be less than 200 characters',
      });
    });
  });

  describe('message', () => {
    it('accepts 2000 characters', () => {
      expect(check(contactSchema, contact({ message: s(2000) })).values?.message).toBe(s(2000));
    });
    it('rejects 2001 characters', () => {
      expect(check(contactSchema, contact({ message: s(2001) })).errors).toEqual({
        message: 'Message must be less than 2000 characters',
      });
    });
    it('is required, whitespace only included', () => {
      expect(check(contactSchema, contact({ message: '' })).errors).toEqual({ message: 'Message is required' });
      expect(check(contactSchema, contact({ message: '  \n ' })).errors).toEqual({ message: 'Message is required' });
    });
  });

  it('reports one message per field and the first one in field order', () => {
    const r = check(contactSchema, { name: '', email: 'nope', company: s(201), message: '' });
    expect(r.errors).toEqual({
      name: 'Name is required',
      email: 'Invalid email address',
      company: 'Company name must be less than 200 characters',
      message: 'Message is required',
    });
    expect(Object.keys(r.errors)).toEqual(['name', 'email', 'company', 'message']);
    expect(r.first).toBe('Name is required');
  });

  it('orders by the schema fields, not by the order of the raw keys', () => {
    const r = check(contactSchema, { message: '', company: '', email: 'nope', name: 'Ann' });
    expect(r.first).toBe('Invalid email address');
    expect(Object.keys(r.errors)).toEqual(['email', 'message']);
  });
});

describe('waitlistSchema', () => {
  it('accepts valid values, trimmed, with the checkbox boolean', () => {
    const r = check(waitlistSchema, waitlist({ name: '  Ann  ', favorite_part: ' x ', willing_to_give_feedback: true }));
    expect(r.values).toEqual({
      name: 'Ann',
      email: 'ann@example.com',
      favorite_part: 'x',
      desired_features: 'More themes',
      willing_to_give_feedback: true,
    });
  });

  it.each([
    ['name', 100, 'Name must be less than 100 characters'],
    ['favorite_part', 500, 'Favorite part must be less than 500 characters'],
    ['desired_features', 1000, 'Desired features must be less than 1000 characters'],
  ] as const)('%s: %i characters pass, one more fails', (field, max, tooLong) => {
    expect(check(waitlistSchema, waitlist({ [field]: s(max) })).values?.[field]).toBe(s(max));
    const r = check(waitlistSchema, waitlist({ [field]: s(max + 1) }));
    expect(r.errors).toEqual({ [field]: tooLong });
    expect(r.first).toBe(tooLong);
  });

  it('email: 255 characters pass, 256 fail', () => {
    expect(check(waitlistSchema, waitlist({ email: emailOf(255) })).values?.email).toBe(emailOf(255));
    expect(check(waitlistSchema, waitlist({ email: emailOf(256) })).first).toBe('Email must be less than 255 characters');
    expect(check(waitlistSchema, waitlist({ email: 'nope' })).first).toBe('Invalid email address');
  });

  it.each([
    ['name', 'Name is required'],
    ['favorite_part', 'Please tell us your favorite part'],
    ['desired_features', "Please share what features you'd like"],
  ] as const)('%s is required (empty or whitespace only): %s', (field, message) => {
    expect(check(waitlistSchema, waitlist({ [field]: '' })).errors).toEqual({ [field]: message });
    expect(check(waitlistSchema, waitlist({ [field]: '   ' })).first).toBe(message);
    expect(check(waitlistSchema, waitlist({ [field]: '\u00A0\u200B\uFEFF' })).first).toBe(message);
  });

  it('first is the first message in field order', () => {
    const all = check(waitlistSchema, { name: '', email: '', favorite_part: '', desired_features: '', willing_to_give_feedback: false });
    expect(all.first).toBe('Name is required');
    expect(all.errors).toEqual({
      name: 'Name is required',
      email: 'Invalid email address',
      favorite_part: 'Please tell us your favorite part',
      desired_features: "Please share what features you'd like",
    });
    expect(check(waitlistSchema, waitlist({ email: 'x', desired_features: '' })).first).toBe('Invalid email address');
    expect(check(waitlistSchema, waitlist({ favorite_part: '', desired_features: '' })).first).toBe('Please tell us your favorite part');
    expect(check(waitlistSchema, waitlist({ desired_features: '' })).first).toBe("Please share what features you'd like");
  });

  it('needs the checkbox as a boolean', () => {
    expect(check(waitlistSchema, waitlist({ willing_to_give_feedback: 'on' })).errors).toHaveProperty('willing_to_give_feedback');
  });
});

describe('authSchema', () => {
  it('password: 5 characters fail, 6 pass', () => {
    expect(check(authSchema, { email: 'a@b.co', password: '12345' }).errors).toEqual({
      password: 'Password must be at least 6 characters',
    });
    expect(check(authSchema, { email: 'a@b.co', password: '123456' }).values).toEqual({ email: 'a@b.co', password: '123456' });
  });

  it('email is required and must be valid (trimmed)', () => {
    expect(check(authSchema, { email: '  ', password: '123456' }).errors).toEqual({ email: 'Email is required' });
    expect(check(authSchema, { email: 'nope', password: '123456' }).errors).toEqual({ email: 'Invalid email address' });
    expect(check(authSchema, { email: ' a@b.co ', password: '123456' }).values?.email).toBe('a@b.co');
  });
});
