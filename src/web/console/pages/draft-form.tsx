import { createContext, useContext, useEffect, useId, useState, type FormEvent, type ReactNode } from 'react';
import { ApiError, request } from '../api/client';
import { BotDefinitionDocument, UpdateBotDraftDocument } from '../api/generated';
import { ErrorNote, useAction } from '../ui';
import type { BotDefinition } from '../bot-definition';

// The theme and settings editors edit one object of the draft (Typebot v6
// keys) and save it whole: keys the form does not show are kept as stored.
// Saves carry the draftVersion they were made on, so a save over someone
// else's is refused (CONFLICT) and the editor asks what to do.

export type Json = { [key: string]: unknown };
export type DraftKey = 'theme' | 'settings';

export const isRecord = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export function getPath(value: Json, path: readonly string[]): unknown {
  let current: unknown = value;
  for (const key of path) current = isRecord(current) ? current[key] : undefined;
  return current;
}

/**
 * `value` with `next` at `path` (objects copied along the way). `undefined`
 * removes the key, so the runtime's default applies again; objects left empty
 * by that removal go too.
 */
export function setPath(value: Json, path: readonly string[], next: unknown): Json {
  const [key, ...rest] = path;
  if (key === undefined) return value;
  const copy = { ...value };
  const inner = rest.length === 0 ? next : setPath(isRecord(value[key]) ? value[key] : {}, rest, next);
  if (inner === undefined || (rest.length > 0 && isRecord(inner) && Object.keys(inner).length === 0)) delete copy[key];
  else copy[key] = inner;
  return copy;
}

const storedOf = (bot: Pick<BotDefinition, DraftKey>, key: DraftKey): Json => {
  const stored = bot[key];
  return isRecord(stored) ? stored : {};
};

export interface Draft {
  value: Json;
  get(path: readonly string[]): unknown;
  set(path: readonly string[], next: unknown): void;
  editable: boolean;
}

const DraftContext = createContext<Draft | null>(null);

function useDraftContext(): Draft {
  const draft = useContext(DraftContext);
  if (!draft) throw new Error('a draft field outside a DraftForm');
  return draft;
}

/**
 * The edited object, its save and what happens when the save meets another
 * one. `onSaved` refreshes the bot page (its "changes not published" state);
 * `prepare` tidies what the form holds while editing (empty list rows) into what is stored.
 */
export function useDraft(
  bot: BotDefinition,
  key: DraftKey,
  editable: boolean,
  onSaved: () => void,
  prepare: (value: Json) => Json = (value) => value,
) {
  const [base, setBase] = useState(() => ({ value: storedOf(bot, key), version: bot.draftVersion }));
  const [value, setValue] = useState<Json>(base.value);
  const [conflict, setConflict] = useState(false);
  const [saved, setSaved] = useState(false);
  const dirty = JSON.stringify(value) !== JSON.stringify(base.value);
  const adopt = (stored: Json, version: number) => {
    setBase({ value: stored, version });
    setValue(stored);
    setConflict(false);
  };
  // The page reloaded the bot after another change (a publish, another tab's save): taken in unless the form holds edits.
  useEffect(() => {
    if (bot.draftVersion !== base.version && !dirty) adopt(storedOf(bot, key), bot.draftVersion);
  }, [bot.draftVersion]);

  const save = useAction(async (overwrite: boolean) => {
    try {
      const { updateBot } = await request(UpdateBotDraftDocument, {
        botId: bot.id,
        bot: { [key]: prepare(value) },
        expectedVersion: overwrite ? undefined : base.version,
      });
      adopt(storedOf(updateBot, key), updateBot.draftVersion);
      setSaved(true);
      onSaved();
    } catch (error) {
      if (error instanceof ApiError && error.code === 'CONFLICT') setConflict(true);
      else throw error;
    }
  });
  const reload = useAction(async () => {
    const { bot: fresh } = await request(BotDefinitionDocument, { botId: bot.id });
    adopt(storedOf(fresh, key), fresh.draftVersion);
    setSaved(false);
    onSaved();
  });
  const draft: Draft = {
    value,
    editable,
    get: (path) => getPath(value, path),
    set: (path, next) => {
      setValue((previous) => setPath(previous, path, next));
      setSaved(false);
    },
  };
  return { draft, dirty, saved, conflict, save, reload };
}

type DraftState = ReturnType<typeof useDraft>;

/** The form around an editor's sections: its save bar, the conflict's choices, read-only for guests. */
export function DraftForm({
  state,
  what,
  label,
  className,
  children,
}: {
  state: DraftState;
  what: string;
  label: string;
  className?: string;
  children: ReactNode;
}) {
  const { draft, dirty, saved, conflict, save, reload } = state;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void save.run(false);
  };
  return (
    <DraftContext.Provider value={draft}>
      <form className={`draft-form${className ? ` ${className}` : ''}`} aria-label={label} onSubmit={submit}>
        {!draft.editable && (
          <p className="hint">
            You can look at this bot’s {what}; a member or an admin of the workspace can change it.
          </p>
        )}
        {/* A disabled fieldset disables every field in it: guests read the form as it is. */}
        <fieldset className="draft-fields" disabled={!draft.editable}>
          {children}
        </fieldset>
        {draft.editable && (
          // With something to save or to decide, kept in view at the bottom of the window, where the Save button is.
          <div className={dirty || conflict || save.error || reload.error ? 'save-bar pending' : 'save-bar'}>
            {conflict && (
              <div role="alert" className="conflict">
                <p>
                  <strong>Someone else saved this bot while you were editing.</strong> Reload to see the saved {what}{' '}
                  (your changes here are dropped), or overwrite it with yours.
                </p>
                <div className="row">
                  <button
                    type="button"
                    className="secondary"
                    disabled={reload.pending}
                    onClick={() => void reload.run()}
                  >
                    Reload
                  </button>
                  <button type="button" className="danger" disabled={save.pending} onClick={() => void save.run(true)}>
                    Overwrite
                  </button>
                </div>
              </div>
            )}
            <ErrorNote error={save.error ?? reload.error} />
            <div className="row">
              <button type="submit" disabled={save.pending || !dirty}>
                {save.pending ? 'Saving…' : 'Save'}
              </button>
              <span role="status" className="hint">
                {dirty ? 'Unsaved changes' : saved ? 'Saved to the draft: publish to show it to visitors' : ''}
              </span>
            </div>
          </div>
        )}
      </form>
    </DraftContext.Provider>
  );
}

/** A titled group of fields. */
export function Section({
  title,
  hint,
  compact,
  children,
}: {
  title: string;
  hint?: ReactNode;
  compact?: boolean;
  children: ReactNode;
}) {
  return (
    <fieldset className="draft-section">
      <legend>{title}</legend>
      {hint && <p className="hint">{hint}</p>}
      <div className={compact ? 'draft-grid compact' : 'draft-grid'}>{children}</div>
    </fieldset>
  );
}

const textOf = (value: unknown): string =>
  typeof value === 'string' || typeof value === 'number' ? String(value) : '';

/** A label above its field, with an optional hint under it (outside the label: the field's name stays short). */
function Field({
  id,
  label,
  hint,
  hintId,
  wide,
  children,
}: {
  id: string;
  label: string;
  hint?: string;
  hintId: string;
  wide?: boolean;
  children: ReactNode;
}) {
  return (
    <div className={`field${wide ? ' wide' : ''}`}>
      <label htmlFor={id}>{label}</label>
      {children}
      {hint && (
        <small id={hintId} className="hint">
          {hint}
        </small>
      )}
    </div>
  );
}

export function TextField({
  label,
  path,
  placeholder,
  type = 'text',
  hint,
  wide,
}: {
  label: string;
  path: readonly string[];
  placeholder?: string;
  type?: 'text' | 'url';
  hint?: string;
  wide?: boolean;
}) {
  const draft = useDraftContext();
  const id = useId();
  return (
    <Field id={id} label={label} hint={hint} hintId={`${id}-hint`} wide={wide}>
      <input
        id={id}
        type={type}
        value={textOf(draft.get(path))}
        placeholder={placeholder}
        aria-describedby={hint ? `${id}-hint` : undefined}
        onChange={(event) => draft.set(path, event.target.value === '' ? undefined : event.target.value)}
      />
    </Field>
  );
}

export function NumberField({
  label,
  path,
  fallback,
  min,
  max,
  step,
  unit,
}: {
  label: string;
  path: readonly string[];
  fallback: number;
  min?: number;
  max?: number;
  step?: number;
  unit?: string;
}) {
  const draft = useDraftContext();
  const value = draft.get(path);
  return (
    <label>
      {unit ? `${label} (${unit})` : label}
      <input
        type="number"
        inputMode="decimal"
        value={typeof value === 'number' ? value : ''}
        placeholder={String(fallback)}
        min={min}
        max={max}
        step={step}
        onChange={(event) =>
          draft.set(
            path,
            event.target.value === '' || Number.isNaN(event.target.valueAsNumber)
              ? undefined
              : event.target.valueAsNumber,
          )
        }
      />
    </label>
  );
}

/** A switch whose unset state shows the runtime's default. */
export function CheckField({
  label,
  path,
  fallback,
  hint,
}: {
  label: string;
  path: readonly string[];
  fallback: boolean;
  hint?: string;
}) {
  const draft = useDraftContext();
  const value = draft.get(path);
  const hintId = useId();
  return (
    <div className="check-field wide">
      <label className="check">
        <input
          type="checkbox"
          checked={typeof value === 'boolean' ? value : fallback}
          aria-describedby={hint ? hintId : undefined}
          onChange={(event) => draft.set(path, event.target.checked)}
        />
        {label}
      </label>
      {hint && (
        <small id={hintId} className="hint">
          {hint}
        </small>
      )}
    </div>
  );
}

export function SelectField<T extends string>({
  label,
  path,
  options,
  fallback,
}: {
  label: string;
  path: readonly string[];
  options: readonly { value: T; label: string }[];
  fallback: T;
}) {
  const draft = useDraftContext();
  const value = draft.get(path);
  const current = options.some((option) => option.value === value) ? (value as T) : fallback;
  return (
    <label>
      {label}
      <select value={current} onChange={(event) => draft.set(path, event.target.value)}>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </label>
  );
}

const HEX = /^#[0-9a-f]{6}$/i;
const SHORT_HEX = /^#([0-9a-f])([0-9a-f])([0-9a-f])$/i;

/** The colour picker's value: #rrggbb only, so a short or named colour shows as near as it can. */
function pickerValue(value: string): string {
  if (HEX.test(value)) return value.toLowerCase();
  const short = SHORT_HEX.exec(value);
  return short ? `#${short[1]}${short[1]}${short[2]}${short[2]}${short[3]}${short[3]}`.toLowerCase() : '#000000';
}

/**
 * A colour: the picker and the value as text (any CSS colour; the picker
 * knows only hex). Empty means the runtime's default, shown as the placeholder.
 */
export function ColorField({
  label,
  group,
  path,
  fallback,
}: {
  label: string;
  group?: string;
  path: readonly string[];
  fallback: string;
}) {
  const draft = useDraftContext();
  const id = useId();
  const value = textOf(draft.get(path));
  return (
    <div className="field color-field">
      <label htmlFor={id}>
        {/* Several sections have a "Background": the field's name says whose. */}
        {group && <span className="visually-hidden">{group}: </span>}
        {label}
      </label>
      <div className="color-inputs">
        <input
          type="color"
          aria-label={`${group ? `${group}: ` : ''}${label}, colour picker`}
          value={pickerValue(value || fallback)}
          onChange={(event) => draft.set(path, event.target.value)}
        />
        <input
          id={id}
          type="text"
          spellCheck={false}
          autoComplete="off"
          value={value}
          placeholder={fallback}
          onChange={(event) =>
            draft.set(path, event.target.value.trim() === '' ? undefined : event.target.value.trim())
          }
        />
      </div>
    </div>
  );
}

/** A text area (code: custom CSS, head code), removed from the draft when emptied. */
export function TextAreaField({
  label,
  path,
  placeholder,
  hint,
  rows = 6,
}: {
  label: string;
  path: readonly string[];
  placeholder?: string;
  hint?: string;
  rows?: number;
}) {
  const draft = useDraftContext();
  const id = useId();
  return (
    <Field id={id} label={label} hint={hint} hintId={`${id}-hint`} wide>
      <textarea
        id={id}
        rows={rows}
        spellCheck={false}
        className="code"
        value={textOf(draft.get(path))}
        placeholder={placeholder}
        aria-describedby={hint ? `${id}-hint` : undefined}
        onChange={(event) => draft.set(path, event.target.value === '' ? undefined : event.target.value)}
      />
    </Field>
  );
}

export { useDraftContext };
