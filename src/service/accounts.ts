/**
 * Accounts a person keeps: passkeys (WebAuthn, through @simplewebauthn/server) to sign in again after
 * signing out, and one-time codes from a signed-in device that sign another device in. Each sign-in issues
 * a new token with every scope (src/service/tokens.ts), so the device can later be signed out alone.
 *
 * Creating either way in needs a token with every scope: both lead to a token with every scope, and a
 * narrower token must not be able to widen itself through them.
 *
 * A WebAuthn ceremony is two requests (options, then the authenticator's answer); its challenge is kept
 * in the database for CHALLENGE_TTL_MS and used once, so the second request may reach any instance.
 * The relying party (its id and the origins it accepts) is configured (WEBAUTHN_RP_ID, WEBAUTHN_ORIGIN)
 * or, unset, follows the request's own host.
 */
import { createHash, randomInt, randomUUID } from 'node:crypto';
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type AuthenticatorTransportFuture,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import type { Database } from '../store/database.js';
import { ServiceError } from './errors.js';
import { SCOPES, type Player, type TokenGrant, type TokenService } from './tokens.js';

export interface RelyingParty {
  /** The RP id: the site's domain (no scheme, no port). */
  readonly id: string;
  /** The origins (scheme://host[:port]) a ceremony may come from. */
  readonly origins: readonly string[];
  readonly name: string;
}

export interface PasskeyInfo {
  readonly id: string;
  readonly label: string;
  readonly createdAt: string;
  readonly lastUsedAt: string | null;
}

export interface SignedIn {
  readonly player: Player;
  readonly token: string;
}

const CHALLENGE_TTL_MS = 5 * 60_000;
const CODE_TTL_MS = 10 * 60_000;
/** Unambiguous letters and digits (no 0/O, 1/I/L, U): a code is read from one screen and typed on another. */
const CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTVWXYZ23456789';
const CODE_LENGTH = 10;
const MAX_PASSKEYS = 20;

const hashCode = (code: string) => createHash('sha256').update(code).digest('hex');

/** A code as typed: case, spaces and dashes do not matter. */
export const normaliseCode = (code: string) => code.toUpperCase().replace(/[^A-Z0-9]/g, '');

function requireFullToken(grant: TokenGrant | null): TokenGrant {
  if (!grant) throw new ServiceError('UNAUTHENTICATED', 'this needs a bearer token');
  const missing = SCOPES.filter((scope) => !grant.scopes.includes(scope));
  if (missing.length > 0) throw new ServiceError('INSUFFICIENT_SCOPE', `adding a way to sign in needs a token with every scope (this one lacks ${missing.join(', ')})`);
  return grant;
}

export class AccountService {
  constructor(
    private readonly db: Database,
    private readonly tokens: TokenService,
  ) {}

  /** Starts adding a passkey to the caller's player: the options for `navigator.credentials.create`. */
  async startPasskeyRegistration(grant: TokenGrant | null, rp: RelyingParty) {
    const { player } = requireFullToken(grant);
    const existing = await this.db.passkey.findMany({ where: { playerId: player.id }, select: { id: true, transports: true } });
    if (existing.length >= MAX_PASSKEYS) throw new ServiceError('TOO_MANY_PASSKEYS', `a player keeps at most ${MAX_PASSKEYS} passkeys: delete one first`);
    const options = await generateRegistrationOptions({
      rpName: rp.name,
      rpID: rp.id,
      userName: player.name,
      userDisplayName: player.name,
      userID: new TextEncoder().encode(player.id),
      attestationType: 'none',
      excludeCredentials: existing.map((key) => ({ id: key.id, transports: key.transports as AuthenticatorTransportFuture[] })),
      // A discoverable credential: signing in later needs no name, the authenticator offers the passkey.
      authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
    });
    const challengeId = await this.keepChallenge(options.challenge, player.id);
    return { challengeId, options };
  }

  /** Verifies the authenticator's answer and keeps the passkey. */
  async finishPasskeyRegistration(grant: TokenGrant | null, rp: RelyingParty, challengeId: string, response: unknown, label?: string): Promise<PasskeyInfo> {
    const { player } = requireFullToken(grant);
    const challenge = await this.takeChallenge(challengeId, player.id);
    let verified: Awaited<ReturnType<typeof verifyRegistrationResponse>>;
    try {
      verified = await verifyRegistrationResponse({
        response: response as RegistrationResponseJSON,
        expectedChallenge: challenge,
        expectedOrigin: [...rp.origins],
        expectedRPID: rp.id,
        requireUserVerification: false,
      });
    } catch (error) {
      throw new ServiceError('PASSKEY_REJECTED', `the passkey could not be verified: ${(error as Error).message}`, 400);
    }
    if (!verified.verified) throw new ServiceError('PASSKEY_REJECTED', 'the passkey could not be verified', 400);
    const { credential } = verified.registrationInfo;
    const row = await this.db.passkey.create({
      data: {
        id: credential.id,
        playerId: player.id,
        publicKey: Buffer.from(credential.publicKey),
        counter: BigInt(credential.counter),
        transports: credential.transports ?? [],
        label: (label ?? '').trim() || 'passkey',
      },
    }).catch((error: unknown) => {
      if ((error as { code?: string }).code === 'P2002') throw new ServiceError('PASSKEY_REJECTED', 'this passkey is already registered', 409);
      throw error;
    });
    return passkeyInfo(row);
  }

  async listPasskeys(grant: TokenGrant | null): Promise<PasskeyInfo[]> {
    if (!grant) throw new ServiceError('UNAUTHENTICATED', 'this needs a bearer token');
    const rows = await this.db.passkey.findMany({ where: { playerId: grant.player.id }, orderBy: { createdAt: 'asc' } });
    return rows.map(passkeyInfo);
  }

  async deletePasskey(grant: TokenGrant | null, id: string): Promise<void> {
    const { player } = requireFullToken(grant);
    const { count } = await this.db.passkey.deleteMany({ where: { id, playerId: player.id } });
    if (count === 0) throw new ServiceError('NOT_FOUND', `no passkey ${id}`);
  }

  /** Starts a passkey sign-in: the options for `navigator.credentials.get` (any passkey of this site). */
  async startPasskeySignIn(rp: RelyingParty) {
    const options = await generateAuthenticationOptions({ rpID: rp.id, userVerification: 'preferred' });
    const challengeId = await this.keepChallenge(options.challenge, null);
    return { challengeId, options };
  }

  /** Verifies a passkey's signature and signs its player in with a new token. */
  async finishPasskeySignIn(rp: RelyingParty, challengeId: string, response: unknown): Promise<SignedIn> {
    const challenge = await this.takeChallenge(challengeId, null);
    const credentialId = typeof (response as { id?: unknown })?.id === 'string' ? (response as { id: string }).id : '';
    const key = credentialId ? await this.db.passkey.findUnique({ where: { id: credentialId }, include: { player: { select: { id: true, name: true } } } }) : null;
    if (!key) throw new ServiceError('PASSKEY_REJECTED', 'this passkey is not registered here (it may have been deleted)');
    let verified: Awaited<ReturnType<typeof verifyAuthenticationResponse>>;
    try {
      verified = await verifyAuthenticationResponse({
        response: response as AuthenticationResponseJSON,
        expectedChallenge: challenge,
        expectedOrigin: [...rp.origins],
        expectedRPID: rp.id,
        credential: { id: key.id, publicKey: new Uint8Array(key.publicKey), counter: Number(key.counter), transports: key.transports as AuthenticatorTransportFuture[] },
        requireUserVerification: false,
      });
    } catch (error) {
      throw new ServiceError('PASSKEY_REJECTED', `the passkey's answer could not be verified: ${(error as Error).message}`);
    }
    if (!verified.verified) throw new ServiceError('PASSKEY_REJECTED', "the passkey's answer could not be verified");
    await this.db.passkey.update({ where: { id: key.id }, data: { counter: BigInt(verified.authenticationInfo.newCounter), lastUsedAt: new Date() } });
    return this.signIn(key.player, `passkey: ${key.label}`);
  }

  /** A one-time code that signs another device in as the caller's player (valid CODE_TTL_MS, used once). */
  async createDeviceCode(grant: TokenGrant | null): Promise<{ code: string; expiresAt: string }> {
    const { player } = requireFullToken(grant);
    const raw = Array.from({ length: CODE_LENGTH }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]).join('');
    const expiresAt = new Date(Date.now() + CODE_TTL_MS);
    await this.db.deviceCode.deleteMany({ where: { expiresAt: { lt: new Date() } } });
    await this.db.deviceCode.create({ data: { codeHash: hashCode(raw), playerId: player.id, expiresAt } });
    return { code: `${raw.slice(0, 5)}-${raw.slice(5)}`, expiresAt: expiresAt.toISOString() };
  }

  /** Signs a device in with a code: used once; unknown, used and expired codes are all INVALID_CODE. */
  async signInWithCode(code: string): Promise<SignedIn> {
    const normalised = normaliseCode(code);
    const rows = normalised.length === CODE_LENGTH
      ? await this.db.$queryRaw<Player[]>`
          WITH used AS (DELETE FROM device_codes WHERE code_hash = ${hashCode(normalised)} AND expires_at > now() RETURNING player_id)
          SELECT p.id::text AS id, p.name FROM used JOIN players p ON p.id = used.player_id`
      : [];
    const player = rows[0];
    if (!player) throw new ServiceError('INVALID_CODE', 'this code is unknown, used or expired: ask the signed-in device for a new one');
    return this.signIn(player, 'one-time code');
  }

  private async signIn(player: Player, label: string): Promise<SignedIn> {
    const { secret } = await this.tokens.issueToken(player.id, { label, scopes: SCOPES });
    return { player, token: secret };
  }

  private async keepChallenge(challenge: string, playerId: string | null): Promise<string> {
    await this.db.webauthnChallenge.deleteMany({ where: { expiresAt: { lt: new Date() } } });
    const id = randomUUID();
    await this.db.webauthnChallenge.create({ data: { id, challenge, playerId, expiresAt: new Date(Date.now() + CHALLENGE_TTL_MS) } });
    return id;
  }

  /** The challenge of a ceremony under way, deleted as it is read (a challenge answers once). */
  private async takeChallenge(id: string, playerId: string | null): Promise<string> {
    const rows = await this.db.$queryRaw<{ challenge: string; player_id: string | null }[]>`
      DELETE FROM webauthn_challenges WHERE id = ${id}::uuid AND expires_at > now() RETURNING challenge, player_id::text`;
    const row = rows[0];
    if (!row || row.player_id !== playerId) throw new ServiceError('CHALLENGE_EXPIRED', 'this sign-in or registration has expired or was already used: start again');
    return row.challenge;
  }
}

function passkeyInfo(row: { id: string; label: string; createdAt: Date; lastUsedAt: Date | null }): PasskeyInfo {
  return { id: row.id, label: row.label, createdAt: row.createdAt.toISOString(), lastUsedAt: row.lastUsedAt?.toISOString() ?? null };
}
