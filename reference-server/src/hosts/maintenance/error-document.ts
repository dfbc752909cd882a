import { randomUUID } from 'node:crypto';

const BOM = '\ufeff';

/** Azure Storage's time format: seven fractional digits. */
export function azureTime(date: Date): string {
  return date.toISOString().replace(/\.(\d{3})Z$/, '.$10000Z');
}

/**
 * Azure Blob Storage's error body: UTF-8 BOM, no newline except the two inside Message.
 * With AuthorizationFailure it is exactly 246 bytes.
 */
export function azureErrorDocument(code: string, message: string, requestId = randomUUID(), now = new Date()): Buffer {
  const xml =
    `${BOM}<?xml version="1.0" encoding="utf-8"?><Error><Code>${code}</Code><Message>${message}\n` +
    `RequestId:${requestId}\nTime:${azureTime(now)}</Message></Error>`;
  return Buffer.from(xml, 'utf8');
}
