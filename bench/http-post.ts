import http from 'node:http';

// The benches' HTTP client: JSON POSTs over keep-alive connections (what a
// busy embed or API client does), answers parsed as JSON.

export const agent = new http.Agent({ keepAlive: true, maxSockets: 128 });

export function post(url: string, body: unknown): Promise<{ status: number; json: any }> {
  return new Promise((resolve, reject) => {
    const data = JSON.stringify(body);
    const request = http.request(
      url,
      {
        method: 'POST',
        agent,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(data) },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, json: JSON.parse(Buffer.concat(chunks).toString('utf8')) }),
        );
      },
    );
    request.on('error', reject);
    request.end(data);
  });
}

/** A builder API call with a bearer token (fetch, JSON both ways); throws with the answer when it is not 2xx. */
export async function apiCall(url: string, token: string, method: string, route: string, body?: unknown): Promise<any> {
  const response = await fetch(url + route, {
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${route}: ${response.status} ${await response.text()}`);
  return response.json();
}
