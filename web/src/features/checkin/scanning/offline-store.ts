import type { CheckinSheet, Scan } from "@worker/features/checkin/checkin.schema";
import { settled } from "./sheet-journal";

// What a gate keeps on the device for an offline spell: the prepared sheet (one per experience) and the scans it
// admitted offline, waiting to be sent. A few lines over indexedDB; where there is none (a test, a locked-down
// browser), a memory copy for the page's life.

/** An offline admission waiting for the network. */
export interface QueuedScan {
  nonce: string;
  eventId: string;
  listId: string;
  scan: Scan;
}

const DB_NAME = "experiences-checkin";
const SHEETS = "sheets";
const QUEUE = "queue";

let opened: Promise<IDBDatabase> | null = null;
const memory = { [SHEETS]: new Map<string, unknown>(), [QUEUE]: new Map<string, unknown>() };

function open(): Promise<IDBDatabase> {
  opened ??= new Promise((resolve, reject) => {
    const request = indexedDB.open(DB_NAME, 1);
    request.onupgradeneeded = () => {
      request.result.createObjectStore(SHEETS);
      request.result.createObjectStore(QUEUE, { keyPath: "nonce" });
    };
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error("IndexedDB is not available"));
  });
  return opened;
}

const hasIndexedDb = () => typeof indexedDB !== "undefined";

async function run<T>(
  store: typeof SHEETS | typeof QUEUE,
  mode: IDBTransactionMode,
  act: (store: IDBObjectStore) => IDBRequest,
): Promise<T> {
  const db = await open();
  return new Promise((resolve, reject) => {
    const request = act(db.transaction(store, mode).objectStore(store));
    request.onsuccess = () => resolve(request.result as T);
    request.onerror = () => reject(request.error ?? new Error("IndexedDB failed"));
  });
}

export async function saveSheet(sheet: CheckinSheet): Promise<void> {
  if (!hasIndexedDb()) return void memory[SHEETS].set(sheet.eventId, sheet);
  await run(SHEETS, "readwrite", (store) => store.put(sheet, sheet.eventId));
}

export async function loadSheet(eventId: string): Promise<CheckinSheet | null> {
  if (!hasIndexedDb()) return (memory[SHEETS].get(eventId) as CheckinSheet | undefined) ?? null;
  return (await run<CheckinSheet | undefined>(SHEETS, "readonly", (store) => store.get(eventId))) ?? null;
}

export async function queueScan(queued: QueuedScan): Promise<void> {
  if (!hasIndexedDb()) return void memory[QUEUE].set(queued.nonce, queued);
  await run(QUEUE, "readwrite", (store) => store.put(queued));
}

export async function queuedScans(eventId: string): Promise<QueuedScan[]> {
  const all = hasIndexedDb()
    ? await run<QueuedScan[]>(QUEUE, "readonly", (store) => store.getAll())
    : ([...memory[QUEUE].values()] as QueuedScan[]);
  return all.filter((queued) => queued.eventId === eventId);
}

export async function dropScans(nonces: string[]): Promise<void> {
  // Sent or forgotten: no sheet read keeps them any more.
  settled(nonces);
  if (!hasIndexedDb()) return void nonces.forEach((nonce) => memory[QUEUE].delete(nonce));
  await Promise.all(nonces.map((nonce) => run(QUEUE, "readwrite", (store) => store.delete(nonce))));
}
