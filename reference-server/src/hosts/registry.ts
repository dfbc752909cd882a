import type express from 'express';
import type { Role } from '../roles';
import { createAssetsApp } from './assets';
import { createBareApp } from './bare';
import type { HostContext } from './context';
import { createMaintenanceApp } from './maintenance';
import { createSiteApp } from './site';

type HostFactory = (ctx: HostContext) => express.Express;

/** The roles the reference implements, each a factory returning its app. */
export const HOST_FACTORIES: Partial<Record<Role, HostFactory>> = {
  site: createSiteApp,
  bare: createBareApp,
  assets: createAssetsApp,
  maintenance: createMaintenanceApp,
};

/** Roles answered on the plain-HTTP port (real OCSP clients use http). */
export const PLAIN_HTTP_ROLES: readonly Role[] = ['ocsp'];
