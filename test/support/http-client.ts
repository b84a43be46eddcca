/**
 * A tiny browser-like HTTP client for API tests: keeps cookies, sends the site's Origin
 * on writes (as a browser would), does not follow redirects so tests can see them.
 */
export class HttpClient {
  private cookies = new Map<string, string>();

  constructor(
    readonly baseUrl: string,
    private origin: string | null = baseUrl,
  ) {}

  async request(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<Response> {
    const url = path.startsWith('http') ? path : `${this.baseUrl}${path}`;
    const sendHeaders: Record<string, string> = { ...headers };
    if (this.cookies.size) sendHeaders.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const isForm = body instanceof FormData;
    // Bytes go as they are (a piece of an upload), with the caller's content type.
    const isBytes = body instanceof Uint8Array;
    if (body !== undefined && !isForm) sendHeaders['content-type'] ??= isBytes ? 'application/octet-stream' : 'application/json';
    if (method !== 'GET' && method !== 'HEAD' && this.origin && !('origin' in sendHeaders)) sendHeaders.origin = this.origin;
    const response = await fetch(url, {
      method,
      headers: sendHeaders,
      body: body === undefined ? undefined : isBytes ? new Uint8Array(body) : typeof body === 'string' || isForm ? (body as string | FormData) : JSON.stringify(body),
      redirect: 'manual',
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair, ...attributes] = line.split(';');
      const [name, ...rest] = pair.split('=');
      const value = rest.join('=');
      const expired = attributes.some((a) => /^\s*max-age=0\s*$/i.test(a) || /expires=thu, 01 jan 1970/i.test(a));
      if (expired || value === '') this.cookies.delete(name.trim());
      else this.cookies.set(name.trim(), value);
    }
    return response;
  }

  get = (path: string, headers?: Record<string, string>) => this.request('GET', path, undefined, headers);
  post = (path: string, body?: unknown, headers?: Record<string, string>) => this.request('POST', path, body ?? {}, headers);
  put = (path: string, body?: unknown, headers?: Record<string, string>) => this.request('PUT', path, body ?? {}, headers);

  cookie(name: string): string | undefined {
    return this.cookies.get(name);
  }

  /** Puts a cookie in this client's jar, as a server's Set-Cookie would (a sign-in seeded in the database). */
  setCookie(name: string, value: string): void {
    this.cookies.set(name, value);
  }
}

/** Sends a multipart upload the way the browser's FormData does. */
export async function uploadForm(
  client: HttpClient,
  path: string,
  fields: Record<string, string>,
  audio?: { bytes: Buffer; filename: string; type?: string },
): Promise<Response> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  if (audio) form.append('audio', new Blob([new Uint8Array(audio.bytes)], { type: audio.type ?? 'audio/webm' }), audio.filename);
  return client.request('POST', path, form);
}

/**
 * A new local account, signed in as the app does it: sign-up (which answers the same for any
 * address), then sign-in with the same credentials. The client carries its session cookie.
 */
export async function signedUpClient(
  baseUrl: string,
  email: string,
  language?: 'en' | 'fi',
  password = 'long enough password',
): Promise<{ client: HttpClient; id: string }> {
  const client = new HttpClient(baseUrl);
  const signUp = await client.post('/api/auth/local/sign-up', { email, password, firstName: 'Aino' });
  if (signUp.status !== 202) throw new Error(`sign-up of ${email} answered ${signUp.status}: ${await signUp.text()}`);
  const signIn = await client.post('/api/auth/local/sign-in', { email, password });
  if (signIn.status !== 200) throw new Error(`sign-in of ${email} answered ${signIn.status}: ${await signIn.text()}`);
  if (language) await client.put('/api/auth/language-preference', { language });
  return { client, id: (await signIn.json()).id };
}

/** An owner and a stranger: the pair every "another user's id gets 404" test needs. */
export async function ownerAndStranger(baseUrl: string) {
  const owner = await signedUpClient(baseUrl, 'owner@example.com');
  const stranger = await signedUpClient(baseUrl, 'stranger@example.com');
  return { owner: owner.client, ownerId: owner.id, stranger: stranger.client, strangerId: stranger.id };
}
