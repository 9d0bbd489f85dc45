/**
 * The site's content and the schema each file follows: the site's name, URL and contact address, the
 * home page's words (hero, features, plans, the sign-up form's), and the privacy page in markdown.
 */
import { collection, type ContentOf } from 'skerry';
import { z } from 'zod';

const SiteInfo = z.object({
  name: z.string().min(1),
  url: z.url(),
  description: z.string().min(1),
  language: z.string().default('en'),
  email: z.email(),
});

const Feature = z.object({ title: z.string().min(1), text: z.string().min(1) });
const Plan = z.object({ name: z.string().min(1), price: z.string().min(1), period: z.string().min(1), features: z.array(z.string().min(1)).min(1) });

/** What the sign-up form says (the SignUp island gets it as its props). */
const SignUpCopy = z.object({
  title: z.string().min(1),
  lead: z.string().min(1),
  label: z.string().min(1),
  button: z.string().min(1),
  sending: z.string().min(1),
  thanks: z.string().min(1),
  invalid: z.string().min(1),
  failed: z.string().min(1),
});

const Home = z.object({
  hero: z.object({ title: z.string().min(1), lead: z.string().min(1), cta: z.string().min(1) }),
  features: z.array(Feature).min(1),
  plans: z.array(Plan).min(1),
  signup: SignUpCopy,
});

const Legal = z.object({ title: z.string().min(1), description: z.string().min(1) });

export const collections = {
  site: collection.file('site.json', SiteInfo),
  home: collection.file('home.json', Home),
  /** A markdown file: its front matter, and its body rendered (`html`). */
  privacy: collection.file('privacy.md', Legal),
};

export type Content = ContentOf<typeof collections>;
