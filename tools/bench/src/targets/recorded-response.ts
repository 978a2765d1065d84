/** A response of the real service, recorded to be replayed byte for byte by the ceiling server. */
export interface RecordedResponse {
  status: number;
  /** Lower-case names; hop-by-hop headers (connection, keep-alive, date, transfer-encoding) left out. */
  headers: Record<string, string>;
  bodyBase64: string;
}

const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'date', 'transfer-encoding', 'content-length']);

/** Fetches `url` once and keeps what the ceiling needs to send the same bytes. */
export async function recordResponse(url: string): Promise<RecordedResponse> {
  const response = await fetch(url);
  const body = Buffer.from(await response.arrayBuffer());
  const headers: Record<string, string> = {};
  response.headers.forEach((value, name) => {
    if (!HOP_BY_HOP.has(name)) headers[name] = value;
  });
  return { status: response.status, headers, bodyBase64: body.toString('base64') };
}
