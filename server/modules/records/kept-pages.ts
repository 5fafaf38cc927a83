/**
 * The pages of a user's records (the asset log, the fund record) that this process answered,
 * kept with their serialised reply while the user's ledger stays as it was read.
 *
 * A page depends only on the user's postings, and postings are never changed or removed: every
 * statement that posts to an account raises its revision in the same UPDATE that changes its
 * balance (0033_account_revisions.sql). The user's revision, the sum over their accounts read in
 * the page's own statement, therefore names the set of their postings the page was made from; a
 * page kept under one revision is the answer for as long as a fresh read of the revision (one
 * small batched statement) gives the same. A posting by any process, committed before that read,
 * changes it. (An id or a count would not do: a posting can commit with a lower id than one already
 * read, and a count costs a scan of the user's postings.) The revision carries PostgreSQL's start
 * time too: after a restart or a failover to a standby, which could have lost the last commits and
 * then reach the same revision with other postings, nothing kept before is used again.
 *
 * Bounded by the bytes of the kept replies: the users least recently asked for go first.
 */
import type { KeptReply } from '../../http/kept-reply';

/** About 2,000–4,000 pages of 20 entries. */
const MAX_KEPT_BYTES = 8 * 1024 * 1024;

interface UserPages {
  revision: string;
  pages: Map<string, KeptReply>;
  bytes: number;
}

export interface KeptPages {
  /** The page `key` of `userId` kept under `revision`, if any. */
  get(userId: string, revision: string, key: string): KeptReply | undefined;
  /** Keeps `reply` as page `key` of `userId` read at `revision` (what was kept under another revision is dropped). */
  keep(userId: string, revision: string, key: string, reply: KeptReply): KeptReply;
  /** Bytes kept now (for the tests). */
  bytes(): number;
}

/** A kept reply's weight: its JSON, and at most one compressed copy of it that is smaller. */
const weightOf = (reply: KeptReply) => 2 * reply.json.length;

export function createKeptPages(maxBytes = MAX_KEPT_BYTES): KeptPages {
  // In the order of their last use: a Map iterates in insertion order, and a use inserts again.
  const users = new Map<string, UserPages>();
  let total = 0;

  const drop = (userId: string) => {
    const user = users.get(userId);
    if (!user) return;
    total -= user.bytes;
    users.delete(userId);
  };

  return {
    get(userId, revision, key) {
      const user = users.get(userId);
      if (!user || user.revision !== revision) return undefined;
      const reply = user.pages.get(key);
      if (reply) {
        users.delete(userId);
        users.set(userId, user);
      }
      return reply;
    },
    keep(userId, revision, key, reply) {
      let user = users.get(userId);
      if (user && user.revision !== revision) {
        drop(userId);
        user = undefined;
      }
      if (!user) user = { revision, pages: new Map(), bytes: 0 };
      users.delete(userId);
      users.set(userId, user);
      const before = user.pages.get(key);
      if (before) {
        user.bytes -= weightOf(before);
        total -= weightOf(before);
      }
      user.pages.set(key, reply);
      user.bytes += weightOf(reply);
      total += weightOf(reply);
      for (const oldest of users.keys()) {
        if (total <= maxBytes || oldest === userId) break;
        drop(oldest);
      }
      return reply;
    },
    bytes: () => total,
  };
}
