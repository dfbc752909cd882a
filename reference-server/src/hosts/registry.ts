import type express from 'express';
import { ROLE_TABLE } from '../../../service/roles';
import { ROLES, type Role } from '../roles';
import { createAnalyticsApp } from './analytics';
import { createAssetsApp } from './assets';
import { createBareApp } from './bare';
import type { HostContext } from './context';
import { createMaintenanceApp } from './maintenance';
import { createOcspApp } from './ocsp';
import { createRedirectorApp } from './redirector';
import { createShopApp } from './shop';
import { createSiteApp } from './site';

type HostFactory = (ctx: HostContext) => express.Express;

/** The roles the reference implements, each a factory returning its app. */
export const HOST_FACTORIES: Partial<Record<Role, HostFactory>> = {
  site: createSiteApp,
  bare: createBareApp,
  assets: createAssetsApp,
  maintenance: createMaintenanceApp,
  ocsp: createOcspApp,
  shop: createShopApp,
  redirector: createRedirectorApp,
  analytics: createAnalyticsApp,
};

/** Roles answered on the plain-HTTP port (real OCSP clients use http). */
export const PLAIN_HTTP_ROLES: readonly Role[] = ROLES.filter((r) => 'plainHttp' in ROLE_TABLE[r]);
