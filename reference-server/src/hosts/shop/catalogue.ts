import * as fs from 'node:fs';

export interface ProductImage {
  file: string;
  alt: string;
}

export interface Product {
  handle: string;
  title: string;
  vendor: string;
  price: string;
  description: string;
  images: ProductImage[];
}

const HANDLE = /^[a-z0-9]+(-[a-z0-9]+)*$/;

function isProduct(p: unknown): p is Product {
  const o = p as Product;
  return (
    typeof o === 'object' &&
    o !== null &&
    typeof o.handle === 'string' &&
    HANDLE.test(o.handle) &&
    ['title', 'vendor', 'price', 'description'].every((k) => typeof (o as unknown as Record<string, unknown>)[k] === 'string') &&
    Array.isArray(o.images) &&
    o.images.every((i) => typeof i?.file === 'string' && /^[a-z0-9-]+\.png$/.test(i.file) && typeof i.alt === 'string')
  );
}

/** Reads the product list once; a malformed entry fails when the host is built. */
export function loadCatalogue(file: string): Map<string, Product> {
  const parsed: unknown = JSON.parse(fs.readFileSync(file, 'utf8'));
  if (!Array.isArray(parsed)) throw new Error(`${file}: expected a list of products`);
  const products = new Map<string, Product>();
  for (const p of parsed) {
    if (!isProduct(p)) throw new Error(`${file}: malformed product ${JSON.stringify(p).slice(0, 200)}`);
    products.set(p.handle, p);
  }
  return products;
}
