import type { Transport, TransportSendOptions } from '@modelcontextprotocol/sdk/shared/transport.js';
import {
  ErrorCode,
  isJSONRPCRequest,
  type JSONRPCMessage,
  type MessageExtraInfo,
} from '@modelcontextprotocol/sdk/types.js';

/** What a request is answered with once the credentials are gone: a JSON-RPC error with the API's error object as its data. */
export interface Refusal {
  code: number;
  message: string;
  data: { code: string; message: string; issues: unknown[] };
}

export interface RequestGuard {
  /** Whether the session may still act: asked before each request reaches the server. */
  stillValid(): Promise<boolean>;
  refusal: Refusal;
  /** Called once, after the first refusal has been written. */
  onGone(): void;
  /** `stillValid` failed (the database unreachable): that request is refused, the session goes on. */
  onCheckFailed(error: unknown): void;
}

/**
 * A transport whose requests (tool calls, resource reads, prompts, lists)
 * reach the server only while `guard.stillValid()` holds. Over HTTP every
 * request brings its credentials; a stdio session has them once, at its
 * start, so without this a revoked token would keep acting until the
 * assistant restarts. Messages are handed on in the order they came (a
 * cancellation never overtakes its request); notifications and responses are
 * not checked, as they make the server do nothing for anyone.
 */
export class GuardedTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: <T extends JSONRPCMessage>(message: T, extra?: MessageExtraInfo) => void;
  private pending: Promise<void> = Promise.resolve();
  private gone = false;

  constructor(
    private readonly inner: Transport,
    private readonly guard: RequestGuard,
  ) {
    inner.onclose = () => this.onclose?.();
    inner.onerror = (error) => this.onerror?.(error);
    inner.onmessage = (message, extra) => {
      this.pending = this.pending
        .then(() => this.admit(message, extra))
        // A failed write must not stop the messages after it.
        .catch((error: unknown) => this.onerror?.(error instanceof Error ? error : new Error(String(error))));
    };
  }

  start(): Promise<void> {
    return this.inner.start();
  }

  send(message: JSONRPCMessage, options?: TransportSendOptions): Promise<void> {
    return this.inner.send(message, options);
  }

  close(): Promise<void> {
    return this.inner.close();
  }

  setProtocolVersion(version: string): void {
    this.inner.setProtocolVersion?.(version);
  }

  private async admit(message: JSONRPCMessage, extra?: MessageExtraInfo): Promise<void> {
    if (!isJSONRPCRequest(message)) return this.onmessage?.(message, extra);
    let valid: boolean;
    try {
      valid = !this.gone && (await this.guard.stillValid());
    } catch (error) {
      // Not knowing is not a yes.
      this.guard.onCheckFailed(error);
      return this.inner.send({
        jsonrpc: '2.0',
        id: message.id,
        error: { code: ErrorCode.InternalError, message: 'Could not check the API token: try again' },
      });
    }
    if (valid) return this.onmessage?.(message, extra);
    await this.inner.send({ jsonrpc: '2.0', id: message.id, error: this.guard.refusal }).catch(() => undefined);
    if (this.gone) return;
    this.gone = true;
    this.guard.onGone();
  }
}
