// The engine's contracts: what it asks of the outside world, as types the
// sandbox and the integrations implement. The only part of the engine those
// layers may import (types only, see .dependency-cruiser.cjs), so nothing here
// imports the rest of the engine.
export type { AiChatRequest, AiMessage, AiProvider, AiUsage } from './ai';
export type { CodeRequest, CodeResult, CodeRunner } from './code-runner';
export type { EmailSpec, SendEmailOutcome } from './email';
export type { HttpRequestSpec, HttpResponseData } from './http-request';
