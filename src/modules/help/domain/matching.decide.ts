/** A queue entry waiting to be matched, oldest first as read. */
export interface Waiting {
  id: string;
  uid: string;
  remainingPaise: bigint;
}

export interface Match {
  phEntryId: string;
  ghEntryId: string;
  senderUid: string;
  receiverUid: string;
  amountPaise: bigint;
}

/**
 * Oldest PH against oldest GH (business rules: Matching): each PH entry in turn is matched with the
 * oldest GH entries that still wait, splitting amounts as needed, never with an entry of the same
 * member; at most `maxLinks` matches. Blocked members are left out by the caller's read.
 */
export function decideMatching(ph: readonly Waiting[], gh: readonly Waiting[], maxLinks: number): Match[] {
  const ghLeft = gh.map((g) => g.remainingPaise);
  const matches: Match[] = [];
  let firstOpen = 0;
  for (const p of ph) {
    let left = p.remainingPaise;
    while (firstOpen < gh.length && ghLeft[firstOpen] === 0n) firstOpen++;
    for (let j = firstOpen; j < gh.length && left > 0n && matches.length < maxLinks; j++) {
      if (ghLeft[j] === 0n || gh[j].uid === p.uid) continue;
      const amount = left < ghLeft[j] ? left : ghLeft[j];
      matches.push({
        phEntryId: p.id,
        ghEntryId: gh[j].id,
        senderUid: p.uid,
        receiverUid: gh[j].uid,
        amountPaise: amount,
      });
      left -= amount;
      ghLeft[j] -= amount;
    }
    if (matches.length >= maxLinks) break;
  }
  return matches;
}
