import { hash, verify } from '@node-rs/argon2';

// OWASP (2024) argon2id minimum: m=19 MiB, t=2, p=1. We use m=19456 KiB, t=2, p=1.
const options = { algorithm: 2 /* Argon2id */, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (plain: string) => hash(plain, options);

export async function verifyPassword(stored: string, plain: string): Promise<boolean> {
  try {
    return await verify(stored, plain);
  } catch {
    return false;
  }
}

/** A hash to verify against when the user does not exist, so timing does not reveal usernames. */
let decoy: Promise<string> | undefined;
export const decoyHash = () => (decoy ??= hashPassword('decoy-password-not-used'));
