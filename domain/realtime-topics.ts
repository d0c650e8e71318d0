/**
 * MQTT topics of domain events (docs/architecture.md §5):
 *   qa/<companyId>/projects/<projectId>[/<entityType>s/<entityId>]
 *   qa/<companyId>/company[/<entityType>s/<entityId>]      (events outside any project)
 *   qa/<companyId>/users/<userId>                          (addressed to one person)
 * The database and the API speak these canonical topics. On the wire they may carry a namespace
 * prefix (MQTT_NAMESPACE), so several deployments or test runs can share one broker unseen.
 * Shared here because both sides speak it: the server writes and publishes events to these topics
 * (server/src/events/) and names them in MQTT credentials; the gateway and the broker subscribe and
 * check grants (realtime/). They meet in domain/ (docs/architecture.md §2).
 */
export const TOPIC_ROOT = 'qa';

export type TopicScope = {
  companyId: number;
  projectId?: number | null;
  userId?: number | null;
  entity?: { type: string; id: number } | null;
};

export function topicOf(s: TopicScope): string {
  const base = `${TOPIC_ROOT}/${s.companyId}`;
  if (s.userId != null) return `${base}/users/${s.userId}`;
  const scope = s.projectId != null ? `${base}/projects/${s.projectId}` : `${base}/company`;
  return s.entity ? `${scope}/${s.entity.type}s/${s.entity.id}` : scope;
}

export const userTopic = (companyId: number, userId: number) => topicOf({ companyId, userId });

/** Canonical topic → topic on the wire. */
export function wireTopic(topic: string, namespace = ''): string {
  return namespace ? `${namespace}/${topic}` : topic;
}

/** Topic on the wire → canonical topic, or undefined when it is outside our namespace. */
export function canonicalTopic(wire: string, namespace = ''): string | undefined {
  if (!namespace) return wire;
  return wire.startsWith(`${namespace}/`) ? wire.slice(namespace.length + 1) : undefined;
}

/** The filter a gateway subscribes with to receive every domain event of every company. */
export const allEventsFilter = (namespace = '') => wireTopic(`${TOPIC_ROOT}/#`, namespace);

/** What an MQTT client holding credentials for one person may read (realtime/credentials.ts). */
export type TopicGrant = { companyId: number; userId: number; projectIds: readonly number[]; isStaff: boolean };

/**
 * Whether a subscription filter stays inside the grant: the person's own topic, the topics of
 * projects they may see, and (staff only) their company's topics outside projects. Wildcards are
 * allowed only below a literal, permitted prefix, so '+' can never widen to another project.
 */
export function mayRead(grant: TopicGrant, filter: string): boolean {
  const parts = filter.split('/');
  if (parts[0] !== TOPIC_ROOT || parts[1] !== String(grant.companyId)) return false;
  const [, , scope, id, ...rest] = parts;
  const tailOk = (tail: string[]) => tail.every((p, i) => p !== '#' || i === tail.length - 1);
  if (scope === 'users') return id === String(grant.userId) && rest.length === 0;
  if (scope === 'projects') return /^\d+$/.test(id ?? '') && grant.projectIds.includes(Number(id)) && tailOk(rest);
  if (scope === 'company') return grant.isStaff && tailOk(parts.slice(3));
  return false;
}
