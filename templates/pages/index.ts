/** Template name (as used in generator/routes.ts) -> page component. */
import type { ComponentType } from 'react';
import type { TemplateName } from '../../generator/routes.ts';
import { ArticlePage } from './ArticlePage.tsx';
import { BlogIndexPage } from './BlogIndexPage.tsx';
import { LegalPage } from './LegalPage.tsx';
import type { PageProps } from './PageProps.ts';
import { simplePage } from './SimplePage.tsx';

export const pageTemplates: Record<TemplateName, ComponentType<PageProps>> = {
  home: simplePage('home'),
  enterprise: simplePage('enterprise'),
  pricing: simplePage('pricing'),
  blog: BlogIndexPage,
  article: ArticlePage,
  'use-cases': simplePage('use-cases'),
  'ai-overview': simplePage('ai-overview'),
  legal: LegalPage,
  waitlist: simplePage('waitlist'),
  auth: simplePage('auth'),
  admin: simplePage('admin'),
  'not-found': simplePage('not-found'),
};
