const HOP = new Set(['connection', 'keep-alive', 'transfer-encoding', 'upgrade', 'proxy-connection', 'te', 'trailer']);

/** Connection-specific fields (RFC 9110 §7.6.1): never compared between two answers. */
export function hopByHop(name: string): boolean {
  return HOP.has(name.toLowerCase());
}
