import * as fs from 'node:fs';
import * as path from 'node:path';
import cookieParser from 'cookie-parser';
import type express from 'express';
import type { ErrorRequestHandler, Request, RequestHandler, Response } from 'express';
import { createApp } from '../../http/app';
import { withFastPath, type FastPath } from '../../http/fast-path';
import { resolveRequestPath } from '../../http/request-path';
import { doubleFrameOptions, securityHeadersMiddleware, setSecurityHeaders } from '../../http/security-headers';
import { sendBody } from '../../http/send-body';
import { indexIisStaticFiles, sendIisStaticFile } from '../../http/static-files';
import { hostnameOf, originOf } from '../../http/urls';
import type { HostContext } from '../context';
import { renamer } from '../deployment';
import { homePageCookies, identifiedVisitorCookie, instanceAffinity as affinityOf } from './cookies';
import { BAD_REQUEST_PAGE, METHOD_NOT_ALLOWED_PAGE, NOT_FOUND_PAGE, SERVER_ERROR_PAGE } from './error-pages';
import { parseGuidsQuery } from './guids';
import { dotNetTicks, loadTemplate, THEME_VERSION } from './home-page';
import { fromStylesheet, inlineFontFaces, splitFontFaces } from './inline-fonts';
import { findPlans } from './lesson-plans';
import { isBracedAbsolutePath, maintenanceLocation, objectMovedBody } from './malformed-path';
import { plainMovedBody } from '../../http/plain-moved';

type Route = (req: Request, res: Response, query: string | undefined) => Promise<void>;

/** The @font-face rules of the site's stylesheets (`<section>/css/*.css`), written for the home page. */
function stylesheetFontFaces(cssDir: string, rename: (text: string) => string): string[] {
  return fs
    .readdirSync(cssDir)
    .filter((n) => n.endsWith('.css'))
    .sort()
    .flatMap((n) => splitFontFaces(rename(fs.readFileSync(path.join(cssDir, n), 'utf8'))).fontFaces)
    .map((rule) => fromStylesheet(rule, '/{{SECTION}}/css'));
}

const HTML = 'text/html; charset=utf-8';
const PLAIN_NOT_FOUND = '<!doctype html><title>Not found</title><p>There is no page at this address.</p>\n';
const JSON_TYPE = 'application/json; charset=utf-8';

/** `expired`: how the deployment writes "already expired" in Expires (ASP.NET's `-1`, or a date in the past). */
function noStore(res: Response, expired: string): void {
  res.setHeader('Cache-Control', 'no-cache, no-store');
  res.setHeader('Pragma', 'no-cache');
  res.setHeader('Expires', expired);
}

/**
 * The site host ({base_url}): a Sitecore SXA site on IIS / Azure App Service. Every file it
 * serves is read into memory here; requests never touch the file system.
 * Long because its routes, middleware and fast path are closures over what is read here (the file
 * index, the home template, the deployment's choices) and share the `routes` table; apart, each
 * would take those as parameters.
 */
export function createSiteApp(ctx: HostContext): express.Express {
  const app = createApp();
  const siteRoot = path.join(ctx.contentRoot, 'site');
  const rename = renamer(ctx.deployment);
  const { deployment } = ctx;
  // Fonts declared inline: the stylesheets lose their @font-face rules, the home page gains them.
  const inline = deployment.fontFaces === 'inline-style';
  const fontFaces = inline ? stylesheetFontFaces(path.join(siteRoot, 'section/css'), rename) : [];
  // The portal's own icon answers /favicon.ico; the reference's is then out of the way (never linked).
  const portalIcon = deployment.siteFavicon === 'portal';
  const files = indexIisStaticFiles(
    [
      { dir: path.join(siteRoot, 'section'), urlPrefix: `/${ctx.section}`, rename: inline ? (text) => splitFontFaces(rename(text)).rest : rename },
      {
        dir: path.join(siteRoot, 'root'),
        urlPrefix: '',
        rename: portalIcon ? (text) => rename(text).replace(/^\/favicon\.ico$/, '/favicon.reference.ico') : rename,
      },
      ...(portalIcon ? [{ dir: path.join(siteRoot, 'portal-root'), urlPrefix: '' }] : []),
    ],
    deployment.textCharset ? { textCharset: deployment.textCharset } : {},
  );
  const home = loadTemplate(path.join(siteRoot, 'pages/home.html'), (text) => inlineFontFaces(rename(text), fontFaces));
  const instanceAffinity = deployment.affinityHex === 'upper' ? affinityOf(deployment.name).toUpperCase() : affinityOf(deployment.name);
  const noVary = !deployment.varyOnDynamic;
  const expired = deployment.expiredAs === 'epoch' ? 'Thu, 01 Jan 1970 00:00:00 GMT' : '-1';

  const homePage: Route = async (req, res) => {
    const now = new Date();
    const html = home.render({
      ASSET_ORIGIN: originOf('assets', req),
      ANALYTICS_ORIGIN: originOf('analytics', req),
      SECTION: ctx.section,
      LW: THEME_VERSION,
      VI_TICKS: dotNetTicks(now),
    });
    doubleFrameOptions(res, deployment.homeFrameOptions);
    noStore(res, expired);
    res.setHeader('Set-Cookie', homePageCookies(req.cookies ?? {}, hostnameOf(req), instanceAffinity, now, deployment));
    await sendBody(req, res, html, { type: HTML, codings: ['gzip'], noVary });
  };

  const planLookup: Route = async (req, res, query) => {
    res.setHeader('Cache-Control', 'no-cache');
    res.setHeader('Pragma', 'no-cache');
    res.setHeader('Expires', expired);
    const parsed = parseGuidsQuery(query);
    if (!parsed.ok) {
      const error =
        deployment.lessonPlanError === 'nested'
          ? { error: { code: 'invalid_guids', message: parsed.message, value: parsed.value } }
          : { message: parsed.message, invalid: parsed.value };
      await sendBody(req, res, JSON.stringify(error), { status: 400, type: JSON_TYPE, codings: ['gzip'], noVary });
      return;
    }
    await sendBody(req, res, JSON.stringify(findPlans(parsed.ids)), { type: JSON_TYPE, codings: ['gzip'], noVary });
  };

  const visitorIdentified: Route = async (req, res) => {
    noStore(res, expired);
    res.setHeader('Set-Cookie', identifiedVisitorCookie(req.cookies ?? {}, new Date(), deployment.cookieYears.analyticsTenYearsDays));
    await sendBody(req, res, '/* visitor identification */\n', { type: 'text/css; charset=utf-8', codings: ['gzip'], noVary });
  };

  const routes = new Map<string, Route>([
    ['/', homePage],
    ['/api/lessonplan/getplanjson', planLookup],
    ['/layouts/system/visitoridentificationcss.aspx', visitorIdentified],
  ]);

  const onlyGetAndHead: RequestHandler = (req, res, next) => {
    if (req.method === 'GET' || req.method === 'HEAD') return next();
    res.setHeader('Allow', 'GET, HEAD');
    return sendBody(req, res, METHOD_NOT_ALLOWED_PAGE, { status: 405, type: 'text/html' });
  };

  const bracedAbsolutePath: RequestHandler = (req, res, next) => {
    const rawPath = req.url.split('?', 1)[0];
    if (!isBracedAbsolutePath(rawPath)) return next();
    const location = maintenanceLocation(originOf('maintenance', req), rawPath);
    res.setHeader('Location', location);
    return sendBody(req, res, deployment.redirectBodies === 'iis' ? objectMovedBody(location) : plainMovedBody(location), { status: 302, type: HTML });
  };

  const dispatch: RequestHandler = async (req, res) => {
    const resolved = resolveRequestPath(req.url);
    if (resolved.kind === 'bad-request') return sendBody(req, res, BAD_REQUEST_PAGE, { status: 400, type: 'text/html; charset=us-ascii' });
    if (resolved.kind === 'ok') {
      const route = routes.get(resolved.key);
      if (route) return route(req, res, resolved.query);
      const file = files.get(resolved.key);
      if (file) return sendIisStaticFile(req, res, file);
    }
    return sendBody(req, res, deployment.notFoundPage === 'iis' ? NOT_FOUND_PAGE : PLAIN_NOT_FOUND, { status: 404, type: 'text/html' });
  };

  const answerServerError = (req: Request, res: Response): void => {
    if (res.headersSent) {
      res.destroy();
      return;
    }
    for (const name of ['Content-Encoding', 'Content-Range', 'ETag', 'Last-Modified', 'Set-Cookie']) res.removeHeader(name);
    void sendBody(req, res, SERVER_ERROR_PAGE, { status: 500, type: 'text/html' });
  };

  const serverError: ErrorRequestHandler = (err, req, res, _next) => {
    void err;
    answerServerError(req, res);
  };

  // Static files skip Express: the same answer as the chain below gives them (security headers,
  // then the file), at several times the rate (bench/static.ts).
  const staticFiles: FastPath = (req, res) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return false;
    const url = req.url ?? '';
    const resolved = resolveRequestPath(url);
    if (resolved.kind !== 'ok' || routes.has(resolved.key)) return false;
    const file = files.get(resolved.key);
    if (!file || isBracedAbsolutePath(url.split('?', 1)[0])) return false;
    const [request, response] = [req as unknown as Request, res as unknown as Response];
    setSecurityHeaders(request, response, deployment);
    sendIisStaticFile(request, response, file).catch(() => answerServerError(request, response));
    return true;
  };

  app.use(securityHeadersMiddleware(deployment));
  app.use(onlyGetAndHead);
  app.use(bracedAbsolutePath);
  app.use(cookieParser());
  app.use(dispatch);
  app.use(serverError);
  return withFastPath(app, staticFiles);
}
