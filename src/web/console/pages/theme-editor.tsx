import { useEffect, useId, useMemo, useRef } from 'react';
import { h } from '../../dom';
import { applyTheme, STYLES } from '../../theme';
import {
  THEME_DEFAULTS,
  themeVersionOf,
  visibleLowContrast,
  type ThemeDefaults,
} from '../../../engine/shapes/theme-defaults';
import { lowContrastMessage } from '../../../engine/shapes/theme-contrast';
import { AvatarUpload } from './avatar-upload';
import type { BotDefinition } from '../bot-definition';
import { ColorField } from './color-field';
import { useDraftContext } from './draft-context';
import { CheckField, SelectField, TextAreaField } from './draft-fields';
import { DraftForm, Section } from './draft-form';
import { isRecord, type Json } from './draft-path';
import { ShapedTextField } from './shaped-fields';
import { previewImages, type PreviewImages, type WithheldImage } from './theme-preview-images';
import { useDraft } from './use-draft';

// The bot's theme (Typebot v6 keys), with the chat client's own defaults for
// the bot's definition version as placeholders, and a preview drawn by the
// chat client's own styles: what visitors will see, before it is saved.

const ROUNDNESS = [
  { value: 'none', label: 'None' },
  { value: 'medium', label: 'Medium' },
  { value: 'large', label: 'Large' },
] as const;

const BACKGROUNDS = [
  { value: 'Color', label: 'Colour' },
  { value: 'Image', label: 'Image' },
  { value: 'None', label: 'None (transparent)' },
] as const;

type Background = (typeof BACKGROUNDS)[number]['value'];

const URL_SHAPE = { shape: 'url' } as const;
const LENGTH_SHAPE = { shape: 'length' } as const;

/**
 * Under a section's colours: the pairs of them (set or default) whose text is
 * hard to read on its background, said in words. A warning, not a refusal.
 */
function ContrastWarning({ pairs, defaults }: { pairs: readonly string[]; defaults: ThemeDefaults }) {
  const draft = useDraftContext();
  const low = visibleLowContrast(draft.value, undefined, defaults).filter((each) => pairs.includes(each.pair.label));
  return (
    <p className="contrast-warning wide" role="status" hidden={low.length === 0}>
      {low.map((each) => `${lowContrastMessage(each)}.`).join(' ')}
    </p>
  );
}

/** general.font: a name (older exports) or { type: 'Google', family } (v6); either is edited as the family. */
function FontField({ fallback }: { fallback: string }) {
  const draft = useDraftContext();
  const id = useId();
  const font = draft.get(['general', 'font']);
  const family = typeof font === 'string' ? font : isRecord(font) && typeof font.family === 'string' ? font.family : '';
  const change = (next: string) => {
    if (next === '') draft.set(['general', 'font'], undefined);
    else if (typeof font === 'string') draft.set(['general', 'font'], next);
    else draft.set(['general', 'font'], { type: 'Google', ...(isRecord(font) ? font : {}), family: next });
  };
  return (
    <div className="field">
      <label htmlFor={id}>Font family</label>
      <input
        id={id}
        value={family}
        placeholder={fallback}
        onChange={(event) => change(event.target.value)}
        aria-describedby={`${id}-hint`}
      />
      <small id={`${id}-hint`} className="hint">
        Used when the visitor’s device has it; otherwise the system font.
      </small>
    </div>
  );
}

/** general.background: its type decides what `content` is (a colour or an image URL), so changing it clears the content. */
function BackgroundFields({ fallback }: { fallback: string }) {
  const draft = useDraftContext();
  const id = useId();
  const raw = draft.get(['general', 'background', 'type']);
  const type: Background = BACKGROUNDS.some((each) => each.value === raw) ? (raw as Background) : 'Color';
  return (
    <>
      <div className="field">
        <label htmlFor={id}>Background</label>
        <select
          id={id}
          value={type}
          onChange={(event) =>
            draft.set(['general', 'background'], {
              ...((draft.get(['general', 'background']) as Json | undefined) ?? {}),
              type: event.target.value,
              content: undefined,
            })
          }
        >
          {BACKGROUNDS.map((each) => (
            <option key={each.value} value={each.value}>
              {each.label}
            </option>
          ))}
        </select>
      </div>
      {type === 'Color' && (
        <ColorField label="Background colour" path={['general', 'background', 'content']} fallback={fallback} />
      )}
      {type === 'Image' && (
        <ShapedTextField
          label="Background image URL"
          path={['general', 'background', 'content']}
          rule={URL_SHAPE}
          placeholder="https://…"
        />
      )}
    </>
  );
}

/** Shown beside a switch's other fields only when it is on (or unset and on by default). */
function enabled(
  draft: { get(path: readonly string[]): unknown },
  path: readonly string[],
  fallback: boolean,
): boolean {
  const value = draft.get(path);
  return typeof value === 'boolean' ? value : fallback;
}

function AvatarFields({
  botId,
  who,
  path,
  fallback,
}: {
  botId: string;
  who: string;
  path: readonly string[];
  fallback: boolean;
}) {
  const draft = useDraftContext();
  return (
    <>
      <CheckField label={`Show the ${who} avatar`} path={[...path, 'isEnabled']} fallback={fallback} />
      {enabled(draft, [...path, 'isEnabled'], fallback) && (
        <>
          <ShapedTextField
            label={`${who[0]!.toUpperCase()}${who.slice(1)} avatar URL`}
            path={[...path, 'url']}
            rule={URL_SHAPE}
            placeholder="https://…"
            hint={who === 'bot' ? 'Empty: a default robot picture.' : 'Shown only with a picture URL.'}
            wide
          />
          <AvatarUpload botId={botId} who={who} onUploaded={(url) => draft.set([...path, 'url'], url)} />
        </>
      )}
    </>
  );
}

function ProgressFields({ defaults }: { defaults: { color: string; background: string } }) {
  const draft = useDraftContext();
  return (
    <>
      <CheckField label="Show a progress bar" path={['general', 'progressBar', 'isEnabled']} fallback={false} />
      {enabled(draft, ['general', 'progressBar', 'isEnabled'], false) && (
        <>
          <ColorField label="Progress colour" path={['general', 'progressBar', 'color']} fallback={defaults.color} />
          <ColorField
            label="Progress track colour"
            path={['general', 'progressBar', 'backgroundColor']}
            fallback={defaults.background}
          />
        </>
      )}
    </>
  );
}

/** A short conversation in the chat client's own markup (src/web/chat.ts, the inputs' widgets), styled as visitors see it. */
function sampleConversation(theme: Json, avatars: PreviewImages['avatars']): HTMLElement {
  const row = (role: 'host' | 'guest', text: string, hideAvatar = false) => {
    const picture = avatars[role];
    const avatar = picture
      ? h('img', { src: picture, alt: '', className: 'parley-avatar', 'data-hidden': hideAvatar })
      : undefined;
    return h(
      'div',
      { className: `parley-row parley-row-${role}` },
      avatar,
      h('div', { className: `parley-bubble parley-${role}` }, h('p', {}, text)),
    );
  };
  const progressBar = isRecord(theme.general) && isRecord(theme.general.progressBar) ? theme.general.progressBar : {};
  const progress = h('div', { className: 'parley-progress', hidden: progressBar.isEnabled !== true });
  progress.style.setProperty('--parley-progress', '40%');
  const chat = h(
    'div',
    { className: 'parley-chat' },
    row('host', 'Hi there!', true),
    row('host', 'Which plan are you interested in?'),
    row('guest', 'The team plan'),
    row('host', 'Great choice! What is your e-mail address?'),
  );
  const choices = h(
    'div',
    { className: 'parley-choice-input' },
    h(
      'div',
      { className: 'parley-choices' },
      h('button', { type: 'button', className: 'parley-choice' }, 'Yes'),
      h('button', { type: 'button', className: 'parley-choice' }, 'Later'),
    ),
  );
  const input = h(
    'div',
    { className: 'parley-input-row' },
    h('input', { className: 'parley-field', type: 'email', placeholder: 'Type your email...', 'aria-label': 'E-mail' }),
    h('button', { type: 'button', className: 'parley-button' }, 'Send'),
  );
  const column = h(
    'div',
    { className: 'parley-column' },
    chat,
    h('div', { className: 'parley-input' }, choices),
    h('div', { className: 'parley-input' }, input),
  );
  return h('div', { className: 'parley-root' }, progress, h('div', { className: 'parley-scroll' }, column));
}

/**
 * The preview, redrawn on every change (applyTheme appends the custom CSS, and
 * the avatars change the rows). Inert: a picture of the chat, not a chat.
 * Images at addresses a bot author chose show as placeholders, listed under it.
 */
function ThemePreview({ theme, version }: { theme: Json; version: unknown }) {
  const host = useRef<HTMLDivElement>(null);
  const images = useMemo(() => previewImages(theme, version), [theme, version]);
  useEffect(() => {
    const element = host.current;
    if (!element) return;
    const shadow = element.shadowRoot ?? element.attachShadow({ mode: 'open' });
    element.removeAttribute('style');
    shadow.replaceChildren(h('style', {}, STYLES), sampleConversation(images.theme, images.avatars));
    applyTheme(element, images.theme, shadow, version);
  }, [images, version]);
  return (
    <figure className="theme-preview">
      <figcaption>
        Preview <span className="hint">· as visitors see it, before saving</span>
      </figcaption>
      {/* The frame contains the custom CSS's reach: even `:host { position: fixed }` stays inside it, never over the console. */}
      <div className="theme-preview-chat">
        <div ref={host} className="theme-preview-host" data-theme-preview inert />
      </div>
      <WithheldImages images={images.withheld} />
    </figure>
  );
}

/** The images the preview leaves out, with their addresses: where to see them. */
function WithheldImages({ images }: { images: WithheldImage[] }) {
  if (images.length === 0) return null;
  return (
    <div className="withheld-images">
      <p className="hint">
        Images from other sites are not loaded in the console, so their owners do not learn who opens it. The Test tab
        and the bot’s page show them.
      </p>
      <ul>
        {images.map((image) => (
          <li key={image.what}>
            {image.what}: <span className="withheld-url">{image.url}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}

export function ThemeEditor({
  bot,
  editable,
  onSaved,
}: {
  bot: BotDefinition;
  editable: boolean;
  onSaved: () => void;
}) {
  const state = useDraft(bot, 'theme', editable, onSaved);
  const version = themeVersionOf(bot.version);
  const defaults = THEME_DEFAULTS[version];
  return (
    <div className="theme-editor">
      <DraftForm state={state} what="theme" label="Theme" className="theme-form">
        <p className="hint">An empty field shows, greyed, what visitors see when it is left empty.</p>
        <Section title="General">
          <FontField fallback={defaults.font} />
          <ShapedTextField
            label="Chat width (max)"
            path={['chat', 'container', 'maxWidth']}
            rule={LENGTH_SHAPE}
            placeholder={defaults.containerMaxWidth}
            hint="A CSS length, e.g. 800px or 100%."
          />
          <BackgroundFields fallback={defaults.background} />
          <SelectField label="Roundness" path={['chat', 'roundness']} options={ROUNDNESS} fallback="medium" />
          <ProgressFields defaults={{ color: defaults.progressColor, background: defaults.progressBackground }} />
        </Section>
        <Section title="Bot bubbles" compact>
          <ColorField
            group="Bot bubbles"
            label="Background"
            path={['chat', 'hostBubbles', 'backgroundColor']}
            fallback={defaults.host.background}
          />
          <ColorField
            group="Bot bubbles"
            label="Text"
            path={['chat', 'hostBubbles', 'color']}
            fallback={defaults.host.color}
          />
          <ContrastWarning pairs={['Bot bubbles']} defaults={defaults} />
        </Section>
        <Section title="Visitor bubbles" compact>
          <ColorField
            group="Visitor bubbles"
            label="Background"
            path={['chat', 'guestBubbles', 'backgroundColor']}
            fallback={defaults.guest.background}
          />
          <ColorField
            group="Visitor bubbles"
            label="Text"
            path={['chat', 'guestBubbles', 'color']}
            fallback={defaults.guest.color}
          />
          <ContrastWarning pairs={['Visitor bubbles']} defaults={defaults} />
        </Section>
        <Section title="Buttons" compact>
          <ColorField
            group="Buttons"
            label="Background"
            path={['chat', 'buttons', 'backgroundColor']}
            fallback={defaults.buttons.background}
          />
          <ColorField
            group="Buttons"
            label="Text"
            path={['chat', 'buttons', 'color']}
            fallback={defaults.buttons.color}
          />
          <ContrastWarning pairs={['Buttons']} defaults={defaults} />
        </Section>
        <Section title="Inputs" compact>
          <ColorField
            group="Inputs"
            label="Background"
            path={['chat', 'inputs', 'backgroundColor']}
            fallback={defaults.inputs.background}
          />
          <ColorField group="Inputs" label="Text" path={['chat', 'inputs', 'color']} fallback={defaults.inputs.color} />
          <ColorField
            group="Inputs"
            label="Placeholder"
            path={['chat', 'inputs', 'placeholderColor']}
            fallback={defaults.inputs.placeholder}
          />
          <ContrastWarning pairs={['Inputs', 'Input placeholder']} defaults={defaults} />
        </Section>
        <Section title="Avatars">
          <AvatarFields botId={bot.id} who="bot" path={['chat', 'hostAvatar']} fallback={defaults.hostAvatar} />
          <AvatarFields botId={bot.id} who="visitor" path={['chat', 'guestAvatar']} fallback={defaults.guestAvatar} />
        </Section>
        <Section
          title="Custom CSS"
          hint="Added after the chat’s own styles, inside its shadow root (.parley-host, .parley-guest, .parley-button…)."
        >
          <TextAreaField label="CSS" path={['customCss']} placeholder=".parley-bubble { letter-spacing: .01em; }" />
        </Section>
      </DraftForm>
      <ThemePreview theme={state.draft.value} version={bot.version} />
    </div>
  );
}
