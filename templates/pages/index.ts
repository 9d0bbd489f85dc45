/** Template name (as used in templates/routes.ts) -> page component. */
import type { ComponentType } from 'react';
import type { TemplateName } from '../routes.ts';
import { AdminPage } from './AdminPage.tsx';
import { AiOverviewPage } from './AiOverviewPage.tsx';
import { ArticlePage } from './ArticlePage.tsx';
import { AuthPage } from './AuthPage.tsx';
import { BlogIndexPage } from './BlogIndexPage.tsx';
import { EnterprisePage } from './EnterprisePage.tsx';
import { HomePage } from './HomePage.tsx';
import { LegalPage } from './LegalPage.tsx';
import { NotFoundPage } from './NotFoundPage.tsx';
import type { PageProps } from './PageProps.ts';
import { PricingPage } from './PricingPage.tsx';
import { UseCasesPage } from './UseCasesPage.tsx';
import { WaitlistPage } from './WaitlistPage.tsx';

export const pageTemplates: Record<TemplateName, ComponentType<PageProps>> = {
  home: HomePage,
  enterprise: EnterprisePage,
  pricing: PricingPage,
  blog: BlogIndexPage,
  article: ArticlePage,
  'use-cases': UseCasesPage,
  'ai-overview': AiOverviewPage,
  legal: LegalPage,
  waitlist: WaitlistPage,
  auth: AuthPage,
  admin: AdminPage,
  'not-found': NotFoundPage,
};
