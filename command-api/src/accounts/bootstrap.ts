import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { AccountKind } from '@portal/domain/accounts/events';
import type { StaffTier } from '@portal/domain/staff/events';
import { readStreamOrNone, WrongExpectedVersion, type EventMetadata, type EventStore } from '@portal/platform/event-store/port';
import { ValidationFailed } from '@portal/platform/http/errors';
import type { Logger } from '@portal/platform/logger';
import { verifyPassword } from '@portal/platform/auth/passwords';
import { lastReservation, registeredAccount } from './aggregates';
import type { Actor } from '@portal/domain/permissions';
import * as staff from '@portal/domain/staff/decider';
import { staffStream } from '@portal/domain/staff/events';
import * as vendors from '@portal/domain/vendors/decider';
import { AGREEMENT_TEXT, AGREEMENT_VERSION } from '@portal/domain/vendors/agreement';
import { vendorStream, type FileRef } from '@portal/domain/vendors/events';
import type { FileStorage } from '@portal/platform/files/storage';
import { handleCommand } from '../command-handler';
import type { LoadsService } from '../loads/service';
import { demoPdf, demoPhotoPng, demoSignaturePng } from './demo-files';
import type { LoadDocumentType } from '@portal/domain/loads/fields';
import { RESERVATION_GRACE_MS, type AccountsService } from './service';
import { dayIn } from '@portal/domain/calendar';

const SYSTEM: EventMetadata = { actorType: 'SYSTEM', actorUsername: 'system' };

const ADMIN_NAMES = { first_name: 'Portal', last_name: 'Administrator' };

/** How old a reservation without an account must be to be a stopped start's rather than a sign-up under way. */
const STOPPED_SIGN_UP_MS = 5_000;

/** The stream that names the built-in admin: its one event, recorded by the first start before it creates the admin. */
export const BUILTIN_ADMIN_STREAM = 'builtin-admin';

/**
 * The built-in admin's username: the one the database's first start was given (ADMIN_USERNAME), whatever a later start
 * is given. Before, a later start with another ADMIN_USERNAME (or none, after a first start with one) counted as a
 * first start: it created a second built-in ADMIN, with a generated password, and seeded the demo accounts, with their
 * printed password, into a database started without them.
 *
 * The first start records `configured` (of two first starts at once, the one that records first names it). A database
 * whose first start came before the name was recorded has it recorded now when its built-in admin is `configured`, or
 * when a first start that stopped partway had reserved it. Undefined for such a database whose built-in admin has
 * another name: nothing is created then.
 */
export async function builtinAdminName(store: EventStore, configured: string): Promise<string | undefined> {
  const recorded = async () => (await readStreamOrNone(store, BUILTIN_ADMIN_STREAM, { maxCount: 1 }))[0]?.data.username as string | undefined;
  const named = await recorded();
  if (named !== undefined) return named;
  if ((await store.headPosition()) >= 0n) {
    const existing = await registeredAccount(store, configured);
    // Not this database's admin, unless another instance's first start recorded the name since it was read above (its
    // record is then the store's first event, and nothing of the admin's may be there yet).
    if (existing ? !existing.builtin : !(await lastReservation(store, configured))) return recorded();
  }
  try {
    await store.appendToStream(BUILTIN_ADMIN_STREAM, [{ type: 'BuiltinAdminNamed', data: { username: configured }, metadata: SYSTEM }], { expectedRevision: 'no_stream' });
    return configured;
  } catch (error) {
    if (error instanceof WrongExpectedVersion) return recorded();
    throw error;
  }
}

/**
 * The built-in admin, created on first start from ADMIN_USERNAME / ADMIN_PASSWORD (a random password, returned so
 * it can be printed once, when none is given). Safe to run from several instances: the username reservation decides.
 * A start can stop anywhere, and a later one finishes the admin: a reservation whose sign-up never recorded the
 * account is taken over once it is old enough (see AccountsService.signUp; a start soon after waits for that); the
 * account is active from its first event (no activation step to miss); a missing ADMIN staff profile is created.
 *
 * `passwordFile`: a generated password is written there (mode 0600) before the account is recorded, for the caller to
 * remove once it has shown it. A start that stopped in between (during the demo seeding, say) would otherwise leave an
 * admin whose password nobody ever saw: the next start finds the file, and answers the password again if it is the
 * admin's (a file from a start that lost the race to another instance is not, and is removed).
 */
export async function ensureBuiltinAdmin(
  store: EventStore,
  accounts: AccountsService,
  options: { username: string; password: string | undefined; logger?: Logger; passwordFile?: string },
): Promise<{ created: boolean; generatedPassword?: string }> {
  const existing = await registeredAccount(store, options.username);
  if (existing) {
    if (existing.builtin) await ensureAdminProfile(store, existing.userId, existing.email);
    const unshown = existing.builtin && options.passwordFile ? await unshownPassword(options.passwordFile, existing.passwordHash) : undefined;
    return unshown ? { created: false, generatedPassword: unshown } : { created: false };
  }
  const generatedPassword = options.password ? undefined : randomBytes(12).toString('base64url');
  if (generatedPassword && options.passwordFile) {
    fs.mkdirSync(path.dirname(options.passwordFile), { recursive: true });
    fs.writeFileSync(options.passwordFile, `${generatedPassword}\n`, { mode: 0o600 });
  }
  const body = { username: options.username, email: `${options.username}@freight-portal.local`, password: options.password ?? generatedPassword!, ...ADMIN_NAMES };
  const signUp = () => accounts.signUp('STAFF', body, SYSTEM, { builtin: true, tier: 'ADMIN', activated: true }).then(() => true, (error: unknown) => {
    if (error instanceof ValidationFailed) return false;
    throw error;
  });
  if (await signUp()) return { created: true, generatedPassword };
  // Taken: by another instance starting now, or held by a start that stopped between reserving the name and recording
  // the account less than RESERVATION_GRACE_MS ago. The name is free once the grace is over: wait for it, then once more.
  const held = await lastReservation(store, options.username);
  const age = held ? Date.now() - held.at.getTime() : 0;
  if (!held || age < STOPPED_SIGN_UP_MS || (await registeredAccount(store, options.username))) return { created: false };
  const waitMs = RESERVATION_GRACE_MS - age + 1_000;
  options.logger?.warn('the built-in admin\'s username is held by a start that stopped partway; waiting to take it over', { username: options.username, waitMs });
  await new Promise((resolve) => setTimeout(resolve, waitMs));
  return (await signUp()) ? { created: true, generatedPassword } : { created: false };
}

/** The password in `file` when it is the admin's (see ensureBuiltinAdmin); a file holding any other is removed. */
async function unshownPassword(file: string, passwordHash: string): Promise<string | undefined> {
  let password: string;
  try {
    password = fs.readFileSync(file, 'utf8').trim();
  } catch {
    return undefined;
  }
  if (password && (await verifyPassword(password, passwordHash))) return password;
  fs.rmSync(file, { force: true });
  return undefined;
}

/** The built-in admin's staff profile (its ADMIN tier), unless it has one. */
async function ensureAdminProfile(store: EventStore, userId: string, email: string): Promise<void> {
  try {
    await handleCommand(store, staffStream(userId), staff, { type: 'CreateStaffProfile', data: { user_id: userId, tier: 'ADMIN', ...ADMIN_NAMES, email, builtin: true } }, SYSTEM);
  } catch (error) {
    // It has one (the usual case), or another instance starting at the same time created it first.
    if (!(error instanceof staff.StaffError && error.code === 'exists')) throw error;
  }
}

export interface DemoAccount {
  username: string;
  kind: AccountKind;
  tier?: StaffTier;
  firstName?: string;
  lastName?: string;
  note: string;
}

export const demoAccounts: DemoAccount[] = [
  { username: 'dispatch', kind: 'STAFF', tier: 'DISPATCH_OPS', firstName: 'Dana', lastName: 'Reyes', note: 'staff, DISPATCH_OPS' },
  { username: 'accounting', kind: 'STAFF', tier: 'ACCOUNTING', firstName: 'Avery', lastName: 'Chen', note: 'staff, ACCOUNTING' },
  { username: 'newstaff', kind: 'STAFF', tier: 'PENDING', firstName: 'Pat', lastName: 'Morgan', note: 'staff, no tier yet (PENDING)' },
  { username: 'carrier', kind: 'VENDOR', note: 'vendor, complete profile and a book of loads' },
  { username: 'newcarrier', kind: 'VENDOR', note: 'vendor, profile not filled in' },
];

/**
 * Demo accounts, created through the same commands users go through (sign-up, tier change, loads), active from the
 * start: on the start that created the built-in admin (`fresh`), and after it those a first start that stopped partway
 * did not get to (some demo accounts there, not all). A database that never had them gets none. One another instance
 * starting at the same time signs up first is left to it.
 */
export async function seedDemoAccounts(
  accounts: AccountsService,
  loads: LoadsService,
  storage: FileStorage,
  password: string,
  options: { fresh: boolean; present?: boolean[] },
): Promise<void> {
  const present = options.present ?? (await demoAccountsPresent(accounts));
  if (!options.fresh && !present.includes(true)) return;
  for (const [i, demo] of demoAccounts.entries()) {
    if (present[i]) continue;
    const email = `${demo.username}@demo.freight-portal.local`;
    const body = demo.kind === 'STAFF' ? { username: demo.username, email, password, first_name: demo.firstName!, last_name: demo.lastName! } : { username: demo.username, email, password };
    let created: Awaited<ReturnType<AccountsService['signUp']>>;
    try {
      created = await accounts.signUp(demo.kind, body, SYSTEM, { activated: true });
    } catch (error) {
      if (error instanceof ValidationFailed) continue;
      throw error;
    }
    const { userId, vendorId } = created;
    if (demo.tier && demo.tier !== 'PENDING') await accounts.changeTier(userId, demo.tier, SYSTEM);
    if (demo.username === 'carrier' && vendorId) {
      await completeDemoProfile(accounts, storage, vendorId, { actorId: userId, actorUsername: demo.username, actorType: 'VENDOR' });
      await seedDemoLoads(loads, storage, { userId, username: demo.username, type: 'VENDOR', tier: null, vendorId });
    }
  }
}

/** The demo carrier's profile filled in, its documents uploaded and the agreement signed: it lands on /loads. */
async function completeDemoProfile(accounts: AccountsService, storage: FileStorage, vendorId: string, metadata: EventMetadata): Promise<void> {
  const store = accounts.eventStore;
  const stream = vendorStream(vendorId);
  await handleCommand(store, stream, vendors, {
    type: 'EditProfile',
    data: {
      values: {
        legal_name: 'Lone Star Carriers LLC', business_name: 'Lone Star Carriers', address: '2400 Irving Blvd', city: 'Dallas', state: 'TX',
        zip_code: '75207', federal_id: '75-2948176', mc_number: '884213', dot_number: '2957381', website: 'lonestarcarriers.example.com',
        contact_name_1: 'Maria Lopez', email_1: 'dispatch@lonestarcarriers.example.com', phone_1: '(214) 555-0142', phone_1_ext: '12',
        insurance_company: 'Progressive Commercial', insurance_policy_number: 'PCA-0092817',
        // A year from seeding, so the demo's policy is current whenever it is started.
        insurance_expiration: new Date(Date.now() + 365 * 86_400_000).toISOString().slice(0, 10),
        insurance_email: 'certs@progressive.example.com', insurance_phone: '(800) 555-0199',
        bank_account_holder_name: 'Lone Star Carriers LLC', bank_name: 'Frost Bank', bank_routing_number: '114000093', bank_account_number: '004512873',
      },
    },
  }, metadata);
  const now = new Date().toISOString();
  const file = async (name: string, content: Buffer, contentType: string): Promise<FileRef> => ({
    sha256: await storage.put(content), name, size: content.length, content_type: contentType, uploaded_at: now,
  });
  const documents: [vendors.UploadDocument['data']['documentType'], string, string][] = [
    ['company_authority', 'MC-884213-authority.pdf', 'FMCSA operating authority MC-884213'],
    ['insurance', 'certificate-of-insurance-2026.pdf', 'Certificate of insurance, policy PCA-0092817'],
    ['bank_document', 'voided-check.pdf', 'Voided check, Frost Bank'],
    ['w9_document', 'w9-lone-star-carriers.pdf', 'Form W-9, Lone Star Carriers LLC'],
  ];
  for (const [documentType, name, title] of documents) {
    const stored = await file(name, demoPdf([title, 'Demo document generated by the Freight Portal.']), 'application/pdf');
    await handleCommand(store, stream, vendors, { type: 'UploadDocument', data: { documentType, file: stored } }, metadata);
  }
  const signature = await file(`signature-${Date.now()}.png`, demoSignaturePng(), 'image/png');
  await handleCommand(store, stream, vendors, {
    type: 'SignAgreement',
    // The day where it is earliest on earth (UTC-12): never a day in the future for whoever reads it.
    data: { date: dayIn(new Date(), 'Etc/GMT+12'), signature, agreement_version: AGREEMENT_VERSION, agreement_sha256: createHash('sha256').update(AGREEMENT_TEXT).digest('hex') },
  }, metadata);
}

const DAY = 24 * 3600 * 1000;

/** A realistic book of loads for the demo carrier: every status and payment status, lanes, rates and equipment. */
async function seedDemoLoads(loads: LoadsService, storage: FileStorage, carrier: Actor): Promise<void> {
  const metadata: EventMetadata = { actorId: carrier.userId, actorUsername: carrier.username, actorType: 'VENDOR' };
  const today = new Date();
  today.setUTCHours(14, 0, 0, 0);
  const at = (days: number, hour = 14) => new Date(today.getTime() + days * DAY + (hour - 14) * 3600 * 1000).toISOString();
  const lanes: {
    number: string; from: string; to: string; pickup: number; delivery: number; rate: number; miles: number;
    status: 'open' | 'picked_up' | 'delivered' | 'cancelled'; payment?: 'partial' | 'paid' | 'disputed'; equipment: string; weight: number; reefer?: boolean;
  }[] = [
    { number: '24101', from: 'Dallas, TX 75201', to: 'Houston, TX 77002', pickup: -9, delivery: -8, rate: 1150, miles: 239, status: 'delivered', payment: 'paid', equipment: 'Dry Van', weight: 38000 },
    { number: '24102', from: 'Fort Worth, TX 76102', to: 'Oklahoma City, OK 73102', pickup: -7, delivery: -6, rate: 980, miles: 203, status: 'delivered', payment: 'paid', equipment: 'Flatbed', weight: 42000 },
    { number: '24103', from: 'San Antonio, TX 78205', to: 'Phoenix, AZ 85004', pickup: -5, delivery: -3, rate: 2650, miles: 987, status: 'delivered', payment: 'partial', equipment: 'Reefer', weight: 40000, reefer: true },
    { number: '24104', from: 'Austin, TX 78701', to: 'Memphis, TN 38103', pickup: -4, delivery: -2, rate: 1875, miles: 700, status: 'delivered', payment: 'disputed', equipment: 'Dry Van', weight: 35500 },
    { number: '24105', from: 'Laredo, TX 78040', to: 'Chicago, IL 60607', pickup: -2, delivery: 1, rate: 3420, miles: 1378, status: 'picked_up', equipment: 'Dry Van', weight: 43000 },
    { number: '24106', from: 'El Paso, TX 79901', to: 'Denver, CO 80202', pickup: -1, delivery: 1, rate: 1960, miles: 638, status: 'picked_up', equipment: 'Reefer', weight: 39000, reefer: true },
    { number: '24107', from: 'Houston, TX 77029', to: 'New Orleans, LA 70112', pickup: 1, delivery: 2, rate: 890, miles: 348, status: 'open', equipment: 'Tanker', weight: 44000 },
    { number: '24108', from: 'Dallas, TX 75247', to: 'Atlanta, GA 30318', pickup: 2, delivery: 4, rate: 2340, miles: 781, status: 'open', equipment: 'Dry Van', weight: 31000 },
    { number: '24109', from: 'Lubbock, TX 79401', to: 'Kansas City, MO 64105', pickup: 3, delivery: 5, rate: 1720, miles: 626, status: 'open', equipment: 'Flatbed', weight: 46000 },
    { number: '24110', from: 'Corpus Christi, TX 78401', to: 'Baton Rouge, LA 70802', pickup: 4, delivery: 5, rate: 1210, miles: 403, status: 'open', equipment: 'Step Deck', weight: 28000 },
    { number: '24111', from: 'Waco, TX 76701', to: 'Little Rock, AR 72201', pickup: -3, delivery: -1, rate: 1040, miles: 390, status: 'cancelled', equipment: 'Dry Van', weight: 22000 },
    { number: '24112', from: 'Amarillo, TX 79101', to: 'Albuquerque, NM 87102', pickup: 6, delivery: 7, rate: 940, miles: 287, status: 'open', equipment: 'Reefer', weight: 36000, reefer: true },
  ];
  for (const lane of lanes) {
    let created: Awaited<ReturnType<LoadsService['create']>>;
    try {
      created = await loads.create(carrier, {
        load_number: lane.number,
        pickup_location: lane.from,
        pickup_date: lane.status === 'cancelled' || lane.pickup > 0 ? at(lane.pickup, 8) : null,
        delivery_location: lane.to,
        delivery_date: lane.delivery > 0 ? at(lane.delivery, 16) : null,
        rate_amount: lane.rate,
      }, metadata);
    } catch (error) {
      // A start finishing a partial seeding runs on a database in use: a real load may hold this number. It is theirs.
      if (error instanceof ValidationFailed && error.fields.load_number) continue;
      throw error;
    }
    const id = created.load!.id;
    await loads.update(carrier, id, {
      miles: lane.miles, rate_type: 'Flat', equipment_type: lane.equipment, weight: lane.weight, total_pieces: Math.round(lane.weight / 1800),
      temperature_required: lane.reefer ?? false, ...(lane.reefer ? { temperature_min: 34, temperature_max: 38 } : {}),
      pickup_contact: 'Shipping Office', delivery_contact: 'Receiving Dock',
    }, metadata);
    // Past pickups and deliveries happen through the status changes, which stamp their dates.
    if (lane.status === 'picked_up' || lane.status === 'delivered') await loads.update(carrier, id, { status: 'picked_up', pickup_date: at(lane.pickup, 8) }, metadata);
    if (lane.status === 'delivered') await loads.update(carrier, id, { status: 'delivered', delivery_date: at(lane.delivery, 16) }, metadata);
    if (lane.status === 'cancelled') await loads.update(carrier, id, { status: 'cancelled' }, metadata);
    // Delivered and moving loads carry their paperwork: rate confirmation, BOL, POD once delivered, and trailer photos.
    if (lane.status !== 'open' && lane.status !== 'cancelled') {
      const paperwork: [LoadDocumentType, string, Buffer, string][] = [
        ['rate_confirmation', `ratecon-${lane.number}.pdf`, demoPdf([`Rate confirmation kdt_${lane.number}`, `${lane.from} to ${lane.to}`, `Rate $${lane.rate}`]), 'application/pdf'],
        ['bill_of_lading', `bol-${lane.number}.pdf`, demoPdf([`Bill of lading kdt_${lane.number}`, `Shipper: ${lane.from}`, `Consignee: ${lane.to}`]), 'application/pdf'],
        ['photos', `trailer-${lane.number}.png`, demoPhotoPng(lane.number.length + Number(lane.number.slice(-2))), 'image/png'],
      ];
      if (lane.status === 'delivered') paperwork.push(['proof_of_delivery', `pod-${lane.number}.pdf`, demoPdf([`Proof of delivery kdt_${lane.number}`, 'Received in good order']), 'application/pdf']);
      for (const [type, name, content, contentType] of paperwork) {
        const file = { sha256: await storage.put(content), name, size: content.length, content_type: contentType, uploaded_at: new Date().toISOString() };
        await loads.uploadDocument(carrier, id, type, file, metadata);
      }
    }
    if (lane.payment) {
      const paid = lane.payment === 'paid' ? lane.rate : lane.payment === 'partial' ? Math.round(lane.rate / 2) : 0;
      await loads.update(carrier, id, { payment_status: lane.payment, amount_paid: paid, last_payment_date: paid ? at(lane.delivery + 2, 0) : null, payment_notes: lane.payment === 'disputed' ? 'Detention charge under review' : 'ACH' }, metadata);
    }
  }
}

/** Which of the demo accounts (in demoAccounts' order) the event store holds. */
export const demoAccountsPresent = (accounts: AccountsService): Promise<boolean[]> =>
  Promise.all(demoAccounts.map(async (demo) => (await registeredAccount(accounts.eventStore, demo.username)) !== undefined));

/**
 * The demo accounts' password, recorded in DATA_DIR/demo-password when they are created: DEMO_PASSWORD, else a generated
 * one. Once they exist, the recorded one is theirs whatever DEMO_PASSWORD says now (it applies to their creation
 * only): `ignored` then says DEMO_PASSWORD names another. A data folder whose accounts were made before the password
 * was always recorded falls back to DEMO_PASSWORD, else a new one (recorded).
 */
export function demoPassword(configured: string | undefined, dataDir: string, options: { creating: boolean }): { password: string; ignored: boolean } {
  const file = path.join(dataDir, 'demo-password');
  let recorded: string | undefined;
  try {
    recorded = fs.readFileSync(file, 'utf8').trim() || undefined;
  } catch {
    recorded = undefined;
  }
  if (!options.creating && recorded) return { password: recorded, ignored: configured !== undefined && configured !== recorded };
  const password = configured ?? recorded ?? `demo-${randomBytes(6).toString('hex')}`;
  if (password !== recorded) {
    fs.mkdirSync(dataDir, { recursive: true });
    fs.writeFileSync(file, password + '\n', { mode: 0o600 });
  }
  return { password, ignored: false };
}
