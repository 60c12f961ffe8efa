// Every cache key of the loads feature, so a mutation updates exactly what it changed.
export const loadKeys = {
  all: ['loads'] as const,
  list: () => ['loads', 'list'] as const,
  details: () => ['loads', 'detail'] as const,
  detail: (loadId: string) => ['loads', 'detail', loadId] as const,
  idCheck: (kdtId: string) => ['loads', 'check-id', kdtId.toLowerCase()] as const,
  /** The mutation key of this tab's delete of a load (so the caches can tell a removal they caused from news). */
  deletion: (loadId: string) => ['loads', 'delete', loadId] as const,
};

/**
 * How long a cached load (list) counts as fresh. Commands write their answer into the cache; re-reading at once
 * could meet a read model that has not projected the command yet (seen: a deleted load back in the list right after
 * deleting it). apiClient does not expose the X-Event-Position answer header, so the read cannot ask for
 * ?min_position= yet; until it can, the answer written into the cache is trusted for this long.
 */
export const LOADS_FRESH_MS = 5_000;
