import { sendClientLogs, streamMessage, type Json } from './api';
import { runSandboxedScript } from './script-sandbox';
import { injectStartProps } from './start-props';

// What a turn asks the browser to do (clientSideActions): redirect, wait, run
// the bot's script in the sandbox, make its request, stream an AI answer.

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** An http(s) address, or undefined: where a bot may send the visitor. */
function webAddress(raw: string): string | undefined {
  try {
    const url = new URL(raw, location.href);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : undefined;
  } catch {
    return undefined;
  }
}

export interface ActionContext {
  apiHost: string;
  sessionId: string;
  /** A new bot bubble for a streamed answer: the element its text goes in. */
  streamBubble(): HTMLElement;
  scrollToEnd(): void;
  /** The streamed answer, whole, for the remembered transcript. */
  streamed(markdown: string): void;
}

/** Runs `actions`; answers the reply one of them makes for the visitor (a script's result, a request's answer). */
export async function runClientActions(
  actions: Json[],
  after: 'before' | 'after',
  lastBubbleBlockId: string | undefined,
  context: ActionContext,
): Promise<string | undefined> {
  const { apiHost, sessionId } = context;
  let replyToSend: string | undefined;
  for (const action of actions) {
    const isBefore = !action.lastBubbleBlockId;
    if ((after === 'before') !== isBefore && lastBubbleBlockId !== undefined) continue;
    if (action.redirect?.url) {
      // Web addresses only: a javascript: URL would run the bot's code in this page.
      const url = webAddress(String(action.redirect.url));
      if (!url) continue;
      if (action.redirect.isNewTab) window.open(url, '_blank', 'noopener');
      else location.href = url;
    } else if (action.wait) {
      await sleep(Math.max(0, Number(action.wait.secondsToWaitFor) || 0) * 1000);
    } else if (action.scriptToExecute || action.setVariable) {
      const script = (action.scriptToExecute ?? action.setVariable.scriptToExecute) as Json;
      try {
        const args = ((script.args ?? []) as Json[]).map((arg) => ({
          id: String(arg.id),
          value: arg.value as unknown,
        }));
        const result = await runSandboxedScript(String(script.content ?? ''), args);
        if (action.setVariable || action.expectsDedicatedReply) replyToSend = result;
      } catch (error) {
        await sendClientLogs(apiHost, sessionId, [
          { status: 'error', description: 'Script failed', details: String(error) },
        ]).catch(() => undefined);
      }
    } else if (action.httpRequestToExecute) {
      const request = action.httpRequestToExecute as Json;
      try {
        const response = await fetch(request.url, {
          // The bot's request goes out without this page's cookies.
          credentials: 'omit',
          method: request.method ?? 'GET',
          headers: request.headers,
          body: request.body ? JSON.stringify(request.body) : undefined,
        });
        replyToSend = JSON.stringify({ statusCode: response.status, data: await response.text() });
      } catch (error) {
        replyToSend = JSON.stringify({ statusCode: 500, data: String(error) });
      }
    } else if (action.type === 'stream' || action.streamOpenAiChatCompletion) {
      // The AI answer is shown as it is generated, in place of the bubble the server will not send again.
      const shown = context.streamBubble();
      const body = action.streamOpenAiChatCompletion ? { messages: action.streamOpenAiChatCompletion.messages } : {};
      try {
        replyToSend = await streamMessage(apiHost, sessionId, body, (textSoFar) => {
          shown.textContent = textSoFar;
          context.scrollToEnd();
        });
      } catch (error) {
        shown.textContent = error instanceof Error ? error.message : 'The answer could not be streamed.';
        replyToSend = '';
      }
      context.streamed(replyToSend);
    } else if (action.startPropsToInject) {
      // On Parley's own page (the chat origin, which serves the API too), apart from it.
      injectStartProps(action.startPropsToInject as Json, apiHost === location.origin ? 'frame' : 'page');
    }
  }
  return replyToSend;
}
