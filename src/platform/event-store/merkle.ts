import { createHash } from 'node:crypto';

/**
 * RFC 9162 §2.1 (Certificate Transparency v2) Merkle trees over the ledger. Leaves are the
 * events' hashes (32 bytes) in ledger order; a leaf hashes as SHA-256(0x00 ‖ event hash) and an
 * interior node as SHA-256(0x01 ‖ left ‖ right). Pure functions: the node store is the caller's.
 *
 * Every subtree the RFC's recursions name (MTH(D[lo:hi]) in PATH and SUBPROOF) starts at a
 * multiple of the largest power of two not below its size, so it is the right fold of at most
 * log2(n) perfect, aligned subtrees — the nodes a store keeps as (level, index): node (L, i)
 * covers leaves [i·2^L, (i+1)·2^L). A proof is therefore a list of ranges here, and the store
 * answers it with O(log² n) node reads at the most, never O(n) hashing.
 */

export type Hash = Buffer;

/** A perfect, aligned subtree: leaves [index·2^level, (index+1)·2^level). */
export interface NodeKey {
  level: number;
  index: number;
}

/** A run of leaves [start, end) whose Merkle tree hash a proof needs. */
export interface LeafRange {
  start: number;
  end: number;
}

const sha256 = (...parts: Buffer[]): Hash => {
  const h = createHash('sha256');
  for (const part of parts) h.update(part);
  return h.digest();
};
const LEAF_PREFIX = Buffer.from([0x00]);
const NODE_PREFIX = Buffer.from([0x01]);

/** SHA-256(0x00 ‖ event hash): the tree's leaf for one event (its 64-hex hash). */
export function leafHash(eventHash: string): Hash {
  if (!/^[0-9a-f]{64}$/.test(eventHash)) throw new Error(`not an event hash: ${eventHash}`);
  return sha256(LEAF_PREFIX, Buffer.from(eventHash, 'hex'));
}

/** SHA-256(0x01 ‖ left ‖ right). */
export function nodeHash(left: Hash, right: Hash): Hash {
  return sha256(NODE_PREFIX, left, right);
}

/** The largest power of two strictly below n (n ≥ 2): the RFC's split point k. */
export function splitPoint(n: number): number {
  let k = 1;
  while (k * 2 < n) k *= 2;
  return k;
}

/** MTH of the empty tree: SHA-256 of nothing. */
export const EMPTY_ROOT: Hash = sha256();

/**
 * The perfect subtrees a range [start, end) of the RFC's recursions splits into, left to right.
 * Its MTH is their right fold: H(s0, H(s1, … H(s_{k-1}, s_k))).
 */
export function perfectParts(range: LeafRange): NodeKey[] {
  const parts: NodeKey[] = [];
  let at = range.start;
  let left = range.end - range.start;
  while (left > 0) {
    let size = 1;
    let level = 0;
    while (size * 2 <= left) {
      size *= 2;
      level += 1;
    }
    if (at % size !== 0) throw new Error(`range [${range.start}, ${range.end}) is not one of the tree's subtrees`);
    parts.push({ level, index: at / size });
    at += size;
    left -= size;
  }
  return parts;
}

/** The right fold of perfect subtree hashes (left to right): the MTH of the range they make up. */
export function foldRight(hashes: readonly Hash[]): Hash {
  if (hashes.length === 0) return EMPTY_ROOT;
  let root = hashes[hashes.length - 1];
  for (let i = hashes.length - 2; i >= 0; i--) root = nodeHash(hashes[i], root);
  return root;
}

/** RFC 9162 §2.1.3.1 PATH(m, D[n]), as the ranges whose MTH the proof lists, leaf side first. */
export function inclusionRanges(m: number, n: number): LeafRange[] {
  if (!Number.isSafeInteger(m) || !Number.isSafeInteger(n) || m < 0 || m >= n)
    throw new Error(`no inclusion proof of leaf ${m} in a tree of ${n}`);
  const path: LeafRange[] = [];
  let start = 0;
  let end = n;
  let index = m;
  while (end - start > 1) {
    const k = splitPoint(end - start);
    if (index < k) {
      path.push({ start: start + k, end });
      end = start + k;
    } else {
      path.push({ start, end: start + k });
      start += k;
      index -= k;
    }
  }
  return path.reverse();
}

/** RFC 9162 §2.1.4.1 PROOF(m, D[n]) for 0 < m ≤ n, as the ranges whose MTH the proof lists. */
export function consistencyRanges(m: number, n: number): LeafRange[] {
  if (!Number.isSafeInteger(m) || !Number.isSafeInteger(n) || m < 1 || m > n)
    throw new Error(`no consistency proof from ${m} to ${n}`);
  const proof: LeafRange[] = [];
  // SUBPROOF(m, D[start:end], complete), unrolled: each step appends one range after the recursion's.
  const after: LeafRange[] = [];
  let start = 0;
  let end = n;
  let size = m;
  let complete = true;
  for (;;) {
    if (size === end - start) {
      if (!complete) proof.push({ start, end });
      break;
    }
    const k = splitPoint(end - start);
    if (size <= k) {
      after.push({ start: start + k, end });
      end = start + k;
    } else {
      after.push({ start, end: start + k });
      start += k;
      size -= k;
      complete = false;
    }
  }
  return [...proof, ...after.reverse()];
}

const isPowerOfTwo = (n: number) => n >= 1 && 2 ** Math.round(Math.log2(n)) === n;

const equal = (a: Hash, b: Hash) => a.length === b.length && a.equals(b);

/** RFC 9162 §2.1.3.2: does `proof` prove `leaf` (its leaf hash) at `leafIndex` in a tree of `treeSize` with `root`? */
export function verifyInclusion(
  leafIndex: number,
  treeSize: number,
  leaf: Hash,
  proof: readonly Hash[],
  root: Hash,
): boolean {
  if (leafIndex >= treeSize || leafIndex < 0) return false;
  let fn = leafIndex;
  let sn = treeSize - 1;
  let r = leaf;
  for (const p of proof) {
    if (sn === 0) return false;
    if (fn % 2 === 1 || fn === sn) {
      r = nodeHash(p, r);
      if (fn % 2 === 0) {
        while (fn % 2 === 0 && fn !== 0) {
          fn = Math.floor(fn / 2);
          sn = Math.floor(sn / 2);
        }
      }
    } else {
      r = nodeHash(r, p);
    }
    fn = Math.floor(fn / 2);
    sn = Math.floor(sn / 2);
  }
  return sn === 0 && equal(r, root);
}

/** RFC 9162 §2.1.4.2: does `proof` show the tree (`size2`, `root2`) extends (`size1`, `root1`)? */
export function verifyConsistency(
  size1: number,
  size2: number,
  proof: readonly Hash[],
  root1: Hash,
  root2: Hash,
): boolean {
  if (size1 < 1 || size2 < size1) return false;
  if (size1 === size2) return proof.length === 0 && equal(root1, root2);
  // Step 1: an empty path proves nothing between two different sizes.
  if (proof.length === 0) return false;
  // Step 2: when first is an exact power of 2, the first tree's root is the first node of the path.
  const path = isPowerOfTwo(size1) ? [root1, ...proof] : [...proof];
  let fn = size1 - 1;
  let sn = size2 - 1;
  while (fn % 2 === 1) {
    fn = Math.floor(fn / 2);
    sn = Math.floor(sn / 2);
  }
  let fr = path[0];
  let sr = path[0];
  for (const c of path.slice(1)) {
    if (sn === 0) return false;
    if (fn % 2 === 1 || fn === sn) {
      fr = nodeHash(c, fr);
      sr = nodeHash(c, sr);
      if (fn % 2 === 0) {
        while (fn % 2 === 0 && fn !== 0) {
          fn = Math.floor(fn / 2);
          sn = Math.floor(sn / 2);
        }
      }
    } else {
      sr = nodeHash(sr, c);
    }
    fn = Math.floor(fn / 2);
    sn = Math.floor(sn / 2);
  }
  return equal(fr, root1) && equal(sr, root2) && sn === 0;
}

/**
 * A tree being built leaf by leaf: its frontier (the perfect subtrees of its binary decomposition,
 * largest first) is all it needs to append and to give its root, so growing is O(log n) per leaf.
 * `completed` receives every interior node an append completes, for the store.
 */
export class MerkleFrontier {
  private readonly stack: Array<{ level: number; hash: Hash }>;
  constructor(
    public size: number,
    frontier: ReadonlyArray<{ level: number; hash: Hash }>,
  ) {
    this.stack = [...frontier];
    const covered = this.stack.reduce((sum, node) => sum + 2 ** node.level, 0);
    if (covered !== size) throw new Error(`a frontier of ${covered} leaves for a tree of ${size}`);
  }

  /** The (level, index) of the frontier's nodes for a tree of `size`, largest first. */
  static keys(size: number): NodeKey[] {
    return perfectParts({ start: 0, end: size });
  }

  append(leaf: Hash, completed?: Array<NodeKey & { hash: Hash }>): void {
    let node = { level: 0, hash: leaf };
    let index = this.size;
    while (this.stack.length > 0 && this.stack[this.stack.length - 1].level === node.level) {
      const left = this.stack.pop()!;
      node = { level: node.level + 1, hash: nodeHash(left.hash, node.hash) };
      index = Math.floor(index / 2);
      completed?.push({ level: node.level, index, hash: node.hash });
    }
    this.stack.push(node);
    this.size += 1;
  }

  root(): Hash {
    return foldRight(this.stack.map((node) => node.hash));
  }
}
