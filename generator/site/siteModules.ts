/**
 * What a site's bundle (selfBundle.mjs: siteBundle) takes from the engine that runs it instead of carrying
 * a copy of its own: React, zod and the engine's exports (package.json `exports`), by the name the site
 * bundle's require() gives them (selfBundle.mjs: SHARED_PACKAGES, engineModuleId). So the site's templates
 * and the engine share one React (its hooks and context), one zod (the schemas the engine checks) and one
 * of each engine module (the render context, the plugin API). Loaded by the entries that run sites
 * (embeddedSite.ts: shareWithSite), when a site is loaded.
 */
import * as react from 'react';
import * as reactJsxRuntime from 'react/jsx-runtime';
import * as reactJsxDevRuntime from 'react/jsx-dev-runtime';
import * as reactDom from 'react-dom';
import * as reactDomServer from 'react-dom/server';
import * as reactDomClient from 'react-dom/client';
import * as zod from 'zod';
import * as api from './api.ts';
import * as islands from '../islands/index.ts';
import * as searchIndex from '../islands/searchIndex.ts';
import * as client from '../islands/client.ts';
import type { SiteModules } from './embeddedSite.ts';

export const siteModules: SiteModules = {
  react,
  'react/jsx-runtime': reactJsxRuntime,
  'react/jsx-dev-runtime': reactJsxDevRuntime,
  'react-dom': reactDom,
  'react-dom/server': reactDomServer,
  'react-dom/client': reactDomClient,
  zod,
  'engine:generator/site/api.ts': api,
  'engine:generator/islands/index.ts': islands,
  'engine:generator/islands/searchIndex.ts': searchIndex,
  'engine:generator/islands/client.ts': client,
};
