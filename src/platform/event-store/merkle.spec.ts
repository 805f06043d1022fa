import { createHash } from 'node:crypto';
import {
  consistencyRanges,
  foldRight,
  Hash,
  inclusionRanges,
  LeafRange,
  leafHash,
  MerkleFrontier,
  NodeKey,
  nodeHash,
  perfectParts,
  verifyConsistency,
  verifyInclusion,
} from './merkle';

// An independent, literal transcription of RFC 9162 §2.1.1, §2.1.3.1 and §2.1.4.1 (recursion over
// arrays, no node store), against which the range-based product code is checked.
const sha = (...parts: Buffer[]) => createHash('sha256').update(Buffer.concat(parts)).digest();
const k = (n: number) => {
  let p = 1;
  while (p * 2 < n) p *= 2;
  return p;
};
const MTH = (d: Buffer[]): Buffer =>
  d.length === 0
    ? sha()
    : d.length === 1
      ? sha(Buffer.from([0]), d[0])
      : sha(Buffer.from([1]), MTH(d.slice(0, k(d.length))), MTH(d.slice(k(d.length))));
const PATH = (m: number, d: Buffer[]): Buffer[] => {
  if (d.length === 1) return [];
  const s = k(d.length);
  return m < s ? [...PATH(m, d.slice(0, s)), MTH(d.slice(s))] : [...PATH(m - s, d.slice(s)), MTH(d.slice(0, s))];
};
const SUBPROOF = (m: number, d: Buffer[], b: boolean): Buffer[] => {
  if (m === d.length) return b ? [] : [MTH(d)];
  const s = k(d.length);
  return m <= s
    ? [...SUBPROOF(m, d.slice(0, s), b), MTH(d.slice(s))]
    : [...SUBPROOF(m - s, d.slice(s), false), MTH(d.slice(0, s))];
};
const PROOF = (m: number, d: Buffer[]) => SUBPROOF(m, d, true);

// The RFC 6962 / 9162 reference test inputs (certificate-transparency's test vectors).
const VECTOR_LEAVES = [
  '',
  '00',
  '10',
  '2021',
  '3031',
  '40414243',
  '5051525354555657',
  '606162636465666768696a6b6c6d6e6f',
].map((hex) => Buffer.from(hex, 'hex'));
const VECTOR_ROOTS = [
  '6e340b9cffb37a989ca544e6bb780a2c78901d3fb33738768511a30617afa01d',
  'fac54203e7cc696cf0dfcb42c92a1d9dbaf70ad9e621f4bd8d98662f00e3c125',
  'aeb6bcfe274b70a14fb067a5e5578264db0fa9b51af5e0ba159158f329e06e77',
  'd37ee418976dd95753c1c73862b9398fa2a2cf9b4ff0fdfe8b30cd95209614b7',
  '4e3bbb1f7b478dcfe71fb631631519a3bca12c9aefca1612bfce4c13a86264d4',
  '76e67dadbcdf1e10e1b74ddc608abd2f98dfb16fbce75277b5232a127f2087ef',
  'ddb89be403809e325750d3d263cd78929c2942b7942a34b77e122c9594a74c8c',
  '5dc9da79a70659a9ad559cb701ded9a2ab9d823aad2f4960cfe370eff4604328',
];

/** A node store over leaf hashes, answering ranges the way the ledger's tables do (perfect parts, folded right). */
function rangeHashes(leaves: Hash[], ranges: LeafRange[]): Hash[] {
  const levels: Hash[][] = [leaves];
  while (levels[levels.length - 1].length > 1) {
    const below = levels[levels.length - 1];
    levels.push(
      Array.from({ length: Math.floor(below.length / 2) }, (_, i) => nodeHash(below[2 * i], below[2 * i + 1])),
    );
  }
  return ranges.map((r) => foldRight(perfectParts(r).map(({ level, index }: NodeKey) => levels[level][index])));
}

const eventHashes = (n: number) =>
  Array.from({ length: n }, (_, i) => createHash('sha256').update(`event ${i}`).digest('hex'));

describe('RFC 9162 Merkle trees', () => {
  it('gives the reference roots of the RFC test vectors, leaf by leaf through the frontier', () => {
    const tree = new MerkleFrontier(0, []);
    VECTOR_LEAVES.forEach((data, i) => {
      tree.append(sha(Buffer.from([0]), data));
      expect(tree.root().toString('hex')).toBe(VECTOR_ROOTS[i]);
    });
  });

  it('gives the reference inclusion and consistency proofs of the RFC test vectors', () => {
    const leaves = VECTOR_LEAVES.map((d) => sha(Buffer.from([0]), d));
    const hex = (hs: Hash[]) => hs.map((h) => h.toString('hex'));
    expect(hex(rangeHashes(leaves, inclusionRanges(0, 8)))).toEqual([
      '96a296d224f285c67bee93c30f8a309157f0daa35dc5b87e410b78630a09cfc7',
      '5f083f0a1a33ca076a95279832580db3e0ef4584bdff1f54c8a360f50de3031e',
      '6b47aaf29ee3c2af9af889bc1fb9254dabd31177f16232dd6aab035ca39bf6e4',
    ]);
    expect(hex(rangeHashes(leaves, consistencyRanges(6, 8)))).toEqual([
      '0ebc5d3437fbe2db158b9f126a1d118e308181031d0a949f8dededebc558ef6a',
      'ca854ea128ed050b41b35ffc1b87b8eb2bde461e9e3b5596ece6b9d5975a0ae0',
      'd37ee418976dd95753c1c73862b9398fa2a2cf9b4ff0fdfe8b30cd95209614b7',
    ]);
    expect(hex(rangeHashes(leaves, consistencyRanges(2, 5)))).toEqual([
      '5f083f0a1a33ca076a95279832580db3e0ef4584bdff1f54c8a360f50de3031e',
      'bc1a0643b12e4d2d7c77918f44e0f4f79a838b6cf9ec5b5c283e1f4d88599e6b',
    ]);
  });

  it('equals the literal recursion for every tree of up to 33 event hashes, and its proofs verify by §2.1.3.2 and §2.1.4.2', () => {
    const events = eventHashes(33);
    const d = events.map((h) => Buffer.from(h, 'hex'));
    const leaves = events.map(leafHash);
    const tree = new MerkleFrontier(0, []);
    const roots: Hash[] = [];
    for (let n = 1; n <= events.length; n++) {
      tree.append(leaves[n - 1]);
      roots.push(tree.root());
      expect(tree.root().equals(MTH(d.slice(0, n)))).toBe(true);
    }
    for (let n = 1; n <= events.length; n++) {
      const root = roots[n - 1];
      for (let m = 0; m < n; m++) {
        const proof = rangeHashes(leaves, inclusionRanges(m, n));
        expect(proof).toEqual(PATH(m, d.slice(0, n)));
        expect(verifyInclusion(m, n, leaves[m], proof, root)).toBe(true);
        // The wrong leaf, index, size or root is refused.
        expect(verifyInclusion(m, n, leaves[(m + 1) % n], proof, root)).toBe(n === 1);
        if (n > 1) expect(verifyInclusion((m + 1) % n, n, leaves[m], proof, root)).toBe(false);
        expect(verifyInclusion(m, n, leaves[m], proof, roots[n % events.length])).toBe(false);
        if (proof.length > 0) {
          const flipped = proof.map((h, i) =>
            i === proof.length - 1 ? Buffer.from(h.map((b, j) => (j === 0 ? b ^ 1 : b))) : h,
          );
          expect(verifyInclusion(m, n, leaves[m], flipped, root)).toBe(false);
        }
      }
      for (let m = 1; m <= n; m++) {
        const proof = rangeHashes(leaves, consistencyRanges(m, n));
        expect(proof).toEqual(PROOF(m, d.slice(0, n)));
        expect(verifyConsistency(m, n, proof, roots[m - 1], root)).toBe(true);
        if (m < n) {
          // A first root the second tree does not extend, or a cut proof, is refused.
          expect(verifyConsistency(m, n, proof, nodeHash(roots[m - 1], root), root)).toBe(false);
          expect(verifyConsistency(m, n, proof.slice(0, -1), roots[m - 1], root)).toBe(false);
          expect(verifyConsistency(m, n, proof, roots[m - 1], roots[m - 1])).toBe(false);
        }
      }
    }
  });

  it('resumes from a frontier read back by its keys', () => {
    const leaves = eventHashes(45).map(leafHash);
    const whole = new MerkleFrontier(0, []);
    leaves.forEach((l) => whole.append(l));
    const stored = new Map<string, Hash>();
    const built = new MerkleFrontier(0, []);
    leaves.slice(0, 29).forEach((l, i) => {
      stored.set(`0 ${i}`, l);
      const completed: Array<NodeKey & { hash: Hash }> = [];
      built.append(l, completed);
      for (const c of completed) stored.set(`${c.level} ${c.index}`, c.hash);
    });
    const resumed = new MerkleFrontier(
      29,
      MerkleFrontier.keys(29).map((key) => ({ level: key.level, hash: stored.get(`${key.level} ${key.index}`)! })),
    );
    leaves.slice(29).forEach((l) => resumed.append(l));
    expect(resumed.root().equals(whole.root())).toBe(true);
  });
});
