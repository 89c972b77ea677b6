/** The AI services blocks call: OpenAI-compatible chat completions, Anthropic's messages API. */
export type AiProvider =
  'openai' | 'mistral' | 'groq' | 'together-ai' | 'open-router' | 'deepseek' | 'perplexity' | 'anthropic';

export interface AiMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

/** A completion a block asks for; the service adds the API key of the credentials (bot's workspace only). */
export interface AiChatRequest {
  provider: AiProvider;
  /**
   * `chat`: chat completions (messages for Anthropic); `responses`: OpenAI's
   * Responses API (Ask Model); `transcription`: speech to text of `audioUrl`;
   * `speech`: text to speech of `input` (the answer's text is the audio's URL).
   */
  api: 'chat' | 'responses' | 'transcription' | 'speech';
  credentialsId: string;
  /** The block's own base URL; the credentials' one wins (as the reference), then the provider's default. */
  baseUrl?: string;
  /** Azure OpenAI's `api-version` query parameter. */
  apiVersion?: string;
  model: string;
  messages: AiMessage[];
  temperature?: number;
  maxTokens?: number;
  /** Ask for a JSON object of this JSON schema (Generate variables). */
  jsonSchema?: Record<string, unknown>;
  /** Responses API: the conversation to continue, and the instructions. */
  previousResponseId?: string;
  instructions?: string;
  /** Transcription: the audio file (downloaded through the outbound guard) and a prompt guiding the model. */
  audioUrl?: string;
  prompt?: string;
  /** Speech: the text, the voice, and how to say it. */
  input?: string;
  voice?: string;
}

export interface AiUsage {
  totalTokens?: number;
  promptTokens?: number;
  completionTokens?: number;
}
