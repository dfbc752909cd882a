import { expect } from '@playwright/test';
import { test } from '../support/browser';
import { originOf, requireRole } from '../support/target';

test('browser: the site home page loads over verified TLS through the target mapping', async ({ targetContext }) => {
  requireRole('site');
  const page = await targetContext.newPage();
  const response = await page.goto(`${originOf('site')}/`);
  expect(response?.status()).toBe(200);
  expect(await response?.headerValue('content-type')).toBe('text/html; charset=utf-8');
  const security = await response?.securityDetails();
  expect(security?.subjectName).toBe(new URL(originOf('site')).hostname);
  const cookies = await targetContext.cookies();
  const analytics = cookies.find((c) => c.name === 'SC_ANALYTICS_GLOBAL_COOKIE');
  expect(analytics?.value).toMatch(/^[0-9a-f]{32}\|False$/i);
  expect(analytics?.httpOnly).toBe(true);
});
