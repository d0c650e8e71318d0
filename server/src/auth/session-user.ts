/**
 * A signed-in person as every route sees them: tenant, permissions and visible projects. A leaf
 * (it imports nothing of the server), so the session code and the deps that hold it both stand on it.
 */
export type SessionUser = {
  id: number;
  companyId: number;
  kind: 'staff' | 'owner';
  username: string;
  firstName: string;
  lastName: string;
  email: string | null;
  locale: string | null;
  profileId: number | null;
  profileName: string;
  permissions: ReadonlySet<string>;
  /** Projects this user may see; every company query filters on it (docs/architecture.md §4). */
  projectIds: readonly number[];
  sessionId: string;
};
