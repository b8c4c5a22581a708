import { httpOk } from './network';

/** A Firestore REST value (https://firebase.google.com/docs/firestore/reference/rest/v1/Value). */
interface RestValue {
  nullValue?: null;
  booleanValue?: boolean;
  integerValue?: string;
  doubleValue?: number | string;
  stringValue?: string;
  timestampValue?: string;
  bytesValue?: string;
  referenceValue?: string;
  geoPointValue?: { latitude: number; longitude: number };
  arrayValue?: { values?: RestValue[] };
  mapValue?: { fields?: Record<string, RestValue> };
}

interface RestDocument {
  name: string;
  fields?: Record<string, RestValue>;
}

export interface EmulatedDocument {
  id: string;
  data: Record<string, unknown>;
}

// The emulator's admin credential: requests made with it bypass the security rules.
const OWNER = { authorization: 'Bearer owner' };

function decode(value: RestValue): unknown {
  if (value.mapValue) return decodeFields(value.mapValue.fields ?? {});
  if (value.arrayValue) return (value.arrayValue.values ?? []).map(decode);
  if (value.integerValue !== undefined) return Number(value.integerValue);
  if (value.doubleValue !== undefined) return Number(value.doubleValue);
  if (value.booleanValue !== undefined) return value.booleanValue;
  if (value.stringValue !== undefined) return value.stringValue;
  if (value.timestampValue !== undefined) return value.timestampValue;
  if (value.bytesValue !== undefined) return value.bytesValue;
  if (value.referenceValue !== undefined) return value.referenceValue;
  if (value.geoPointValue !== undefined) return value.geoPointValue;
  return null;
}

function decodeFields(fields: Record<string, RestValue>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(fields).map(([key, value]) => [key, decode(value)]));
}

const documentsUrl = (host: string, port: number, projectId: string) =>
  `http://${host}:${port}/v1/projects/${projectId}/databases/(default)/documents`;

/** Every document of a top-level collection, as plain values, read past the rules. */
export async function listDocuments(
  emulator: { host: string; port: number },
  projectId: string,
  collectionId: string,
): Promise<EmulatedDocument[]> {
  const documents: EmulatedDocument[] = [];
  let pageToken = '';
  do {
    const query = new URLSearchParams({ pageSize: '300' });
    if (pageToken) query.set('pageToken', pageToken);
    const url = `${documentsUrl(emulator.host, emulator.port, projectId)}/${encodeURIComponent(collectionId)}?${query}`;
    const page = JSON.parse(await httpOk('GET', url, { headers: OWNER })) as {
      documents?: RestDocument[];
      nextPageToken?: string;
    };
    for (const document of page.documents ?? []) {
      documents.push({
        id: document.name.slice(document.name.lastIndexOf('/') + 1),
        data: decodeFields(document.fields ?? {}),
      });
    }
    pageToken = page.nextPageToken ?? '';
  } while (pageToken);
  return documents;
}

/**
 * The reset's time limit: the emulator's first reset of a run took over 10 s on a slow,
 * loaded 2-core machine (a CI run's first Firebase test failed so, twice).
 */
const CLEAR_TIMEOUT_MS = 30_000;

/** Deletes every document of the project (the emulator's own reset endpoint). */
export async function clearFirestore(
  emulator: { host: string; port: number },
  projectId: string,
): Promise<void> {
  await httpOk(
    'DELETE',
    `http://${emulator.host}:${emulator.port}/emulator/v1/projects/${projectId}/databases/(default)/documents`,
    { timeoutMs: CLEAR_TIMEOUT_MS },
  );
}
