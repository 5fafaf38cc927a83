/**
 * A fetch for uploads that reports how many bytes have gone: fetch itself cannot say (a request
 * body that streams needs HTTP/2, which a server on plain HTTP/1.1 does not speak), so the request
 * ky built is sent with XMLHttpRequest, whose upload events count the bytes. Headers, body, signal
 * (ky's timeout and the caller's cancel) and the reply are the same as with fetch.
 */
export type UploadProgress = (sent: number, total: number) => void;

function headersOf(raw: string): Headers {
  const headers = new Headers();
  for (const line of raw.trim().split(/[\r\n]+/)) {
    const at = line.indexOf(':');
    if (at > 0) headers.append(line.slice(0, at).trim(), line.slice(at + 1).trim());
  }
  return headers;
}

export function fetchReportingUpload(onProgress: UploadProgress): typeof fetch {
  return async (input, init) => {
    const request = input instanceof Request ? input : new Request(input, init);
    const body = request.method === 'GET' || request.method === 'HEAD' ? null : await request.blob();
    const signal = init?.signal ?? request.signal;
    return new Promise<Response>((resolve, reject) => {
      const aborted = () => reject(signal?.reason ?? new DOMException('The upload was cancelled', 'AbortError'));
      if (signal?.aborted) return aborted();
      const xhr = new XMLHttpRequest();
      xhr.open(request.method, request.url);
      xhr.responseType = 'blob';
      xhr.withCredentials = request.credentials === 'include';
      request.headers.forEach((value, name) => xhr.setRequestHeader(name, value));
      xhr.upload.onprogress = (event) => {
        if (event.lengthComputable) onProgress(event.loaded, event.total);
      };
      xhr.onload = () => {
        // A reply without a body (204, 304) may not be given one.
        const empty = xhr.status === 204 || xhr.status === 304;
        resolve(new Response(empty ? null : (xhr.response as Blob), { status: xhr.status, statusText: xhr.statusText, headers: headersOf(xhr.getAllResponseHeaders()) }));
      };
      xhr.onerror = () => reject(new TypeError('Failed to fetch'));
      xhr.onabort = aborted;
      signal?.addEventListener('abort', () => xhr.abort(), { once: true });
      xhr.send(body);
    });
  };
}
