import { useEffect, useRef, useState } from 'react';
import { normalisedOrigin, ORIGIN_SHAPE } from '../../../engine/shapes/origins';
import { chatOrigin } from '../api/client';
import type { BotDefinition } from '../bot-definition';
import { useDraftContext } from './draft-context';
import { CheckField, SelectField, TextAreaField, TextField } from './draft-fields';
import { DraftForm, Section } from './draft-form';
import { setPath, type Json } from './draft-path';
import { BoundedNumberField, ShapedTextField } from './shaped-fields';
import { useDraft } from './use-draft';

// The bot's settings (Typebot v6 keys). Unset values show what the runtime
// does without them (the reference's defaults); keys this form does not know
// (system messages, the messaging apps of the Channels tab…) are saved back as they were.

const STORAGE = [
  { value: 'session', label: 'This tab only (session storage)' },
  { value: 'local', label: 'This browser (local storage)' },
] as const;

const ORIGINS = ['security', 'allowedOrigins'] as const;

/** The origins as stored: rows left empty while editing are dropped, and an empty list means any origin. */
function withoutEmptyOrigins(settings: Json): Json {
  const security = settings.security;
  const origins =
    security && typeof security === 'object' && Array.isArray((security as Json).allowedOrigins)
      ? ((security as Json).allowedOrigins as unknown[])
      : undefined;
  if (!origins) return settings;
  const kept = origins
    .filter((origin) => typeof origin !== 'string' || origin.trim() !== '')
    .map((origin) => (typeof origin === 'string' ? (normalisedOrigin(origin) ?? origin.trim()) : origin));
  return setPath(settings, ORIGINS, kept.length > 0 ? kept : undefined);
}

function AllowedOrigins() {
  const draft = useDraftContext();
  const raw = draft.get(ORIGINS);
  const origins = Array.isArray(raw) ? raw.map((origin) => (typeof origin === 'string' ? origin : String(origin))) : [];
  // Each row's own key, so that what belongs to a row (the DOM input, the focus, whether it was left)
  // goes with it when a row above is removed.
  const keys = useRef<number[]>([]);
  const nextKey = useRef(0);
  while (keys.current.length < origins.length) keys.current.push((nextKey.current += 1));
  keys.current.length = origins.length;
  // A row is judged once the person leaves it, not while they are still typing its address.
  const [left, setLeft] = useState<ReadonlySet<number>>(new Set());
  // The row Add made, to type in at once.
  const [focusRow, setFocusRow] = useState<number | null>(null);
  const list = useRef<HTMLUListElement>(null);
  useEffect(() => {
    if (focusRow === null) return;
    list.current?.querySelectorAll('input')[focusRow]?.focus();
    setFocusRow(null);
  }, [focusRow]);
  const change = (next: string[]) => draft.set(ORIGINS, next);
  const leave = (index: number) => {
    const origin = normalisedOrigin(origins[index] ?? '');
    if (origin && origin !== origins[index]) change(origins.map((each, at) => (at === index ? origin : each)));
    const key = keys.current[index];
    if (key !== undefined) setLeft((previous) => new Set(previous).add(key));
  };
  const remove = (index: number) => {
    const [key] = keys.current.splice(index, 1);
    change(origins.filter((_, at) => at !== index));
    setLeft((previous) => new Set([...previous].filter((each) => each !== key)));
  };
  return (
    <div className="wide origins">
      <p id="origins-hint" className="hint">
        Only pages of these origins may run this bot’s chats (embeds, browser calls to the chat API). None: any origin.
        The bot’s own page ({chatOrigin()}) and the console’s Test preview are always allowed.
      </p>
      {origins.length > 0 && (
        <ul ref={list} className="plain" aria-describedby="origins-hint" aria-label="Allowed origins">
          {origins.map((origin, index) => {
            const key = keys.current[index]!;
            const wrong = left.has(key) && origin.trim() !== '' && !normalisedOrigin(origin);
            return (
              <li key={key} className="origin">
                <div className="row">
                  <input
                    type="url"
                    aria-label={`Allowed origin ${index + 1}`}
                    aria-invalid={wrong || undefined}
                    aria-describedby={wrong ? `origin-error-${index}` : undefined}
                    value={origin}
                    placeholder="https://www.example.com"
                    onChange={(event) => change(origins.map((each, at) => (at === index ? event.target.value : each)))}
                    onBlur={() => leave(index)}
                  />
                  <button
                    type="button"
                    className="secondary"
                    aria-label={`Remove allowed origin ${index + 1}`}
                    onClick={() => remove(index)}
                  >
                    Remove
                  </button>
                </div>
                {wrong && (
                  <small id={`origin-error-${index}`} className="field-error">
                    {ORIGIN_SHAPE}
                  </small>
                )}
              </li>
            );
          })}
        </ul>
      )}
      {draft.editable && (
        <button
          type="button"
          className="secondary"
          // Pressing it leaves the row in hand, whose error then shows above and would move the button
          // from under the pointer before the click: the row is left when the new one takes the focus.
          onMouseDown={(event) => event.preventDefault()}
          onClick={() => {
            change([...origins, '']);
            setFocusRow(origins.length);
          }}
        >
          Add an origin
        </button>
      )}
    </div>
  );
}

function TypingFields() {
  const draft = useDraftContext();
  const on = draft.get(['typingEmulation', 'enabled']) !== false;
  return (
    <>
      <CheckField label="Show the bot typing before each message" path={['typingEmulation', 'enabled']} fallback />
      {on && (
        <>
          {/* Bounds as the server holds them (engine/shapes/theme.ts): a value out of them is not saved. */}
          <BoundedNumberField
            label="Typing speed"
            unit="words/min"
            path={['typingEmulation', 'speed']}
            fallback={400}
            minimum={1}
            step={1}
          />
          <BoundedNumberField
            label="Longest typing"
            unit="seconds"
            path={['typingEmulation', 'maxDelay']}
            fallback={3}
            minimum={0}
            step={0.1}
          />
          <BoundedNumberField
            label="Pause between bubbles"
            unit="seconds"
            path={['typingEmulation', 'delayBetweenBubbles']}
            fallback={0}
            minimum={0}
            maximum={5}
            step={0.1}
          />
          <CheckField
            label="No typing before the first message"
            path={['typingEmulation', 'isDisabledOnFirstMessage']}
            fallback
          />
        </>
      )}
    </>
  );
}

function RememberFields() {
  const draft = useDraftContext();
  // Without its own flag, the runtime reads the legacy "new result on refresh" the other way round.
  const legacy = draft.get(['general', 'isNewResultOnRefreshEnabled']) === false;
  const own = draft.get(['general', 'rememberUser', 'isEnabled']);
  const on = typeof own === 'boolean' ? own : legacy;
  return (
    <>
      <CheckField
        label="Remember the visitor"
        path={['general', 'rememberUser', 'isEnabled']}
        fallback={legacy}
        hint="A visitor coming back continues their conversation instead of starting over."
      />
      {on && (
        <SelectField
          label="Remember for"
          path={['general', 'rememberUser', 'storage']}
          options={STORAGE}
          fallback="session"
        />
      )}
    </>
  );
}

export function SettingsEditor({
  bot,
  editable,
  onSaved,
}: {
  bot: BotDefinition;
  editable: boolean;
  onSaved: () => void;
}) {
  const state = useDraft(bot, 'settings', editable, onSaved, withoutEmptyOrigins);
  return (
    <DraftForm state={state} what="settings" label="Bot settings" className="settings-form">
      <Section title="Typing">
        <TypingFields />
      </Section>
      <Section title="Visitors">
        <RememberFields />
        <CheckField
          label="Prefill inputs from the page address"
          path={['general', 'isInputPrefillEnabled']}
          fallback
          hint="Variables named in the URL’s query (?name=Ada) fill the inputs that save to them."
        />
        <CheckField
          label="Hide the query parameters from the address bar"
          path={['general', 'isHideQueryParamsEnabled']}
          fallback
        />
        <CheckField
          label="Start a new result when the page is reloaded"
          path={['general', 'isNewResultOnRefreshEnabled']}
          fallback
        />
        <CheckField
          label="Show “Made with Parley” under the chat"
          path={['general', 'isBrandingEnabled']}
          fallback={false}
        />
      </Section>
      <Section title="Sharing">
        <CheckField
          label="Public page"
          path={['publicShare', 'isEnabled']}
          fallback
          hint="The bot’s own page on the chat origin; embeds keep working when it is off."
        />
      </Section>
      <Section title="Page metadata" hint="The public page’s title, description and link previews.">
        <TextField label="Title" path={['metadata', 'title']} placeholder={bot.name} />
        <TextField label="Description" path={['metadata', 'description']} />
        <ShapedTextField
          label="Preview image URL"
          path={['metadata', 'imageUrl']}
          rule={{ shape: 'url' }}
          placeholder="https://…"
        />
        <ShapedTextField
          label="Favicon URL"
          path={['metadata', 'favIconUrl']}
          rule={{ shape: 'url' }}
          placeholder="https://…"
        />
        <TextField label="Google Tag Manager ID" path={['metadata', 'googleTagManagerId']} placeholder="GTM-XXXXXXX" />
        <TextAreaField
          label="Custom head code"
          path={['metadata', 'customHeadCode']}
          rows={4}
          placeholder='<script async src="https://…"></script>'
          hint="Runs in a hidden, sandboxed frame of the public page: tracking tags send their hits, but get no cookies or storage and cannot change the page. Needs a paid plan: on the free plan the server leaves it out."
        />
      </Section>
      <Section title="Security">
        <AllowedOrigins />
      </Section>
    </DraftForm>
  );
}
