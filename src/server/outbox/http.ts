/**
 * One POST of JSON over HTTPS (node:https, no new dependency; plain http only to a local receiver
 * outside production, decision 091), bounded in time and size: the
 * destinations' only way out. A keep-alive agent per destination; tests pass one that trusts their
 * self-signed stand-in. Resolves with the status, headers and at most 64 KB of the body; rejects on
 * a network error, a timeout or an abort (the caller retries).
 */
import { Agent, request, type AgentOptions } from "node:https";
import { request as plainRequest, type IncomingHttpHeaders } from "node:http";

export interface HttpAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

export interface PostOptions {
  agent?: Agent;
  timeoutMs?: number;
  signal?: AbortSignal;
}

export const DEFAULT_TIMEOUT_MS = 10_000;
const MAX_ANSWER_BYTES = 64 * 1024;

export const keepAliveAgent = (options: AgentOptions = {}) => new Agent({ keepAlive: true, maxSockets: 4, ...options });

export function postJson(
  url: string,
  body: string,
  headers: Record<string, string>,
  { agent, timeoutMs = DEFAULT_TIMEOUT_MS, signal }: PostOptions = {},
): Promise<HttpAnswer> {
  // Plain http only reaches here for a receiver on this machine outside production (settings.ts).
  const plain = url.startsWith("http:");
  return new Promise((resolve, reject) => {
    const req = (plain ? plainRequest : request)(
      url,
      {
        method: "POST",
        agent: plain ? undefined : agent,
        signal,
        timeout: timeoutMs,
        headers: {
          "Content-Type": "application/json",
          "Content-Length": String(Buffer.byteLength(body)),
          "User-Agent": "xia-site-outbox",
          ...headers,
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        res.on("data", (chunk: Buffer) => {
          if (size < MAX_ANSWER_BYTES) chunks.push(chunk);
          size += chunk.length;
        });
        res.on("end", () => {
          clearTimeout(whole);
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks).subarray(0, MAX_ANSWER_BYTES).toString("utf8"),
          });
        });
        res.on("error", fail);
      },
    );
    // `timeout` is idle time on the socket; this bounds the whole exchange.
    const whole = setTimeout(() => req.destroy(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
    function fail(error: Error) {
      clearTimeout(whole);
      reject(error);
    }
    req.on("timeout", () => req.destroy(new Error(`no answer within ${timeoutMs} ms`)));
    req.on("error", fail);
    req.end(body);
  });
}

/** A network error in a line for `last_error`: its code and message, never a stack. */
export function describeError(error: unknown): string {
  const e = error as { code?: string; message?: string };
  return [e.code, e.message].filter(Boolean).join(": ").slice(0, 300) || "unknown error";
}
