// A sign-up reserves its username, then records the account: two appends. One that stopped between them (a crash)
// leaves a reservation without an account. Once that reservation is old enough that no sign-up can still be recording
// its account, the next sign-up of the name takes it over; before that, and for a name with an account, it stays taken.
// So does an account whose activation link expired unused (the expired-link page says to sign up again).
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userStream, usernameStream } from '@portal/domain/accounts/events';
import { vendorStream } from '@portal/domain/vendors/events';
import { ensureBuiltinAdmin } from '@portal/command-api/accounts/bootstrap';
import { RESERVATION_GRACE_MS } from '@portal/command-api/accounts/service';
import { ageStream } from '../support/aged-events';
import { startTestSystem, TEST_ADMIN_PASSWORD, type TestSystem } from '../support/system';
import { accountsService, activeSignedIn, GOOD_PASSWORD, login, signIn, signUp, userSignedUp } from './support';

const TAKEN = { username: ['A user with that username already exists.'] };
let system: TestSystem;

beforeAll(async () => { system = await startTestSystem(); });
afterAll(async () => { await system?.stop(); });

const age = (stream: string, ms: number) => ageStream(system.pool, stream, ms);

/** What a sign-up that stopped after reserving `username` leaves behind, `ms` ago: the reserved user id. */
async function abandonedReservation(username: string, ms: number): Promise<string> {
  const userId = randomUUID();
  await system.store.appendToStream(usernameStream(username), [{ type: 'UsernameReserved', data: { user_id: userId, username }, metadata: { actorType: 'GUEST' } }], { expectedRevision: 'no_stream' });
  await age(usernameStream(username), ms);
  return userId;
}

/**
 * What a sign-up that stopped after recording the account, before its profile (and so before mailing the activation
 * link), leaves behind, `ms` ago: the reservation and the unactivated account. The account's user id.
 */
async function unfinishedSignUp(username: string, kind: 'VENDOR' | 'STAFF', ms: number): Promise<string> {
  const userId = await abandonedReservation(username, ms);
  const signedUp = userSignedUp(userId, username, { kind, vendor_id: kind === 'VENDOR' ? randomUUID() : null });
  await system.store.appendToStream(userStream(userId), [{ ...signedUp, metadata: { actorType: 'GUEST' } }], { expectedRevision: 'no_stream' });
  await age(userStream(userId), ms);
  return userId;
}

const types = async (stream: string) => (await system.store.readStream(stream)).map((event) => event.type);

describe('a username whose sign-up never recorded its account', () => {
  it('stays taken while the reservation is recent: a sign-up may still be recording it', async () => {
    await abandonedReservation('halfway_recent', RESERVATION_GRACE_MS / 2);
    const refused = await signUp(await system.client().start(), 'vendor', 'halfway_recent');
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual(TAKEN);
  });

  it('goes to the next sign-up once the reservation is old, whose account activates and signs in, and is closed to the stalled one', async () => {
    const abandoned = await abandonedReservation('halfway_old', 2 * RESERVATION_GRACE_MS);
    const { user } = await activeSignedIn(system, 'vendor', 'halfway_old');
    expect(user).toMatchObject({ username: 'halfway_old', user_type: 'VENDOR', is_active: true });
    expect(user.id).not.toBe(abandoned);
    expect(await types(userStream(abandoned))).toEqual(['UserSignUpAbandoned']);
    expect(await types(usernameStream('halfway_old'))).toEqual(['UsernameReserved', 'UsernameReserved']);
    // Case does not make another name, and the name is now taken for good.
    const again = await signUp(await system.client().start(), 'staff', 'HALFWAY_OLD');
    expect(again.body).toEqual(TAKEN);
    // One account of the name: the abandoned user id never became one.
    await system.caughtUp();
    const { rows } = await system.pool.query<{ id: string }>('SELECT id FROM users WHERE lower(username) = $1', ['halfway_old']);
    expect(rows.map((row) => row.id)).toEqual([user.id]);
  });

  it('goes to the next sign-up when an earlier take-over stopped after closing the abandoned user id', async () => {
    const abandoned = await abandonedReservation('halfway_twice', 2 * RESERVATION_GRACE_MS);
    await system.store.appendToStream(userStream(abandoned), [{ type: 'UserSignUpAbandoned', data: { user_id: abandoned, username: 'halfway_twice' }, metadata: { actorType: 'GUEST' } }], { expectedRevision: 'no_stream' });
    const { user } = await activeSignedIn(system, 'staff', 'halfway_twice');
    expect(user.username).toBe('halfway_twice');
    expect(await types(userStream(abandoned))).toEqual(['UserSignUpAbandoned']);
  });
});

describe('a username whose sign-up recorded the account but stopped before its profile', () => {
  it('stays taken while the reservation is recent', async () => {
    await unfinishedSignUp('unfinished_recent', 'VENDOR', RESERVATION_GRACE_MS / 2);
    const refused = await signUp(await system.client().start(), 'vendor', 'unfinished_recent');
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual(TAKEN);
  });

  it('goes to the next sign-up once old (the account that never got its activation link is closed), which signs in', async () => {
    const unfinished = await unfinishedSignUp('unfinished_old', 'VENDOR', 2 * RESERVATION_GRACE_MS);
    const { client, user } = await activeSignedIn(system, 'vendor', 'unfinished_old');
    expect(user).toMatchObject({ username: 'unfinished_old', user_type: 'VENDOR', is_active: true });
    expect(user.id).not.toBe(unfinished);
    expect(await types(userStream(unfinished))).toEqual(['UserSignedUp', 'UserSignUpAbandoned']);
    expect(await types(usernameStream('unfinished_old'))).toEqual(['UsernameReserved', 'UsernameReserved']);
    // The new account has its vendor profile; the name is now taken for good.
    await system.caughtUp();
    const profile = await client.get('/api/profiles/vendor/');
    expect(profile.status).toBe(200);
    expect(profile.body).toMatchObject({ username: 'unfinished_old' });
    expect((await signUp(await system.client().start(), 'vendor', 'unfinished_old', { email: 'late@carrier.example.com' })).body).toEqual(TAKEN);
  });

  it('leaves one account of the name in the read models, the one that completed, listed for the admin', async () => {
    const unfinished = await unfinishedSignUp('unfinished_staff', 'STAFF', 2 * RESERVATION_GRACE_MS);
    const admin = await signIn(system, system.config.adminUsername, 'staff', TEST_ADMIN_PASSWORD);
    const users = async () => (await system.pool.query<{ id: string }>('SELECT id FROM users WHERE lower(username) = $1', ['unfinished_staff'])).rows.map((row) => row.id);
    await system.caughtUp();
    expect(await users()).toEqual([unfinished]);
    const { user } = await activeSignedIn(system, 'staff', 'unfinished_staff');
    await system.caughtUp();
    const after = await admin.get('/api/staff-accounts/');
    expect((after.body as { id: string; username: string }[]).filter((row) => row.username === 'unfinished_staff').map((row) => row.id)).toEqual([user.id]);
    expect((await admin.get(`/api/staff-accounts/${unfinished}/`)).status).toBe(404);
    expect(await users()).toEqual([user.id]);
  });

  it('stays taken when the sign-up completed (its link went out) and was never activated, however old', async () => {
    const completed = await signUp(await system.client().start(), 'vendor', 'never_activated');
    expect(completed.status).toBe(201);
    await age(usernameStream('never_activated'), 10 * RESERVATION_GRACE_MS);
    const refused = await signUp(await system.client().start(), 'vendor', 'never_activated', { email: 'someone.else@carrier.example.com' });
    expect(refused.body).toEqual(TAKEN);
    expect(await types(usernameStream('never_activated'))).toEqual(['UsernameReserved']);
  });
});

describe('the built-in admin', () => {
  it('is created after all by a start after one that stopped between reserving its name and recording it', async () => {
    const accounts = accountsService(system);
    await abandonedReservation('first_admin', 2 * RESERVATION_GRACE_MS);
    expect(await ensureBuiltinAdmin(system.store, accounts, { username: 'first_admin', password: GOOD_PASSWORD })).toEqual({ created: true, generatedPassword: undefined });
    const answer = await login(await system.client().start(), 'first_admin', GOOD_PASSWORD, 'staff');
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ username: 'first_admin', staff_profile: { tier: 'ADMIN' } });
    // The next start finds it.
    expect(await ensureBuiltinAdmin(system.store, accounts, { username: 'first_admin', password: GOOD_PASSWORD })).toEqual({ created: false });
  });

  it('is created by a start soon after one that stopped there, once the name can be taken over', async () => {
    const accounts = accountsService(system);
    await abandonedReservation('soon_admin', RESERVATION_GRACE_MS - 2_000);
    expect(await ensureBuiltinAdmin(system.store, accounts, { username: 'soon_admin', password: GOOD_PASSWORD })).toEqual({ created: true, generatedPassword: undefined });
    const answer = await login(await system.client().start(), 'soon_admin', GOOD_PASSWORD, 'staff');
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ username: 'soon_admin', staff_profile: { tier: 'ADMIN' } });
  });
});

describe('a username with an account', () => {
  it('stays taken however old its reservation, and its owner still signs in', async () => {
    const { user } = await activeSignedIn(system, 'vendor', 'settled_name');
    await age(usernameStream('settled_name'), 10 * RESERVATION_GRACE_MS);
    const refused = await signUp(await system.client().start(), 'vendor', 'settled_name', { email: 'someone.else@carrier.example.com' });
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual(TAKEN);
    expect(await types(usernameStream('settled_name'))).toEqual(['UsernameReserved']);
    expect(await types(userStream(user.id))).not.toContain('UserSignUpAbandoned');
    const back = await login(await system.client().start(), 'settled_name', GOOD_PASSWORD, 'vendor');
    expect(back.status).toBe(200);
    expect(back.body.id).toBe(user.id);
  });
});

/**
 * A sign-up that completed (account and profile recorded, its link mailed) `ms` ago, whose activation link expired
 * unused: the account's user id.
 */
async function expiredSignUp(username: string, ms: number): Promise<string> {
  const userId = await abandonedReservation(username, ms);
  const vendorId = randomUUID();
  const signedUp = userSignedUp(userId, username, { vendor_id: vendorId, activation_expires_at: new Date(Date.now() - 1_000).toISOString() });
  await system.store.appendToStream(userStream(userId), [{ ...signedUp, metadata: { actorType: 'GUEST' } }], { expectedRevision: 'no_stream' });
  await system.store.appendToStream(vendorStream(vendorId), [{ type: 'VendorProfileCreated', data: { vendor_id: vendorId, user_id: userId, username }, metadata: { actorType: 'GUEST' } }], { expectedRevision: 'no_stream' });
  await age(userStream(userId), ms);
  return userId;
}

describe('a username whose sign-up completed but whose activation link expired unused', () => {
  it('goes to the next sign-up (the expired-link page says to sign up again), which activates and signs in', async () => {
    const expired = await expiredSignUp('expired_link', 2 * RESERVATION_GRACE_MS);
    const { client, user } = await activeSignedIn(system, 'vendor', 'expired_link');
    expect(user).toMatchObject({ username: 'expired_link', user_type: 'VENDOR', is_active: true });
    expect(user.id).not.toBe(expired);
    expect(await types(userStream(expired))).toEqual(['UserSignedUp', 'UserSignUpAbandoned']);
    expect(await types(usernameStream('expired_link'))).toEqual(['UsernameReserved', 'UsernameReserved']);
    // One account of the name in the read models, with its own profile; the name is now taken for good.
    await system.caughtUp();
    const { rows } = await system.pool.query<{ id: string }>('SELECT id FROM users WHERE lower(username) = $1', ['expired_link']);
    expect(rows.map((row) => row.id)).toEqual([user.id]);
    expect((await client.get('/api/profiles/vendor/')).body).toMatchObject({ username: 'expired_link' });
    const admin = await signIn(system, system.config.adminUsername, 'staff', TEST_ADMIN_PASSWORD);
    const listed = (await admin.get('/api/vendors/')).body as { username: string; user_id?: string }[];
    expect(listed.filter((vendor) => vendor.username === 'expired_link')).toHaveLength(1);
    expect((await signUp(await system.client().start(), 'vendor', 'expired_link', { email: 'late@carrier.example.com' })).body).toEqual(TAKEN);
  });
});

