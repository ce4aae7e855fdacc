// The push webhook of a space's Git Sync (GET …/git/webhook): where to send pushes and the secret to sign them with.
import type { components } from '@bindery/api-types';

export function presentGitWebhook(w: { url: string; secret: string; ref: string }): components['schemas']['GitWebhook'] {
  return { url: w.url, secret: w.secret, ref: w.ref, events: ['push'] };
}
