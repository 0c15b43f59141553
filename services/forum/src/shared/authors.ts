import type { Db } from 'mongodb';
import { authorViewOf, MEMBER_PROFILES } from '@forum/platform';
import type { AuthorView, MemberProfileDocument } from '@forum/platform';

/** Authors by id in one `$in` read of the context's member profile copy (cancelled accounts show no name). */
export async function authorsOf(db: Db, ids: Iterable<string | null | undefined>): Promise<(id: string) => AuthorView> {
  const wanted = [...new Set([...ids].filter((id): id is string => Boolean(id)))];
  const found =
    wanted.length === 0
      ? []
      : await db
          .collection<MemberProfileDocument>(MEMBER_PROFILES)
          .find({ _id: { $in: wanted } })
          .toArray();
  const byId = new Map(found.map((profile) => [profile._id, profile]));
  return (id) => authorViewOf(id, byId.get(id));
}
