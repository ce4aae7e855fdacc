// Encryption at rest for secrets Bindery must be able to read back (integration secrets and signing secrets):
// AES-256-GCM with a random 96-bit nonce per value, stored as `v1.<nonce>.<tag>.<ciphertext>` (base64url). The key
// is BINDERY_SECRETS_KEY (32 bytes, base64 or hex) or, when unset, a key generated once into
// `<dataDir>/secrets.key` (mode 0600) - outside the database, so a copy of the database alone reveals nothing.
// Several processes on one PostgreSQL must share the key: set BINDERY_SECRETS_KEY on each of them. The database
// keeps the key's fingerprint (`keyId`, an HMAC of a fixed label, which reveals nothing of the key), and a server
// whose key differs refuses to start, naming the setting, instead of failing later on every sealed value.
import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export class SecretBox {
  constructor(private readonly key: Buffer) {
    if (key.length !== 32) throw new Error('The secrets key must be 32 bytes');
  }

  seal(plain: string): string {
    const nonce = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, nonce);
    const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return ['v1', nonce.toString('base64url'), cipher.getAuthTag().toString('base64url'), data.toString('base64url')].join('.');
  }

  /** A fingerprint of the key: the same for the same key, and useless for finding it. */
  keyId(): string {
    return createHmac('sha256', this.key).update('bindery secrets key id v1').digest('base64url').slice(0, 22);
  }

  open(sealed: string): string {
    const [v, nonce, tag, data] = sealed.split('.');
    if (v !== 'v1' || nonce === undefined || tag === undefined || data === undefined) throw new Error('Not a sealed value');
    const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(nonce, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
  }
}

function parseKey(text: string): Buffer {
  const t = text.trim();
  const key = /^[0-9a-f]{64}$/i.test(t) ? Buffer.from(t, 'hex') : Buffer.from(t, 'base64');
  if (key.length !== 32) throw new Error('BINDERY_SECRETS_KEY must be 32 bytes, as 64 hex digits or base64');
  return key;
}

const boxes = new Map<string, SecretBox>();

/** The instance's secret box: the configured key, or the one kept in the data folder (made on first use). */
export function secretBox(config: { secretsKey?: string; dataDir: string }): SecretBox {
  const id = config.secretsKey ? `key:${config.secretsKey}` : `dir:${config.dataDir}`;
  let box = boxes.get(id);
  if (box) return box;
  if (config.secretsKey) {
    box = new SecretBox(parseKey(config.secretsKey));
  } else {
    const file = join(config.dataDir, 'secrets.key');
    if (!existsSync(file)) {
      mkdirSync(config.dataDir, { recursive: true });
      try {
        writeFileSync(file, randomBytes(32).toString('base64') + '\n', { mode: 0o600, flag: 'wx' });
        chmodSync(file, 0o600);
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      }
    }
    box = new SecretBox(parseKey(readFileSync(file, 'utf8')));
  }
  boxes.set(id, box);
  return box;
}
