import type http from 'node:http';
import type { Socket } from 'node:net';

/** What Node's HTTP parser refuses before any route runs, by its error code: status and words. */
const REFUSALS: Record<string, [number, string, string]> = {
  HPE_HEADER_OVERFLOW: [431, 'Request Header Fields Too Large', 'The request line or headers are too large.'],
  HPE_CHUNK_EXTENSIONS_OVERFLOW: [413, 'Payload Too Large', 'Request body is too large.'],
  ERR_HTTP_REQUEST_TIMEOUT: [408, 'Request Timeout', 'The request took too long to arrive.'],
};

/**
 * A request Node's parser refuses (a 20,000-character address, malformed HTTP) is answered in the API's error shape,
 * `{detail}` as JSON, with the status Node would give (431, 413, 408, else 400), instead of Node's empty answer.
 */
export function answerClientErrorsInErrorShape(server: http.Server): void {
  server.on('clientError', (error: Error & { code?: string }, socket: Socket) => {
    if (error.code === 'ECONNRESET' || !socket.writable) {
      socket.destroy();
      return;
    }
    const [status, reason, detail] = REFUSALS[error.code ?? ''] ?? [400, 'Bad Request', 'Malformed request.'];
    const body = JSON.stringify({ detail });
    socket.end(
      `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
        `X-Content-Type-Options: nosniff\r\nConnection: close\r\n\r\n${body}`,
    );
  });
}
