import { createHash, createPublicKey, verify } from 'node:crypto';

// The checks of docs/offer-tokens.md, "Verify a token" (the partner document's "Offer tokens" says the same),
// step by step, written from that text alone: node:crypto and Buffer, nothing of the platform's code. The
// e2e test checks live tokens with it and the docs test the worked example, so text and platform meet here.

/** A key of `GET /offer-keys`, as far as the steps read it. */
export interface PublishedKey {
  kid: string;
  x: string;
}

export type DocumentedCheck =
  | { result: 'valid' | 'expired'; claims: Record<string, unknown>; root: Buffer }
  | { result: 'rejected'; step: number; reason: string };

const sha256 = (...parts: Buffer[]) => createHash('sha256').update(Buffer.concat(parts)).digest();

/** Step 2: base64url (RFC 4648 §5) without padding, and only the text that encoding gives back. */
export function decodePart(part: string): Buffer | undefined {
  const bytes = Buffer.from(part, 'base64url');
  return bytes.toString('base64url') === part ? bytes : undefined;
}

/** Step 3: the leaf hashes the claims part as received, its ASCII text, after one 0x00 byte. */
export const leafOf = (claimsPart: string) => sha256(Buffer.from([0x00]), Buffer.from(claimsPart, 'ascii'));

/** Step 4: a node hashes 0x01, then its left child, then its right child (32 bytes each). */
export const nodeOf = (left: Buffer, right: Buffer) => sha256(Buffer.from([0x01]), left, right);

/** Step 4: every hash on the way up, the leaf first and the root last; undefined for a bad side byte. */
export function foldProof(leaf: Buffer, proof: Buffer): Buffer[] | undefined {
  const path = [leaf];
  for (let at = 0; at < proof.length; at += 33) {
    const [side, sibling, hash] = [
      proof[at],
      proof.subarray(at + 1, at + 33),
      path[path.length - 1] as Buffer,
    ];
    if (side === 0x01) path.push(nodeOf(hash, sibling));
    else if (side === 0x00) path.push(nodeOf(sibling, hash));
    else return undefined;
  }
  return path;
}

/** Step 5: the 36 signed bytes, ASCII `ot2.` then the root. */
export const signedMessage = (root: Buffer) => Buffer.concat([Buffer.from('ot2.', 'ascii'), root]);

/** "The key set": a key's `kid` is base64url(SHA-256) of `{"crv":"Ed25519","kty":"OKP","x":"<x>"}` (RFC 7638). */
export const kidOf = (x: string) =>
  createHash('sha256')
    .update(JSON.stringify({ crv: 'Ed25519', kty: 'OKP', x }))
    .digest('base64url');

/** Steps 1 to 8 in order; the first step that fails names itself. */
export function verifyAsDocumented(token: string, keys: PublishedKey[], now: Date): DocumentedCheck {
  const reject = (step: number, reason: string): DocumentedCheck => ({ result: 'rejected', step, reason });
  const parts = token.split('.');
  if (parts.length !== 4 || parts[0] !== 'ot2') return reject(1, 'not four parts starting ot2');
  const [, claimsPart, proofPart, signaturePart] = parts as [string, string, string, string];
  const [claimsBytes, proof, signature] = [claimsPart, proofPart, signaturePart].map(decodePart);
  if (!claimsBytes || !proof || !signature) return reject(2, 'a part is not canonical base64url');
  if (proof.length % 33 !== 0 || signature.length !== 64) return reject(2, 'proof or signature length');
  const path = foldProof(leafOf(claimsPart), proof);
  if (!path) return reject(4, 'a proof step with a side other than 0x00 or 0x01');
  const root = path[path.length - 1] as Buffer;
  const message = signedMessage(root);
  let claims: Record<string, unknown>;
  try {
    claims = JSON.parse(claimsBytes.toString('utf8')) as Record<string, unknown>;
  } catch {
    return reject(6, 'claims are not JSON');
  }
  const key = keys.find((candidate) => candidate.kid === claims.kid);
  if (!key) return reject(6, `no published key named ${String(claims.kid)}`);
  const publicKey = createPublicKey({ key: { kty: 'OKP', crv: 'Ed25519', x: key.x }, format: 'jwk' });
  if (!verify(null, message, publicKey, signature)) return reject(7, 'the Ed25519 signature does not verify');
  return { result: now.getTime() < Number(claims.exp) ? 'valid' : 'expired', claims, root };
}
