import { engine, generateSigningKey } from './engine';

test('RSA signature AlgorithmIdentifiers carry NULL parameters (RFC 4055), which pkijs omits', async () => {
  const { privateKey } = await generateSigningKey();
  const { signatureAlgorithm } = await engine.getSignatureParameters(privateKey, 'SHA-256');
  const der = Buffer.from(signatureAlgorithm.toSchema().toBER()).toString('hex');
  expect(der).toBe('300d06092a864886f70d01010b0500');
});
