/** An HTTP request a block wants sent (through the outbound guard). */
export interface HttpRequestSpec {
  url: string;
  method: string;
  headers: Record<string, string>;
  /** Absent for GET. */
  body?: string;
}

/** An HTTP answer as blocks see it: the status and the body, JSON-parsed when it is JSON. */
export interface HttpResponseData {
  statusCode: number;
  data: unknown;
}
