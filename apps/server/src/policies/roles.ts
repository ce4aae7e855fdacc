// Roles, highest first. `null` is a guest: a member with no role of their own.
export const ROLES = ['admin', 'create', 'edit', 'review', 'comment', 'read'] as const;
export type Role = (typeof ROLES)[number];

const rank = (r: Role | null | undefined): number => (r ? ROLES.length - ROLES.indexOf(r) : 0);

/** Whether `role` is at least `min`. */
export function atLeast(role: Role | null | undefined, min: Role): boolean {
  return rank(role) >= rank(min);
}

/** The higher of some roles (null when none). */
export function highest(...roles: (Role | null | undefined)[]): Role | null {
  let best: Role | null = null;
  for (const r of roles) if (rank(r) > rank(best)) best = r ?? null;
  return best;
}

export function asRole(v: string | null | undefined): Role | null {
  return v && (ROLES as readonly string[]).includes(v) ? (v as Role) : null;
}
